package sqlextract

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/retrylint/retrylint/analyzers/internal/analysisutil"
	"github.com/retrylint/retrylint/analyzers/internal/localvars"
	"github.com/retrylint/retrylint/rules"
	"github.com/retrylint/retrylint/sqlcheck"
)

//go:embed doc.go
var doc string

// Analyzer finds queries with the builtin rules.
var Analyzer = New(rules.Default())

// New returns a sqlextract analyzer that reads r.
func New(r *rules.Rules) *analysis.Analyzer {
	sql := sqlcheck.New(sqlcheck.Options{ExecutionFuncs: r.SQLExecution})
	return &analysis.Analyzer{
		Name:       "sqlextract",
		Doc:        analysisutil.Doc(doc),
		URL:        "https://github.com/retrylint/retrylint/blob/main/docs/rules.md",
		Run:        func(pass *analysis.Pass) (any, error) { return run(pass, r, sql), nil },
		ResultType: reflect.TypeFor[*Result](),
		FactTypes:  []analysis.Fact{new(QueryHelperFact), new(packageFact), new(JoinFact)},
	}
}

// Result is every query of the package, in source order.
type Result struct {
	Queries []*Query
}

// Query is one call that runs SQL.
type Query struct {
	Call      *ast.CallExpr
	Sink      *rules.Sink
	Callee    *types.Func
	Enclosing *ast.FuncDecl
	// Text is the resolved SQL; "" for a call that loads rows without
	// SQL (a copy), whose Table is set instead.
	Text  string
	Table string
	// Literal is the string literal the text is, when it is exactly one
	// and inside the enclosing function: positions in the text map to it.
	Literal *ast.BasicLit
	// SQL is the text's analysis; nil for a copy.
	SQL *sqlcheck.Result
	// Args are the bind arguments: Args[0] is $1. Nil when the call
	// spreads a slice (args...): placeholders cannot be followed.
	Args []ast.Expr
	// Tx is the transaction (or batch) variable the call runs on, if any:
	// statements on one Tx commit together.
	Tx *types.Var
	// Remedy says how to merge with the ORM of an ORM insert, whose Text
	// is the INSERT it runs, written from its model; "" otherwise.
	Remedy string
	// Merge names what makes an ORM insert a merge ("clause.OnConflict").
	Merge string
	// Made says, for placeholder $n, how the call makes the value it
	// binds when the execution makes it (uuid.NewString(), max()+1 read
	// by QueryRowContext), or ""; nil for a query with no bind arguments
	// or no INSERT in its package.
	Made  sqlcheck.Bound
	model *model
	// alternatives are the other texts of a query read with each
	// implementation of an interface method that writes part of it.
	alternatives []string
}

// Unit returns the function that runs the query call and makes its
// values: the innermost function literal around the call (a retry's
// operation, a transaction's function), else the enclosing declaration.
// A value made outside it is the same on every run of it.
func (q *Query) Unit() (*ast.FuncType, *ast.BlockStmt) {
	if q.Enclosing == nil {
		return nil, nil
	}
	ftype, body := q.Enclosing.Type, q.Enclosing.Body
	ast.Inspect(q.Enclosing.Body, func(n ast.Node) bool {
		if n == nil || n.Pos() > q.Call.Pos() || q.Call.End() > n.End() {
			return false
		}
		if lit, ok := n.(*ast.FuncLit); ok {
			ftype, body = lit.Type, lit.Body
		}
		return true
	})
	return ftype, body
}

// Pos returns the position of byte offset off of the query text: inside
// the literal when the text is one literal without escapes, else the
// literal's or the call's start.
func (q *Query) Pos(off int) token.Pos {
	if q.Literal == nil {
		return q.Call.Pos()
	}
	raw := q.Literal.Value
	if off >= 0 && len(raw) >= 2 && raw[1:len(raw)-1] == q.Text {
		return q.Literal.Pos() + 1 + token.Pos(off)
	}
	return q.Literal.Pos()
}

// QueryHelperFact marks a function that runs the SQL text of one of its
// parameters: a call of it is a query, in any package.
type QueryHelperFact struct {
	Query int // the index of the query parameter
	Args  int // the index of the variadic bind-arguments parameter, or -1
	// Named is the sink's named: key when the helper hands the parameter
	// after its query to a named binding, as the argument after the
	// sink's query: the helper binds by name too.
	Named string
}

