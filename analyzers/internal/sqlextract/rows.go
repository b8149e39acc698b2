package sqlextract

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/retrylint/retrylint/analyzers/internal/analysisutil"
	"github.com/retrylint/retrylint/sqlcheck"
)

// Texts built from lists and chosen by implementation.
//
// A batch INSERT writes its VALUES list at run time, one row per
// element, and appends the bind arguments row by row in the same loop:
//
//	for _, m := range msgs {
//		marks := make([]string, 3)
//		for j := range 3 {
//			marks[j] = fmt.Sprintf("$%d", len(args)+j+1)
//		}
//		rows = append(rows, "("+strings.Join(marks, ", ")+")")
//		args = append(args, m.To, m.Body, m.ID)
//	}
//	db.Exec(`INSERT INTO t (a, b, c) VALUES `+strings.Join(rows, ", "), args...)
//
// Every row has the same shape, so one row stands for the list: the
// statement's effect and keys are those of its first row, whose
// placeholders are $1..$n and whose values are one append's.

// maxChoices bounds the implementations a text is read with.
const maxChoices = 4

// rowBatch is a VALUES list that one row stands for.
type rowBatch struct {
	store *ast.AssignStmt // the statement that adds the row
	marks int             // the row's placeholders ($n numbered at run time, or ?)
}

var numbered = regexp.MustCompile(`\$[0-9]`)

// joined resolves strings.Join(list, sep) of a local []string: the
// elements of a list whose length is a constant and whose elements are
// one text or constants, joined; or one row for a list of identical
// parenthesised rows joined with commas, whatever its length.
func (x *extractor) joined(call *ast.CallExpr, depth int) (string, bool) {
	if len(call.Args) != 2 || call.Ellipsis.IsValid() || x.scope == nil {
		return "", false
	}
	sep, ok := x.constString(call.Args[1])
	if !ok {
		return "", false
	}
	id, ok := ast.Unparen(call.Args[0]).(*ast.Ident)
	if !ok {
		return "", false
	}
	v, ok := x.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || v.Parent() == v.Pkg().Scope() {
		return "", false
	}
	elems, length, stores, ok := x.list(v, 0)
	if !ok {
		return "", false
	}
	if len(elems) == 0 {
		return "", false
	}
	texts := make([]string, len(elems))
	for i, e := range elems {
		t, _, ok := x.str(e, depth+1)
		if !ok {
			return "", false
		}
		texts[i] = t
	}
	same := true
	for _, t := range texts {
		same = same && t == texts[0]
	}
	if length > 0 && len(stores) == 0 {
		return strings.Join(texts, sep), true // []string{"a", "b"}
	}
	if length > 0 && same && len(stores) == len(x.scope.Elems[v]) {
		return strings.Repeat(texts[0]+sep, length-1) + texts[0], true // make([]string, 3), each "$%d"
	}
	row := strings.TrimSpace(texts[0])
	if !same || strings.TrimSpace(sep) != "," || !strings.HasPrefix(row, "(") || !strings.HasSuffix(row, ")") {
		return "", false
	}
	// One row for all: its run-time numbered placeholders are $1..$n, as
	// in the list's first row.
	marks := strings.Count(row, "$%d")
	if marks > 0 && numbered.MatchString(row) {
		return "", false
	}
	for i := 1; i <= marks; i++ {
		row = strings.Replace(row, "$%d", "$"+strconv.Itoa(i), 1)
	}
	if marks == 0 && !strings.ContainsAny(row, `'"`) {
		marks = strings.Count(row, "?")
	}
	if len(stores) == 1 && stores[0] != nil {
		x.rows = append(x.rows, rowBatch{store: stores[0], marks: marks})
	} else {
		x.rows = append(x.rows, rowBatch{})
	}
	return row, true
}

