package retrysite

import (
	"go/ast"
	"go/token"
	"go/types"
)

// repeatsOperation says whether a loop that does not wait retries all
// the same because it runs one operation a counted number of times and
// leaves on success: a for statement that counts with a variable of its
// own (for i := 0; i < max; i++), or a range over an integer, whose body
// never reads the counter, so that every round runs the same operation
// again. A counted loop whose body reads its counter (hosts[i], a page
// number, a backoff step) moves on to another item: a failover or a
// scan, left alone.
func (a *analyzer) repeatsOperation(l *loop) bool {
	if l.gotoLoop || !a.retries(l) {
		return false
	}
	var counter types.Object
	switch n := l.node.(type) {
	case *ast.ForStmt:
		counter = a.ownCounter(n)
	case *ast.RangeStmt:
		t, ok := a.pass.TypesInfo.TypeOf(n.X).Underlying().(*types.Basic)
		if !ok || t.Info()&types.IsInteger == 0 || n.Value != nil {
			return false
		}
		if n.Key == nil {
			return true // for range max
		}
		id, ok := n.Key.(*ast.Ident)
		if !ok {
			return false
		}
		if id.Name == "_" {
			return true
		}
		counter = a.pass.TypesInfo.Defs[id]
	}
	if counter == nil {
		return false
	}
	read := false
	ast.Inspect(l.body, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && a.pass.TypesInfo.Uses[id] == counter {
			read = true
		}
		return !read
	})
	return !read
}

// ownCounter returns the variable a for statement declares, compares in
// its condition and steps in its post statement (for i := 0; i < max;
// i++), or nil.
func (a *analyzer) ownCounter(fs *ast.ForStmt) types.Object {
	init, ok := fs.Init.(*ast.AssignStmt)
	if !ok || init.Tok != token.DEFINE || len(init.Lhs) != 1 {
		return nil
	}
	id, ok := init.Lhs[0].(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := a.pass.TypesInfo.Defs[id].(*types.Var)
	if !ok || !isNumeric(v.Type()) {
		return nil
	}
	cond, ok := ast.Unparen(fs.Cond).(*ast.BinaryExpr)
	if !ok || !a.mentions(cond, map[*types.Var]bool{v: true}) {
		return nil
	}
	switch cond.Op {
	case token.LSS, token.LEQ, token.GTR, token.GEQ, token.NEQ:
	default:
		return nil
	}
	var stepped ast.Expr
	switch post := fs.Post.(type) {
	case *ast.IncDecStmt:
		stepped = post.X
	case *ast.AssignStmt:
		if len(post.Lhs) == 1 && (post.Tok == token.ADD_ASSIGN || post.Tok == token.SUB_ASSIGN) {
			stepped = post.Lhs[0]
		}
	}
	if sid, ok := stepped.(*ast.Ident); !ok || a.pass.TypesInfo.Uses[sid] != v {
		return nil
	}
	return v
}