func (*QueryHelperFact) AFact() {}

func (f *QueryHelperFact) String() string {
	if f.Named != "" {
		return fmt.Sprintf("queryHelper(query=%d, args=%d, named=%s)", f.Query, f.Args, f.Named)
	}
	return fmt.Sprintf("queryHelper(query=%d, args=%d)", f.Query, f.Args)
}

// packageFact says that a package exports query helpers.
type packageFact struct{}

func (*packageFact) AFact()         {}
func (*packageFact) String() string { return "queryHelpers" }

func run(pass *analysis.Pass, r *rules.Rules, sql *sqlcheck.Analyzer) *Result {
	result := new(Result)
	// Fast path: a package that imports no SQL client and no package with
	// query helpers runs no query.
	sinks := r.SinkPackages()
	imports := false
	for _, imp := range pass.Pkg.Imports() {
		if sinks[imp.Path()] || pass.ImportPackageFact(imp, new(packageFact)) {
			imports = true
			break
		}
	}
	if !imports {
		return result
	}
	x := &extractor{pass: pass, rules: r, globals: map[*types.Var]ast.Expr{}, reassigned: map[*types.Var]bool{}, embeds: map[*types.Var]string{}, helpers: map[*types.Func]*QueryHelperFact{}}
	x.readGlobals()
	x.findHelpers()
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			x.scope = localvars.New(pass.TypesInfo, fd.Type, fd.Body)
			x.decl = fd
			txParams := x.txParams(fd.Body)
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				if q := x.query(fd, call, txParams); q != nil {
					if q.model == nil && q.Text != "" {
						q.SQL = sql.AnalyzeDialect(q.Text, x.dialect(q))
						if !x.agree(sql, q) {
							return true // read differently by each implementation: say nothing
						}
					}
					result.Queries = append(result.Queries, q)
				}
				return true
			})
		}
	}
	x.judgeAll(sql, result.Queries)
	x.join(sql, result.Queries)
	return result
}

type extractor struct {
	pass       *analysis.Pass
	rules      *rules.Rules
	scope      *localvars.Scope
	globals    map[*types.Var]ast.Expr
	reassigned map[*types.Var]bool
	embeds     map[*types.Var]string // string variables filled by //go:embed, with the file
	helpers    map[*types.Func]*QueryHelperFact
	mirrors    *analysisutil.Mirrors // interfaces that mirror a sink
	// schema is the module's schema, read at the first INSERT.
	schema       *sqlcheck.Schema
	schemaLoaded bool
	// calls are the package's queries by their call, once all are found.
	calls     map[*ast.CallExpr]*Query
	sequences map[*ast.BlockStmt]map[*types.Var]sequenceRead // by function body

	dialects     [sqlcheck.MySQLOrSQLite]bool // dialects of the drivers imported (dialect.go)
	dialectsDone bool

	// Texts built from lists and chosen by implementation (rows.go).
	decl    *ast.FuncDecl // the function being read
	rows    []rowBatch    // the VALUES lists the text being resolved holds
	alt     int           // which implementation a chosen text takes
	choices int           // how many implementations the text chose from
	impls   map[*types.Func][]string
}

// mirrored returns the sink whose method an interface method mirrors: the
// same name and the same signature as a sink method of a package this one
// imports.
func (x *extractor) mirrored(fn *types.Func) *rules.Sink {
	return analysisutil.MirroredByParams(&x.mirrors, x.pass.Pkg, x.rules.Sinks, fn)
}

// findHelpers finds the package's query helpers, and helpers of helpers,
// and exports them.
func (x *extractor) findHelpers() {
	for grown := true; grown; {
		grown = false
		for _, f := range x.pass.Files {
			for _, d := range f.Decls {
				fd, ok := d.(*ast.FuncDecl)
				if !ok || fd.Body == nil {
					continue
				}
				fn, ok := x.pass.TypesInfo.Defs[fd.Name].(*types.Func)
				if !ok || x.helpers[fn] != nil {
					continue
				}
				if h := x.helperOf(fd); h != nil {
					x.helpers[fn] = h
					grown = true
				}
			}
		}
	}
	for fn, h := range x.helpers {
		x.pass.ExportObjectFact(fn, h)
	}
	if len(x.helpers) > 0 {
		x.pass.ExportPackageFact(new(packageFact))
	}
}

