package sqlextract

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/retrylint/retrylint/analyzers/internal/analysisutil"
	"github.com/retrylint/retrylint/analyzers/internal/localvars"
	"github.com/retrylint/retrylint/analyzers/internal/report"
	"github.com/retrylint/retrylint/sqlcheck"
)

// JoinFact is what a package tells the end of a run about calls that
// cross an interface: the INSERTs its methods run with a parameter's
// fields bound by name, the sequence reads its methods return, and the
// calls of interface methods it makes with a value the execution makes.
// A package that calls Tx.InsertRow does not import the packages whose
// types implement Tx, so no fact can flow from their INSERT to the call:
// the driver hands every package's JoinFact to one join (see
// executionkey.Join). Slices are in source order; the fact is exported
// only when one of them is not empty.
type JoinFact struct {
	Inserts []JoinInsert
	Reads   []JoinRead
	Claims  []JoinClaim
}

func (*JoinFact) AFact() {}

func (f *JoinFact) String() string {
	return fmt.Sprintf("join(inserts=%d, reads=%d, claims=%d)", len(f.Inserts), len(f.Reads), len(f.Claims))
}

// Method names a method as an interface sees it: its name and its
// signature without the receiver and the parameters' names, every type
// written with its package's path, as a hash (a fact holds many).
type Method struct {
	Name, Sig string
}

// JoinInsert is an INSERT a method runs with sqlx's named binding, the
// row a parameter of the method (a struct, a pointer to one, or a slice
// of either): each :name of the INSERT takes the field whose db tag is
// the name, or, untagged, whose name is it in any case with the
// underscores left out (sqlx's default mapper and snake-case mappers).
type JoinInsert struct {
	Method Method
	Recv   string // the receiver's type, as a message names it
	Param  int
	Table  string
	// Keyed are the fields that, made by the execution, make every key
	// of the table made by it: the INSERT, which rejects a second
	// execution when its keys come from the input, appends instead.
	// Empty when no field does: a call that binds such a field is not
	// an execution key for this implementation.
	Keyed []JoinKeyed
	Pos   token.Position
}

// JoinKeyed is a field that keys an INSERT's table.
type JoinKeyed struct {
	Field  string
	Column string // the first key column the field fills
	Key    string // the key, as the schema defines it: PRIMARY KEY (a, b)
	// Merge is set for a conflict key of a merge (ON CONFLICT): any
	// value the execution makes there is an execution key. Otherwise
	// the INSERT appends when the key is made, a create like any other
	// unless the value is a number the same run read (Sequence).
	Merge bool
}

// JoinRead is a method that returns the largest (or the next) number of
// a column, read by its own query: the caller that adds one numbers a
// new row with it.
type JoinRead struct {
	Method Method
	Recv   string
	Result int
	Seq    string // the query's Sequence: max(), count(), max()+1, nextval()
	Pos    token.Position
}

// JoinClaim is a call of an interface method with a value the execution
// makes in a field of an argument: an INSERT that keys on that field
// inserts again on every run.
type JoinClaim struct {
	Method Method
	Callee string // the method as the call names it: sqlplugin.Tx.InsertRow
	Param  int
	Field  string
	Value  string // the value, as the caller writes it
	// Made says how the caller makes it (uuid.New(), max()+1 read by
	// QueryRowContext); "" when the value is a number an interface
	// method returns (Read), plus one when Plus.
	Made string
	// Sequence is set when Made is the number after one the same run
	// read, or Read is.
	Sequence bool
	Read     *Method
	ReadName string // the read's method, as the call names it
	Result   int
	Plus     bool
	// Pos and End locate the value; End's file is Pos's, left out.
	Pos, End token.Position
}

// methodOf returns how an interface names fn.
func methodOf(fn *types.Func) Method {
	sig := fn.Signature()
	var b strings.Builder
	tuple := func(t *types.Tuple, variadic bool) {
		b.WriteByte('(')
		for i := range t.Len() {
			if i > 0 {
				b.WriteString(", ")
			}
			typ := t.At(i).Type()
			if variadic && i == t.Len()-1 {
				b.WriteString("...")
				typ = typ.(*types.Slice).Elem()
			}
			b.WriteString(types.TypeString(typ, nil))
		}
		b.WriteByte(')')
	}
	tuple(sig.Params(), sig.Variadic())
	tuple(sig.Results(), false)
	sum := sha256.Sum256([]byte(b.String()))
	return Method{Name: fn.Name(), Sig: hex.EncodeToString(sum[:12])}
}