// list returns the elements of local list v, as read on the path where
// no condition holds: its composite literal (an append under an if, not
// in a loop, left out: a column added only with its value), or the
// elements stored into a list of fixed length (make([]string, 3), or
// make([]string, len(cols)) of such a literal), or appended in a loop;
// with its length when it is fixed, and the statements that add
// elements.
func (x *extractor) list(v *types.Var, depth int) (elems []ast.Expr, length int, stores []*ast.AssignStmt, ok bool) {
	length = -1
	if depth > maxDepth {
		return nil, 0, nil, false
	}
	for _, d := range x.scope.Defs[v] {
		if d.Index >= 0 || d.Op || d.Range {
			return nil, 0, nil, false
		}
		switch e := ast.Unparen(d.Expr).(type) {
		case *ast.CallExpr:
			b, _ := x.pass.TypesInfo.Uses[analysisutil.Ident(e.Fun)].(*types.Builtin)
			switch {
			case b != nil && b.Name() == "make" && len(e.Args) >= 2 && length < 0 && len(elems) == 0:
				if n, fixed := x.listLength(e.Args[1], depth); fixed && n > 0 {
					length = n
				}
				continue
			case b != nil && b.Name() == "append" && len(e.Args) >= 2 && !e.Ellipsis.IsValid() && x.pass.TypesInfo.Uses[analysisutil.Ident(e.Args[0])] == v:
				store := x.assignAt(d.End)
				if length >= 0 && len(stores) == 0 && x.conditional(store) {
					continue // cols = append(cols, "timeout") under an if: left out
				}
				if length >= 0 {
					return nil, 0, nil, false
				}
				elems = append(elems, e.Args[1:]...)
				stores = append(stores, store)
				continue
			}
			return nil, 0, nil, false
		case *ast.CompositeLit:
			if length >= 0 || len(elems) > 0 {
				return nil, 0, nil, false
			}
			elems = append(elems, e.Elts...)
			length = len(e.Elts)
		case *ast.Ident:
			if e.Name != "nil" {
				return nil, 0, nil, false
			}
		default:
			return nil, 0, nil, false
		}
	}
	for _, d := range x.scope.Elems[v] {
		if d.Index >= 0 {
			return nil, 0, nil, false
		}
		elems = append(elems, d.Expr)
		stores = append(stores, x.assignAt(d.End))
	}
	if len(elems) == 0 {
		return nil, 0, nil, false
	}
	return elems, length, stores, true
}

// listLength returns the constant length of a make: a constant, or the
// length of a local list of constants (len(cols)).
func (x *extractor) listLength(e ast.Expr, depth int) (int, bool) {
	tv := x.pass.TypesInfo.Types[e]
	if tv.Value != nil && tv.Value.Kind() == constant.Int {
		n, exact := constant.Int64Val(tv.Value)
		return int(n), exact && n <= 64
	}
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return 0, false
	}
	if b, ok := x.pass.TypesInfo.Uses[analysisutil.Ident(call.Fun)].(*types.Builtin); !ok || b.Name() != "len" {
		return 0, false
	}
	id, ok := ast.Unparen(call.Args[0]).(*ast.Ident)
	if !ok {
		return 0, false
	}
	w, ok := x.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || w.Parent() == w.Pkg().Scope() {
		return 0, false
	}
	if _, isSlice := w.Type().Underlying().(*types.Slice); !isSlice {
		return 0, false
	}
	_, length, stores, ok := x.list(w, depth+1)
	if !ok || len(stores) > 0 || length <= 0 || length > 64 {
		return 0, false
	}
	return length, true
}

// conditional says whether a statement runs under an if or a case of
// the function being read, outside any loop.
func (x *extractor) conditional(stmt ast.Stmt) bool {
	if stmt == nil || x.decl == nil {
		return false
	}
	cond := false
	var walk func(n ast.Node, under bool) bool
	walk = func(n ast.Node, under bool) bool {
		found := false
		ast.Inspect(n, func(m ast.Node) bool {
			if found || m == nil || m.Pos() > stmt.Pos() || m.End() < stmt.End() {
				return false
			}
			if m == ast.Node(stmt) {
				found, cond = true, under
				return false
			}
			switch m := m.(type) {
			case *ast.ForStmt, *ast.RangeStmt, *ast.FuncLit:
				found, cond = true, false
				return false
			case *ast.IfStmt:
				if m != n {
					found = walk(m, true)
					return false
				}
			case *ast.CaseClause, *ast.CommClause:
				if m != n {
					found = walk(m, true)
					return false
				}
			}
			return true
		})
		return found
	}
	walk(x.decl.Body, false)
	return cond
}

// assignAt returns the assignment of the function being read that ends
// at end.
func (x *extractor) assignAt(end token.Pos) *ast.AssignStmt {
	if x.decl == nil {
		return nil
	}
	var found *ast.AssignStmt
	ast.Inspect(x.decl.Body, func(n ast.Node) bool {
		if found != nil || n == nil || n.Pos() >= end || n.End() < end {
			return false
		}
		if as, ok := n.(*ast.AssignStmt); ok && as.End() == end {
			found = as
		}
		return true
	})
	return found
}