// helperOf says whether fd passes a string parameter on as the query of
// a sink.
func (x *extractor) helperOf(fd *ast.FuncDecl) *QueryHelperFact {
	params := localvars.New(x.pass.TypesInfo, fd.Type, nil).Params
	paramOf := func(e ast.Expr) int {
		if id, ok := ast.Unparen(e).(*ast.Ident); ok {
			if v, ok := x.pass.TypesInfo.Uses[id].(*types.Var); ok {
				if i, ok := params[v]; ok {
					return i
				}
			}
		}
		return -1
	}
	var found *QueryHelperFact
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || found != nil {
			return found == nil
		}
		fn, _ := typeutil.Callee(x.pass.TypesInfo, call).(*types.Func)
		if fn == nil {
			return true
		}
		sink := x.sinkOf(fn)
		if sink == nil || sink.Query == nil || int(*sink.Query) >= len(call.Args) {
			return true
		}
		q := paramOf(call.Args[*sink.Query])
		if q < 0 {
			return true
		}
		h := &QueryHelperFact{Query: q, Args: -1}
		if sink.Args != nil && call.Ellipsis.IsValid() && int(*sink.Args) == len(call.Args)-1 {
			h.Args = paramOf(call.Args[*sink.Args])
		}
		if at := int(*sink.Query) + 1; sink.Named != "" && at < len(call.Args) && paramOf(call.Args[at]) == q+1 {
			h.Named = sink.Named
		}
		found = h
		return false
	})
	return found
}

// sinkOf returns the sink fn is: a rule, a query helper of this package
// or another, or a method of an interface that mirrors a sink (sqlc's
// DBTX: ExecContext(ctx, string, ...any) as *sql.DB has it).
func (x *extractor) sinkOf(fn *types.Func) *rules.Sink {
	if sink := x.rules.Sink(fn); sink != nil {
		return sink
	}
	if sink := x.mirrored(fn); sink != nil {
		return sink
	}
	h := x.helpers[fn]
	if h == nil && fn.Pkg() != x.pass.Pkg {
		var f QueryHelperFact
		if x.pass.ImportObjectFact(fn.Origin(), &f) {
			h = &f
		}
	}
	if h == nil {
		return nil
	}
	sink := &rules.Sink{Call: fn.FullName(), Named: h.Named}
	query := rules.Arg(h.Query)
	sink.Query = &query
	if h.Args >= 0 {
		args := rules.Arg(h.Args)
		sink.Args = &args
	}
	return sink
}

func (x *extractor) readGlobals() {
	for _, f := range x.pass.Files {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, name := range vs.Names {
					v, ok := x.pass.TypesInfo.Defs[name].(*types.Var)
					if !ok {
						continue
					}
					if len(vs.Values) == len(vs.Names) {
						x.globals[v] = vs.Values[i]
					}
					if file := embedFile(gd, vs); file != "" && len(vs.Names) == 1 {
						x.embeds[v] = filepath.Join(filepath.Dir(x.pass.Fset.Position(f.Pos()).Filename), file)
					}
				}
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			as, ok := n.(*ast.AssignStmt)
			if !ok {
				return true
			}
			for _, lhs := range as.Lhs {
				if id, ok := ast.Unparen(lhs).(*ast.Ident); ok {
					if v, ok := x.pass.TypesInfo.Uses[id].(*types.Var); ok {
						x.reassigned[v] = true
					}
				}
			}
			return true
		})
	}
}

// embedFile returns the file a //go:embed directive names for a single
// string variable, or "". Patterns and directories are not followed.
func embedFile(gd *ast.GenDecl, vs *ast.ValueSpec) string {
	for _, doc := range []*ast.CommentGroup{vs.Doc, gd.Doc} {
		if doc == nil {
			continue
		}
		for _, c := range doc.List {
			if rest, ok := strings.CutPrefix(c.Text, "//go:embed "); ok {
				fields := strings.Fields(rest)
				if len(fields) == 1 && !strings.ContainsAny(fields[0], "*?[") {
					return fields[0]
				}
			}
		}
	}
	return ""
}