// interfaceMethod says whether fn is a method of an interface.
func interfaceMethod(fn *types.Func) bool {
	recv := fn.Signature().Recv()
	return recv != nil && types.IsInterface(recv.Type())
}

// join computes the package's JoinFact and exports it when it holds
// anything.
func (x *extractor) join(sql *sqlcheck.Analyzer, queries []*Query) {
	f := &JoinFact{Inserts: x.joinInserts(sql, queries), Claims: x.joinClaims()}
	if slices.ContainsFunc(queries, sequenceQuery) {
		f.Reads = x.joinReads()
	}
	if len(f.Inserts) > 0 || len(f.Reads) > 0 || len(f.Claims) > 0 {
		x.pass.ExportPackageFact(f)
	}
}

// sequenceQuery says whether a query reads a number to key a new row.
func sequenceQuery(q *Query) bool {
	return q.SQL != nil && len(q.SQL.Statements) == 1 && q.SQL.Statements[0].Sequence != ""
}

// methodDecl returns the method a declaration defines, or nil for a
// function or a declaration without a body.
func (x *extractor) methodDecl(fd *ast.FuncDecl) *types.Func {
	if fd == nil || fd.Recv == nil || fd.Body == nil {
		return nil
	}
	fn, _ := x.pass.TypesInfo.Defs[fd.Name].(*types.Func)
	return fn
}

func (x *extractor) recvName(fn *types.Func) string {
	return types.TypeString(fn.Signature().Recv().Type(), func(p *types.Package) string { return p.Name() })
}

// joinInserts finds the INSERTs the package's methods run with a
// parameter bound by name.
func (x *extractor) joinInserts(sql *sqlcheck.Analyzer, queries []*Query) []JoinInsert {
	var out []JoinInsert
	for _, q := range queries {
		fn := x.methodDecl(q.Enclosing)
		if fn == nil || q.SQL == nil || q.Text == "" || q.Sink == nil || q.Sink.Named == "" || x.schema == nil {
			continue
		}
		// A named binding (the sink's named: key): the one argument
		// after the query.
		at := int(*q.Sink.Query) + 1
		if len(q.Call.Args) != at+1 {
			continue
		}
		param := x.paramOf(q.Enclosing, q.Call.Args[at])
		if param < 0 {
			continue
		}
		row := rowStruct(fn.Signature().Params().At(param).Type())
		if row == nil {
			continue
		}
		var orig *sqlcheck.Result
		for i, st := range q.SQL.Statements {
			if st.Kind != sqlcheck.KindInsert || st.Definition == nil {
				continue
			}
			fields := map[int]string{}
			var names []string
			for _, kv := range st.Inserted {
				if kv.Source != sqlcheck.SourcePlaceholder || kv.Name == "" {
					continue
				}
				if name := fieldFor(row, q.Sink.Named, kv.Name); name != "" {
					fields[kv.Placeholder] = name
					if !slices.Contains(names, name) {
						names = append(names, name)
					}
				}
			}
			if len(fields) == 0 {
				continue
			}
			if orig == nil {
				orig = sql.AnalyzeDialect(q.Text, x.dialect(q))
			}
			if i >= len(orig.Statements) {
				continue
			}
			ins := JoinInsert{Method: methodOf(fn), Recv: x.recvName(fn), Param: param, Table: st.Definition.Name, Pos: x.pass.Fset.Position(q.Call.Pos())}
			if st.Effect == sqlcheck.Replaces {
				for _, k := range st.Keys {
					if name := fields[k.Placeholder]; k.Source == sqlcheck.SourcePlaceholder && name != "" {
						ins.Keyed = append(ins.Keyed, JoinKeyed{Field: name, Column: k.Column, Key: "its conflict key", Merge: true})
					}
				}
			} else if plain := x.schema.JudgeBound(orig, nil); plain.Statements[i].Effect == sqlcheck.Rejects {
				for _, name := range names {
					made := func(n int) string {
						if fields[n] == name {
							return "the caller's " + name
						}
						return ""
					}
					if x.schema.JudgeBound(orig, made).Statements[i].Effect != sqlcheck.Appends {
						continue
					}
					if col, key := keyColumn(st, fields, name); col != "" {
						ins.Keyed = append(ins.Keyed, JoinKeyed{Field: name, Column: col, Key: key})
					}
				}
			}
			out = append(out, ins)
		}
	}
	return out
}

