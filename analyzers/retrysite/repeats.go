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
	var counter types.Object // nil: the loop names no counter
	switch n := l.node.(type) {
	case *ast.ForStmt:
		if counter = a.ownCounter(n); counter == nil {
			return false
		}
	case *ast.RangeStmt:
		t, ok := a.pass.TypesInfo.TypeOf(n.X).Underlying().(*types.Basic)
		if !ok || t.Info()&types.IsInteger == 0 || n.Value != nil {
			return false
		}
		if n.Key != nil {
			id, ok := n.Key.(*ast.Ident)
			if !ok {
				return false
			}
			counter = a.pass.TypesInfo.Defs[id] // nil for _
		}
	}
	read := false
	if counter != nil {
		ast.Inspect(l.body, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && a.pass.TypesInfo.Uses[id] == counter {
				read = true
			}
			return !read
		})
	}
	return !read && !a.onlyReceives(l) && !a.pacedByClock(l)
}

// pacedByClock says whether the loop receives from a timer's or a
// ticker's channel: a loop on a schedule (a poll for a state), judged by
// its waits if at all, not a repeat at once.
func (a *analyzer) pacedByClock(l *loop) bool {
	paced := false
	walkLoop(l.body, func(n ast.Node) {
		u, ok := n.(*ast.UnaryExpr)
		if !ok || u.Op != token.ARROW {
			return
		}
		if sel, ok := ast.Unparen(u.X).(*ast.SelectorExpr); ok && sel.Sel.Name == "C" {
			if named := namedOf(a.pass.TypesInfo.TypeOf(sel.X)); named != nil && named.Obj().Pkg() != nil && named.Obj().Pkg().Path() == "time" {
				paced = true
			}
		}
	})
	return paced
}

// onlyReceives says whether every call of the loop that can fail is a
// function of this package that only takes the next value another
// goroutine sends (select { case err := <-errs: ...; case v := <-next:
// ... }): each round takes the next report, it runs nothing again.
func (a *analyzer) onlyReceives(l *loop) bool {
	calls, receives := 0, 0
	walkLoop(l.body, func(n ast.Node) {
		call, ok := n.(*ast.CallExpr)
		if !ok || a.isContextErr(call) {
			return
		}
		sig, ok := a.pass.TypesInfo.TypeOf(call.Fun).Underlying().(*types.Signature)
		if !ok || sig.Results().Len() == 0 || !isErrorType(sig.Results().At(sig.Results().Len()-1).Type()) {
			return
		}
		calls++
		if d := a.declOf(call.Fun); d != nil && d.Body != nil && receivesOnly(d.Body) {
			receives++
		}
	})
	return calls > 0 && calls == receives
}

// receivesOnly says whether a body is one select whose every case
// receives.
func receivesOnly(body *ast.BlockStmt) bool {
	if len(body.List) != 1 {
		return false
	}
	sel, ok := body.List[0].(*ast.SelectStmt)
	if !ok {
		return false
	}
	for _, c := range sel.Body.List {
		if receivedFrom(c.(*ast.CommClause).Comm) == nil {
			return false
		}
	}
	return true
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