// rowArgs returns the bind arguments of the one row a batch's text stands
// for: the values that one append adds to the spread slice args, beside
// the row's own append in the body of one loop, as many as the row has
// placeholders. Anything else (a slice filled elsewhere too, a value
// appended under a condition, a count that differs) leaves them unknown.
func (x *extractor) rowArgs(spread ast.Expr, text string, batches []rowBatch) []ast.Expr {
	if len(batches) != 1 || batches[0].store == nil || batches[0].marks == 0 || x.scope == nil || x.decl == nil {
		return nil
	}
	b := batches[0]
	// The row's placeholders are the text's only ones.
	if strings.Count(text, "?") != 0 && strings.Count(text, "?") != b.marks || len(numbered.FindAllString(text, -1)) > b.marks {
		return nil
	}
	id, ok := ast.Unparen(spread).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := x.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || len(x.scope.Elems[v]) > 0 {
		return nil
	}
	var appends []*ast.AssignStmt
	var appended [][]ast.Expr
	for _, d := range x.scope.Defs[v] {
		if d.Index >= 0 || d.Op || d.Range {
			return nil
		}
		switch e := ast.Unparen(d.Expr).(type) {
		case *ast.CallExpr:
			b, _ := x.pass.TypesInfo.Uses[analysisutil.Ident(e.Fun)].(*types.Builtin)
			switch {
			case b != nil && b.Name() == "make":
				if len(e.Args) < 2 || !isZero(x.pass.TypesInfo, e.Args[1]) {
					return nil
				}
			case b != nil && b.Name() == "append" && !e.Ellipsis.IsValid() && x.pass.TypesInfo.Uses[analysisutil.Ident(e.Args[0])] == v:
				appends = append(appends, x.assignAt(d.End))
				appended = append(appended, e.Args[1:])
			default:
				return nil
			}
		case *ast.CompositeLit:
			if len(e.Elts) > 0 {
				return nil
			}
		case *ast.Ident:
			if e.Name != "nil" {
				return nil
			}
		default:
			return nil
		}
	}
	// One append beside the row's gives the row's values; any other
	// runs under a condition after it in the same iteration, so that it
	// only adds values after the row's (an optional column's, left out
	// of the text as its column is).
	group := -1
	for i, st := range appends {
		if x.sameLoopBody(st, b.store) {
			if group >= 0 {
				return nil
			}
			group = i
		}
	}
	if group < 0 || len(appended[group]) != b.marks {
		return nil
	}
	body := x.loopBody(appends[group])
	for i, st := range appends {
		if i == group {
			continue
		}
		if st == nil || body == nil || st.Pos() < appends[group].End() || st.End() > body.End() {
			return nil
		}
	}
	return appended[group]
}

// loopBody returns the body of the loop whose statement stmt is.
func (x *extractor) loopBody(stmt ast.Stmt) *ast.BlockStmt {
	var found *ast.BlockStmt
	ast.Inspect(x.decl.Body, func(n ast.Node) bool {
		if found != nil || n == nil || n.Pos() > stmt.Pos() || n.End() < stmt.End() {
			return false
		}
		var body *ast.BlockStmt
		switch n := n.(type) {
		case *ast.ForStmt:
			body = n.Body
		case *ast.RangeStmt:
			body = n.Body
		}
		if body != nil && slices.Contains(body.List, stmt) {
			found = body
			return false
		}
		return true
	})
	return found
}

// isZero says whether e is the constant 0.
func isZero(info *types.Info, e ast.Expr) bool {
	tv := info.Types[e]
	return tv.Value != nil && tv.Value.Kind() == constant.Int && constant.Sign(tv.Value) == 0
}

// sameLoopBody says whether a and b are statements of the body of one
// loop, neither under a condition inside it.
func (x *extractor) sameLoopBody(a, b *ast.AssignStmt) bool {
	if a == nil || b == nil {
		return false
	}
	body := x.loopBody(a)
	return body != nil && slices.Contains(body.List, ast.Stmt(b))
}

// chosen resolves a call of a method of an interface of the package,
// with no parameters, whose every implementation in the package returns a
// constant text (the SQL a dialect writes for "now"): the x.alt-th
// implementation's text, in the order their types are declared. The
// query is then read with each implementation in turn (see agree).
func (x *extractor) chosen(call *ast.CallExpr) (string, bool) {
	fn, ok := typeutil.Callee(x.pass.TypesInfo, call).(*types.Func)
	if !ok || len(call.Args) != 0 {
		return "", false
	}
	sig := fn.Signature()
	if fn.Pkg() != x.pass.Pkg {
		return "", false // an interface of another package: its implementations are elsewhere too
	}
	if sig.Recv() == nil || !types.IsInterface(sig.Recv().Type()) || sig.Params().Len() != 0 || sig.Results().Len() != 1 || !analysisutil.IsString(sig.Results().At(0).Type()) {
		return "", false
	}
	texts, ok := x.implementations(fn)
	if !ok {
		return "", false
	}
	x.choices = max(x.choices, len(texts))
	return texts[x.alt%len(texts)], true
}