// keyColumn returns the first key column of the statement's table that
// takes the field, with its key.
func keyColumn(st sqlcheck.Statement, fields map[int]string, field string) (string, string) {
	t := st.Definition
	for _, k := range t.Keys {
		if k.Partial || k.Expression {
			continue
		}
		for _, col := range k.Columns {
			for i, kv := range st.Inserted {
				name := kv.Column
				if name == "" && i < len(t.Columns) {
					name = t.Columns[i].Name
				}
				if name == col && kv.Source == sqlcheck.SourcePlaceholder && fields[kv.Placeholder] == field {
					return col, k.String()
				}
			}
		}
	}
	return "", ""
}

// paramOf returns the index of the parameter e names, or -1.
func (x *extractor) paramOf(fd *ast.FuncDecl, e ast.Expr) int {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return -1
	}
	v, ok := x.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok {
		return -1
	}
	if i, ok := localvars.New(x.pass.TypesInfo, fd.Type, nil).Params[v]; ok {
		return i
	}
	return -1
}

// rowStruct returns the struct a named binding reads its names from: t,
// what t points to, or the elements of a slice of either.
func rowStruct(t types.Type) *types.Struct {
	if p, ok := types.Unalias(t).Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	if s, ok := types.Unalias(t).Underlying().(*types.Slice); ok {
		t = s.Elem()
		if p, ok := types.Unalias(t).Underlying().(*types.Pointer); ok {
			t = p.Elem()
		}
	}
	s, _ := types.Unalias(t).Underlying().(*types.Struct)
	return s
}

// fieldFor returns the field of row that a named parameter takes: the one
// whose tag under key is the name (db:"name"), else the one untagged field
// whose name is the parameter's, in any case and with its underscores
// left out; "" when none or several are.
func fieldFor(row *types.Struct, key, param string) string {
	found := ""
	for i := range row.NumFields() {
		f := row.Field(i)
		tag, _, _ := strings.Cut(reflect.StructTag(row.Tag(i)).Get(key), ",")
		switch {
		case tag == param:
			return f.Name()
		case tag == "" && !f.Embedded() && f.Exported() && loose(f.Name()) == loose(param):
			if found != "" {
				return ""
			}
			found = f.Name()
		}
	}
	return found
}

func loose(name string) string {
	return strings.ToLower(strings.ReplaceAll(name, "_", ""))
}

// joinReads finds the package's methods that return a sequence read.
func (x *extractor) joinReads() []JoinRead {
	var out []JoinRead
	for _, f := range x.pass.Files {
		for _, d := range f.Decls {
			fd, _ := d.(*ast.FuncDecl)
			fn := x.methodDecl(fd)
			if fn == nil {
				continue
			}
			returned := x.returned(fd)
			if !slices.ContainsFunc(returned, func(v *types.Var) bool { return v != nil }) {
				continue
			}
			s := localvars.New(x.pass.TypesInfo, fd.Type, fd.Body)
			reads := x.sequenceReads(fd.Body, s)
			for k, v := range returned {
				if r, ok := reads[v]; ok && v != nil {
					out = append(out, JoinRead{Method: methodOf(fn), Recv: x.recvName(fn), Result: k, Seq: r.seq, Pos: x.pass.Fset.Position(r.at)})
				}
			}
		}
	}
	return out
}