// txParams finds the transaction parameters of callbacks run in a
// transaction: db.Transaction(func(tx *gorm.DB) error { ... }).
func (x *extractor) txParams(body *ast.BlockStmt) map[*types.Var]bool {
	out := map[*types.Var]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		fn, _ := typeutil.Callee(x.pass.TypesInfo, call).(*types.Func)
		if fn == nil {
			return true
		}
		cb := x.rules.TxCallback(fn)
		if cb == nil || int(*cb.Callback) >= len(call.Args) {
			return true
		}
		lit, ok := ast.Unparen(call.Args[*cb.Callback]).(*ast.FuncLit)
		if !ok {
			return true
		}
		i := 0
		for _, field := range lit.Type.Params.List {
			for _, name := range field.Names {
				if i == cb.Param {
					if v, ok := x.pass.TypesInfo.Defs[name].(*types.Var); ok {
						out[v] = true
					}
				}
				i++
			}
			if len(field.Names) == 0 {
				i++
			}
		}
		return true
	})
	return out
}

func (x *extractor) query(fd *ast.FuncDecl, call *ast.CallExpr, txParams map[*types.Var]bool) *Query {
	fn, _ := typeutil.Callee(x.pass.TypesInfo, call).(*types.Func)
	if fn == nil {
		fn = x.methodValue(call) // exec := tx.Exec; exec(ctx, query, args...)
	}
	if fn == nil {
		return nil
	}
	if rule := x.rules.Insert(fn); rule != nil {
		q := x.ormInsert(fd, call, rule)
		if q != nil {
			q.Call, q.Sink, q.Callee, q.Enclosing = call, &rules.Sink{Call: rule.Call}, fn, fd
			q.Tx = x.txOf(call, txParams)
		}
		return q
	}
	if bc, ok := x.rules.BuilderOf(fn); ok {
		if bc.Role != rules.RoleRun {
			return nil
		}
		return x.builderQuery(fd, call, fn, bc)
	}
	sink := x.sinkOf(fn)
	if sink == nil {
		return nil
	}
	q := &Query{Call: call, Sink: sink, Callee: fn, Enclosing: fd}
	q.Tx = x.txOf(call, txParams)
	if sink.Table != nil {
		if int(*sink.Table) >= len(call.Args) {
			return nil
		}
		q.Table = x.table(call.Args[*sink.Table])
		return q
	}
	if int(*sink.Query) >= len(call.Args) {
		return nil
	}
	arg := call.Args[*sink.Query]
	x.rows, x.alt, x.choices = nil, 0, 0
	text, lit, ok := x.str(arg, 0)
	if !ok {
		return nil // unresolved: say nothing
	}
	rows := x.rows
	if q.alternatives, ok = x.alternatives(arg, text); !ok {
		return nil
	}
	q.Text = text
	if lit != nil && fd.Pos() <= lit.Pos() && lit.End() <= fd.End() {
		q.Literal = lit
	}
	if sink.Args != nil && !call.Ellipsis.IsValid() && int(*sink.Args) <= len(call.Args) {
		q.Args = call.Args[*sink.Args:]
	}
	if sink.Args != nil && call.Ellipsis.IsValid() && int(*sink.Args) == len(call.Args)-1 {
		q.Args = x.builderArgs(call.Args[len(call.Args)-1]) // query, args, err := insert.ToSql()
		if q.Args == nil {
			q.Args = x.rowArgs(call.Args[len(call.Args)-1], text, rows)
		}
	}
	return q
}

// txOf returns the transaction variable a call runs on, if any.
func (x *extractor) txOf(call *ast.CallExpr, txParams map[*types.Var]bool) *types.Var {
	fun := ast.Unparen(call.Fun)
	if sel := x.methodValueSel(call); sel != nil {
		fun = sel // exec := tx.ExecContext
	}
	if sel, ok := fun.(*ast.SelectorExpr); ok {
		if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok {
			if v, ok := x.pass.TypesInfo.Uses[id].(*types.Var); ok && (txParams[v] || x.rules.IsTransaction(v.Type())) {
				return v
			}
		}
	}
	return nil
}