// implementations returns the constant texts that the package's
// implementations of interface method fn return, in the order their
// types are declared; false when one of them returns anything else.
func (x *extractor) implementations(fn *types.Func) ([]string, bool) {
	if got, ok := x.impls[fn]; ok {
		return got, got != nil
	}
	if x.impls == nil {
		x.impls = map[*types.Func][]string{}
	}
	x.impls[fn] = nil
	iface, _ := fn.Signature().Recv().Type().Underlying().(*types.Interface)
	if iface == nil {
		return nil, false
	}
	scope := x.pass.Pkg.Scope()
	var named []*types.TypeName
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() || types.IsInterface(tn.Type()) {
			continue
		}
		if types.Implements(tn.Type(), iface) || types.Implements(types.NewPointer(tn.Type()), iface) {
			named = append(named, tn)
		}
	}
	if len(named) == 0 || len(named) > maxChoices {
		return nil, false
	}
	sort.Slice(named, func(i, j int) bool { return named[i].Pos() < named[j].Pos() })
	var texts []string
	for _, tn := range named {
		obj, _, _ := types.LookupFieldOrMethod(tn.Type(), true, x.pass.Pkg, fn.Name())
		m, ok := obj.(*types.Func)
		if !ok {
			return nil, false
		}
		decl := analysisutil.FuncDecl(x.pass, m)
		if decl == nil || decl.Body == nil || len(decl.Body.List) != 1 {
			return nil, false
		}
		ret, ok := decl.Body.List[0].(*ast.ReturnStmt)
		if !ok || len(ret.Results) != 1 {
			return nil, false
		}
		t, ok := x.constString(ret.Results[0])
		if !ok {
			return nil, false
		}
		texts = append(texts, t)
	}
	x.impls[fn] = texts
	return texts, true
}

// alternatives reads the query text again with each other implementation
// of the interface methods it chose from, and returns the texts that
// differ; false when one of them does not resolve.
func (x *extractor) alternatives(arg ast.Expr, text string) ([]string, bool) {
	n := min(x.choices, maxChoices)
	var out []string
	for k := 1; k < n; k++ {
		x.alt, x.rows = k, nil
		t, _, ok := x.str(arg, 0)
		if !ok {
			x.alt = 0
			return nil, false
		}
		if t != text && !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	x.alt, x.rows = 0, nil
	return out, true
}

// agree says whether every alternative text of q is read as q.SQL is:
// the same statements, targets, effects and keys, with each key's value
// from the same source. A text whose meaning depends on the
// implementation at run time is not judged.
func (x *extractor) agree(sql *sqlcheck.Analyzer, q *Query) bool {
	for _, t := range q.alternatives {
		r := sql.AnalyzeDialect(t, x.dialect(q))
		if r.Parsed != q.SQL.Parsed || len(r.Statements) != len(q.SQL.Statements) {
			return false
		}
		for i, a := range r.Statements {
			b := q.SQL.Statements[i]
			if a.Kind != b.Kind || a.Effect != b.Effect || a.Table != b.Table || a.Constraint != b.Constraint || a.AnyUniqueKey != b.AnyUniqueKey || len(a.Keys) != len(b.Keys) {
				return false
			}
			for j, ka := range a.Keys {
				kb := b.Keys[j]
				if ka.Column != kb.Column || ka.Source != kb.Source || ka.Placeholder != kb.Placeholder || ka.FromColumn != kb.FromColumn || ka.FmtArg != kb.FmtArg {
					return false
				}
			}
		}
	}
	return true
}

// methodValue returns the method a call runs through a local variable
// assigned once a method value (exec := tx.Exec), or nil.
func (x *extractor) methodValue(call *ast.CallExpr) *types.Func {
	sel := x.methodValueSel(call)
	if sel == nil {
		return nil
	}
	fn, _ := x.pass.TypesInfo.Uses[sel.Sel].(*types.Func)
	return fn
}

// methodValueSel returns the method value (tx.Exec) that the local
// variable a call runs was assigned, once, or nil.
func (x *extractor) methodValueSel(call *ast.CallExpr) *ast.SelectorExpr {
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok || x.scope == nil {
		return nil
	}
	v, ok := x.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || v.Pkg() == nil || v.Parent() == v.Pkg().Scope() {
		return nil
	}
	defs := x.scope.Defs[v]
	if len(defs) != 1 || defs[0].Index >= 0 || defs[0].Op || defs[0].Range {
		return nil
	}
	sel, ok := ast.Unparen(defs[0].Expr).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	if s := x.pass.TypesInfo.Selections[sel]; s == nil || s.Kind() != types.MethodVal {
		return nil
	}
	return sel
}