// returned returns, for each result of fd, the local variable that
// return statements return in its place (or what it points to: *last),
// the others returning a constant there (return 0, sql.ErrNoRows), or
// nil.
func (x *extractor) returned(fd *ast.FuncDecl) []*types.Var {
	rets := analysisutil.ReturnResults(fd.Body)
	results := x.pass.TypesInfo.Defs[fd.Name].(*types.Func).Signature().Results().Len()
	if len(rets) == 0 || results == 0 {
		return nil
	}
	out := make([]*types.Var, results)
	for k := range results {
		for _, ret := range rets {
			if len(ret) != results {
				out[k] = nil
				break
			}
			e := ast.Unparen(ret[k])
			if tv, ok := x.pass.TypesInfo.Types[e]; ok && (tv.Value != nil || tv.IsNil()) {
				continue
			}
			if star, ok := e.(*ast.StarExpr); ok {
				e = ast.Unparen(star.X)
			}
			var v *types.Var
			if id, ok := e.(*ast.Ident); ok {
				v, _ = x.pass.TypesInfo.Uses[id].(*types.Var)
			}
			if v == nil || v.Parent() == v.Pkg().Scope() || out[k] != nil && out[k] != v {
				out[k] = nil
				break
			}
			out[k] = v
		}
	}
	return out
}

// joinClaims finds the calls of interface methods whose arguments carry,
// in a field, a value the function running the call makes.
func (x *extractor) joinClaims() []JoinClaim {
	var out []JoinClaim
	scopes := map[*ast.BlockStmt]*localvars.Scope{}
	ignored := report.For(x.pass)
	for _, f := range x.pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				fn, _ := typeutil.Callee(x.pass.TypesInfo, call).(*types.Func)
				if fn == nil || !interfaceMethod(fn) || call.Ellipsis.IsValid() {
					return true
				}
				ftype, body := (&Query{Call: call, Enclosing: fd}).Unit()
				s := scopes[body]
				if s == nil {
					s = localvars.New(x.pass.TypesInfo, ftype, body)
					scopes[body] = s
				}
				for i, arg := range call.Args {
					for _, fv := range x.fieldValues(s, arg, 0) {
						c := x.claim(s, body, fv.value)
						if c == nil || ignored.Ignored("executionkey", fv.value.Pos()) {
							continue // what the join would report there is silenced
						}
						c.Method, c.Callee, c.Param, c.Field = methodOf(fn), analysisutil.Short(x.pass, call.Fun), i, fv.field
						c.Value = types.ExprString(fv.value)
						c.Pos, c.End = x.pass.Fset.Position(fv.value.Pos()), x.pass.Fset.Position(fv.value.End())
						c.End.Filename = "" // Pos's
						out = append(out, *c)
					}
				}
				return true
			})
		}
	}
	return out
}

type fieldValue struct {
	field string
	value ast.Expr
}

// fieldValues returns the values an argument gives the fields of the row
// it is or holds: a struct literal, a pointer to one, a slice literal of
// them, a local variable holding one, or a call of a function of the
// package that returns a struct literal whose fields take its
// parameters (newRow(kind, id+1, body)).
func (x *extractor) fieldValues(s *localvars.Scope, e ast.Expr, depth int) []fieldValue {
	if depth > maxDepth {
		return nil
	}
	info := x.pass.TypesInfo
	switch e := ast.Unparen(e).(type) {
	case *ast.UnaryExpr:
		if e.Op == token.AND {
			return x.fieldValues(s, e.X, depth+1)
		}
	case *ast.Ident:
		v, ok := info.Uses[e].(*types.Var)
		if !ok {
			return nil
		}
		if defs := s.Defs[v]; len(defs) == 1 && defs[0].Index < 0 && !defs[0].Op && !defs[0].Range {
			return x.fieldValues(s, defs[0].Expr, depth+1)
		}
	case *ast.CompositeLit:
		switch t := types.Unalias(info.TypeOf(e)).Underlying().(type) {
		case *types.Slice, *types.Array:
			var out []fieldValue
			for _, elt := range e.Elts {
				if _, ok := elt.(*ast.KeyValueExpr); ok {
					continue
				}
				out = append(out, x.fieldValues(s, elt, depth+1)...)
			}
			return out
		case *types.Struct:
			var out []fieldValue
			for i, elt := range e.Elts {
				if kv, ok := elt.(*ast.KeyValueExpr); ok {
					if id, ok := kv.Key.(*ast.Ident); ok {
						out = append(out, fieldValue{id.Name, kv.Value})
					}
				} else if i < t.NumFields() {
					out = append(out, fieldValue{t.Field(i).Name(), elt})
				}
			}
			return out
		}
	case *ast.CallExpr:
		fn := typeutil.StaticCallee(info, e)
		if fn == nil || fn.Pkg() != x.pass.Pkg || e.Ellipsis.IsValid() {
			return nil
		}
		decl := analysisutil.FuncDecl(x.pass, fn)
		if decl == nil || decl.Body == nil || len(decl.Body.List) == 0 {
			return nil
		}
		ret, ok := decl.Body.List[len(decl.Body.List)-1].(*ast.ReturnStmt)
		if !ok || len(ret.Results) != 1 {
			return nil
		}
		inner := localvars.New(info, decl.Type, nil)
		var out []fieldValue
		for _, fv := range x.fieldValues(inner, ret.Results[0], depth+1) {
			if i := x.paramOf(decl, fv.value); i >= 0 && i < len(e.Args) {
				out = append(out, fieldValue{fv.field, e.Args[i]})
			}
		}
		return out
	}
	return nil
}