// table resolves a pgx.Identifier{"schema", "table"} literal to its name.
func (x *extractor) table(e ast.Expr) string {
	lit, ok := ast.Unparen(e).(*ast.CompositeLit)
	if !ok {
		return ""
	}
	var parts []string
	for _, elt := range lit.Elts {
		s, _, ok := x.str(elt, 0)
		if !ok {
			return ""
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, ".")
}

const maxDepth = 8

// str resolves a string expression statically, with the literal it is
// when it is exactly one.
func (x *extractor) str(e ast.Expr, depth int) (string, *ast.BasicLit, bool) {
	if depth > maxDepth {
		return "", nil, false
	}
	e = ast.Unparen(e)
	info := x.pass.TypesInfo
	if tv, ok := info.Types[e]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
		s := constant.StringVal(tv.Value)
		return s, x.literalOf(e, depth), true
	}
	switch e := e.(type) {
	case *ast.BinaryExpr:
		if e.Op != token.ADD {
			return "", nil, false
		}
		// The pieces of a concatenation are not a step deeper: a
		// long chain of + is finite, and depth bounds definitions.
		l, _, ok1 := x.str(e.X, depth)
		r, _, ok2 := x.str(e.Y, depth)
		return l + r, nil, ok1 && ok2
	case *ast.Ident:
		v, ok := info.Uses[e].(*types.Var)
		if !ok {
			return "", nil, false
		}
		if v.Parent() == v.Pkg().Scope() {
			if x.reassigned[v] {
				return "", nil, false
			}
			if file, ok := x.embeds[v]; ok {
				// Not a Go file: pass.ReadFile refuses it. Under a build
				// system that names files relative to its sandbox, it is
				// not one of the action's inputs (see schemaFor).
				if !filepath.IsAbs(file) {
					return "", nil, false
				}
				data, err := os.ReadFile(file)
				if err != nil {
					return "", nil, false
				}
				return string(data), nil, true
			}
			if init, ok := x.globals[v]; ok {
				s, _, ok := x.str(init, depth+1)
				return s, nil, ok
			}
			return "", nil, false
		}
		defs := x.scope.Defs[v]
		if len(defs) == 1 && defs[0].Index == 0 {
			// sqlStr, args, err := insert.ToSql()
			if call, ok := ast.Unparen(defs[0].Expr).(*ast.CallExpr); ok {
				text, ok := x.builderText(call)
				return text, nil, ok
			}
		}
		if len(defs) == 1 && defs[0].Range {
			// for sql, rows := range batch: the texts stored as its keys (mapkeys.go)
			s, ok := x.rangeKeyText(v, defs[0], depth)
			return s, nil, ok
		}
		if len(defs) > 1 {
			return x.cachedText(v, defs, depth)
		}
		if len(defs) != 1 || defs[0].Index >= 0 || defs[0].Op || defs[0].Range {
			return "", nil, false
		}
		return x.str(defs[0].Expr, depth+1)
	case *ast.CallExpr:
		fn := typeutil.StaticCallee(info, e)
		if fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "strings" && fn.Name() == "Join" {
			t, ok := x.joined(e, depth)
			return t, nil, ok
		}
		if t, ok := x.chosen(e); ok {
			return t, nil, true // s.dialect.NowSQL()
		}
		if fn != nil && fn.Pkg() == x.pass.Pkg && len(e.Args) > 0 && !e.Ellipsis.IsValid() && x.formats(fn) {
			// s.RenderSQL(format, args...): the package's own Sprintf.
			format, _, ok := x.str(e.Args[0], depth+1)
			if !ok {
				return "", nil, false
			}
			return x.sprintf(format, e.Args[1:], depth), nil, true
		}
		if fn != nil && fn.Pkg() == x.pass.Pkg {
			// generateInsert(table, cols): the package's function that
			// formats a constant text.
			if format, ok := x.formatted(fn); ok {
				return x.sprintf(format, nil, depth), nil, true
			}
		}
		if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "fmt" || fn.Name() != "Sprintf" || len(e.Args) == 0 || e.Ellipsis.IsValid() {
			return "", nil, false
		}
		format, _, ok := x.str(e.Args[0], depth+1)
		if !ok {
			return "", nil, false
		}
		return x.sprintf(format, e.Args[1:], depth), nil, true
	}
	return "", nil, false
}

// formats says whether fn is the package's own Sprintf: it takes a
// format and variadic arguments, and returns fmt.Sprintf of them, or a
// function of one string applied to it (a placeholder rewriter:
// d.Rebind(fmt.Sprintf(format, args...))), which is taken to keep the
// statement what it is.
func (x *extractor) formats(fn *types.Func) bool {
	sig := fn.Signature()
	if !sig.Variadic() || sig.Params().Len() != 2 || sig.Results().Len() != 1 {
		return false
	}
	if !analysisutil.IsString(sig.Params().At(0).Type()) {
		return false
	}
	decl := analysisutil.FuncDecl(x.pass, fn)
	if decl == nil || decl.Body == nil || len(decl.Body.List) != 1 {
		return false
	}
	ret, ok := decl.Body.List[0].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return false
	}
	info := x.pass.TypesInfo
	e := ast.Unparen(ret.Results[0])
	for range 3 {
		call, ok := e.(*ast.CallExpr)
		if !ok {
			return false
		}
		if callee := typeutil.StaticCallee(info, call); callee != nil && callee.Pkg() != nil && callee.Pkg().Path() == "fmt" && callee.Name() == "Sprintf" {
			return len(call.Args) == 2 && call.Ellipsis.IsValid() &&
				info.Uses[analysisutil.Ident(call.Args[0])] == sig.Params().At(0) && info.Uses[analysisutil.Ident(call.Args[1])] == sig.Params().At(1)
		}
		// A function of one string that returns one: the rewriter.
		t, ok := info.TypeOf(call.Fun).Underlying().(*types.Signature)
		if !ok || len(call.Args) != 1 || t.Params().Len() != 1 || t.Results().Len() != 1 || !analysisutil.IsString(t.Params().At(0).Type()) || !analysisutil.IsString(t.Results().At(0).Type()) {
			return false
		}
		e = ast.Unparen(call.Args[0])
	}
	return false
}

// formatted returns the constant format of a function of the package
// whose one return statement returns fmt.Sprintf of it: the text it
// returns, with what the format's verbs take left unknown.
func (x *extractor) formatted(fn *types.Func) (string, bool) {
	sig := fn.Signature()
	if sig.Results().Len() != 1 || !analysisutil.IsString(sig.Results().At(0).Type()) {
		return "", false
	}
	decl := analysisutil.FuncDecl(x.pass, fn)
	if decl == nil || decl.Body == nil {
		return "", false
	}
	rets := analysisutil.ReturnResults(decl.Body)
	if len(rets) != 1 || len(rets[0]) != 1 {
		return "", false
	}
	call, ok := ast.Unparen(rets[0][0]).(*ast.CallExpr)
	if !ok || len(call.Args) == 0 || call.Ellipsis.IsValid() {
		return "", false
	}
	callee := typeutil.StaticCallee(x.pass.TypesInfo, call)
	if callee == nil || callee.Pkg() == nil || callee.Pkg().Path() != "fmt" || callee.Name() != "Sprintf" {
		return "", false
	}
	return x.constString(call.Args[0])
}

// cachedText resolves a variable assigned more than once when all its
// values are one text: sql, found := cache[key]; if !found { sql =
// build(...); cache[key] = sql }. A read of a map (a variable or a
// field) whose every store in the package is the variable itself, or a
// text that resolves the same, gives nothing new: the cache holds what
// the other assignments made.
func (x *extractor) cachedText(v *types.Var, defs []localvars.Def, depth int) (string, *ast.BasicLit, bool) {
	text, found := "", false
	for _, d := range defs {
		if d.Op || d.Range {
			return "", nil, false
		}
		if ix, ok := ast.Unparen(d.Expr).(*ast.IndexExpr); ok && d.Index <= 0 && x.cacheOf(ix.X, v) {
			continue
		}
		if d.Index >= 0 {
			return "", nil, false
		}
		t, _, ok := x.str(d.Expr, depth+1)
		if !ok || found && t != text {
			return "", nil, false
		}
		text, found = t, true
	}
	return text, nil, found
}

// cacheOf says whether every store into map m in the package stores v.
func (x *extractor) cacheOf(m ast.Expr, v *types.Var) bool {
	info := x.pass.TypesInfo
	var key types.Object
	switch m := ast.Unparen(m).(type) {
	case *ast.Ident:
		key = info.Uses[m]
	case *ast.SelectorExpr:
		key = info.Uses[m.Sel]
	}
	if key == nil {
		return false
	}
	if _, ok := key.Type().Underlying().(*types.Map); !ok {
		return false
	}
	stores, all := 0, true
	for _, f := range x.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			as, ok := n.(*ast.AssignStmt)
			if !ok || !all {
				return all
			}
			for i, lhs := range as.Lhs {
				ix, ok := ast.Unparen(lhs).(*ast.IndexExpr)
				if !ok {
					continue
				}
				var obj types.Object
				switch m := ast.Unparen(ix.X).(type) {
				case *ast.Ident:
					obj = info.Uses[m]
				case *ast.SelectorExpr:
					obj = info.Uses[m.Sel]
				}
				if obj != key {
					continue
				}
				stores++
				if len(as.Rhs) != len(as.Lhs) {
					all = false
					continue
				}
				if id, ok := ast.Unparen(as.Rhs[i]).(*ast.Ident); !ok || info.Uses[id] != v {
					all = false
				}
			}
			return all
		})
	}
	return all && stores > 0
}