// claim says how the function running a call makes a value: as
// ExecutionCall or sequenceValue do, or as the number (plus one) that an
// interface method returns to it, directly or through a function of the
// package. Nil when it does not make it.
func (x *extractor) claim(s *localvars.Scope, body *ast.BlockStmt, e ast.Expr) *JoinClaim {
	if call := analysisutil.ExecutionCall(x.pass, x.rules, s, e); call != nil {
		return &JoinClaim{Made: types.ExprString(call)}
	}
	if how := x.sequenceValue(e, s, body); how != "" {
		return &JoinClaim{Made: how, Sequence: true}
	}
	return x.readOf(s, e, false, 0)
}

// readOf follows a value to an interface method's result it is made
// from: directly, plus a number, converted, through local variables, or
// returned by a function of the package that returns such a result.
func (x *extractor) readOf(s *localvars.Scope, e ast.Expr, plus bool, depth int) *JoinClaim {
	if depth > maxDepth {
		return nil
	}
	info := x.pass.TypesInfo
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		v, ok := info.Uses[e].(*types.Var)
		if !ok {
			return nil
		}
		for _, d := range s.Defs[v] {
			if d.Op || d.Range {
				continue
			}
			if call, ok := ast.Unparen(d.Expr).(*ast.CallExpr); ok {
				if c := x.resultOf(call, max(d.Index, 0), plus, depth+1); c != nil {
					return c
				}
				continue
			}
			if d.Index < 0 {
				if c := x.readOf(s, d.Expr, plus, depth+1); c != nil {
					return c
				}
			}
		}
	case *ast.BinaryExpr:
		if e.Op != token.ADD {
			return nil
		}
		if c := x.readOf(s, e.X, true, depth+1); c != nil {
			return c
		}
		return x.readOf(s, e.Y, true, depth+1)
	case *ast.CallExpr:
		if tv, ok := info.Types[e.Fun]; ok && tv.IsType() && len(e.Args) == 1 {
			return x.readOf(s, e.Args[0], plus, depth+1)
		}
	}
	return nil
}

// resultOf follows result k of a call: an interface method's is a read;
// a function of the package's is what its return statements give there.
func (x *extractor) resultOf(call *ast.CallExpr, k int, plus bool, depth int) *JoinClaim {
	fn, _ := typeutil.Callee(x.pass.TypesInfo, call).(*types.Func)
	if fn == nil {
		return nil
	}
	if interfaceMethod(fn) {
		m := methodOf(fn)
		return &JoinClaim{Read: &m, ReadName: analysisutil.Short(x.pass, call.Fun), Result: k, Plus: plus, Sequence: true}
	}
	if fn.Pkg() != x.pass.Pkg || depth > maxDepth {
		return nil
	}
	decl := analysisutil.FuncDecl(x.pass, fn)
	if decl == nil || decl.Body == nil {
		return nil
	}
	inner := localvars.New(x.pass.TypesInfo, decl.Type, decl.Body)
	var found *JoinClaim
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if found == nil && k < len(n.Results) {
				found = x.readOf(inner, n.Results[k], plus, depth+1)
			}
		}
		return found == nil
	})
	return found
}