// literalOf returns the string literal a constant expression is, following
// a constant's declaration.
func (x *extractor) literalOf(e ast.Expr, depth int) *ast.BasicLit {
	switch e := e.(type) {
	case *ast.BasicLit:
		return e
	case *ast.Ident:
		c, ok := x.pass.TypesInfo.Uses[e].(*types.Const)
		if !ok || c.Pkg() != x.pass.Pkg || depth > maxDepth {
			return nil
		}
		for _, f := range x.pass.Files {
			if f.FileStart <= c.Pos() && c.Pos() < f.FileEnd {
				path, _ := pathTo(f, c.Pos())
				if vs, ok := path.(*ast.ValueSpec); ok {
					for i, name := range vs.Names {
						if name.Pos() == c.Pos() && i < len(vs.Values) {
							return x.literalOf(ast.Unparen(vs.Values[i]), depth+1)
						}
					}
				}
			}
		}
	}
	return nil
}

// pathTo returns the value spec that declares the name at pos.
func pathTo(f *ast.File, pos token.Pos) (ast.Node, bool) {
	var found ast.Node
	ast.Inspect(f, func(n ast.Node) bool {
		if n == nil || found != nil || pos < n.Pos() || pos >= n.End() {
			return false
		}
		if vs, ok := n.(*ast.ValueSpec); ok {
			found = vs
			return false
		}
		return true
	})
	return found, found != nil
}

// sprintf formats a constant format: an argument it can resolve is put
// in its place; any other verb stays as it is written.
func (x *extractor) sprintf(format string, args []ast.Expr, depth int) string {
	var b strings.Builder
	next := 0
	for i := 0; i < len(format); i++ {
		c := format[i]
		if c != '%' {
			b.WriteByte(c)
			continue
		}
		j := i + 1
		for j < len(format) && strings.IndexByte("+-# 0123456789.[]", format[j]) >= 0 {
			j++
		}
		if j >= len(format) {
			b.WriteString(format[i:])
			break
		}
		verb := format[i : j+1]
		i = j
		if format[j] == '%' {
			b.WriteByte('%')
			continue
		}
		if k := strings.IndexByte(verb, '['); k >= 0 {
			if n, err := strconv.Atoi(verb[k+1 : strings.IndexByte(verb, ']')]); err == nil {
				next = n - 1
			}
		}
		if next < len(args) {
			if s, _, ok := x.str(args[next], depth+1); ok && (format[j] == 's' || format[j] == 'v') {
				b.WriteString(s)
				next++
				continue
			}
			if tv, ok := x.pass.TypesInfo.Types[args[next]]; ok && tv.Value != nil && tv.Value.Kind() == constant.Int && (format[j] == 'd' || format[j] == 'v') {
				b.WriteString(tv.Value.ExactString())
				next++
				continue
			}
		}
		next++
		b.WriteString(verb)
	}
	return b.String()
}

// ReplacedInTx says whether the same transaction deleted (or truncated)
// the table before q: the unit is replaced in one commit.
func (result *Result) ReplacedInTx(q *Query, table string) bool {
	if q.Tx == nil || table == "" {
		return false
	}
	for _, prev := range result.Queries {
		if prev.Tx != q.Tx || prev.Call.Pos() >= q.Call.Pos() || prev.SQL == nil {
			continue
		}
		for _, st := range prev.SQL.Statements {
			if st.Kind != sqlcheck.KindDelete && st.Kind != sqlcheck.KindTruncate {
				continue
			}
			for _, t := range append([]string{st.Table}, st.Tables...) {
				if strings.EqualFold(t, table) {
					return true
				}
			}
		}
	}
	return false
}
