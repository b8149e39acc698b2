package retrysite

import (
	"go/ast"
	"go/token"
	"go/types"
)

// A loop may arm its pause in one place and take it in another: a branch
// taken on failure stores a timer's channel in a variable (backoff =
// time.After(d)), and a later receive from that variable (case
// <-backoff) is the pause before the next attempt. The wait is then
// where the channel is armed, and it comes after a failure when that
// branch runs only after one and does not leave the loop.

// armedOnFailure says whether a wait is a timer channel stored, in a
// branch that runs only after a failure and goes on round the loop, in a
// variable the loop receives from afterwards.
func (a *analyzer) armedOnFailure(l *loop, w *Delay) bool {
	if w.Via != nil {
		return false
	}
	var v *types.Var
	var armed *ast.AssignStmt
	walkLoop(l.body, func(n ast.Node) {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != len(as.Rhs) {
			return
		}
		for i, rhs := range as.Rhs {
			if ast.Unparen(rhs) != w.Wait {
				continue
			}
			if id, ok := ast.Unparen(as.Lhs[i]).(*ast.Ident); ok {
				if lv, ok := a.pass.TypesInfo.ObjectOf(id).(*types.Var); ok {
					if _, isChan := lv.Type().Underlying().(*types.Chan); isChan {
						v, armed = lv, as
					}
				}
			}
		}
	})
	if v == nil {
		return false
	}
	received := false
	walkLoop(l.body, func(n ast.Node) {
		if u, ok := n.(*ast.UnaryExpr); ok && u.Op == token.ARROW && u.Pos() > armed.End() {
			if id, ok := ast.Unparen(u.X).(*ast.Ident); ok && a.pass.TypesInfo.Uses[id] == v {
				received = true
			}
		}
	})
	if !received {
		return false
	}
	for _, r := range append(a.failureRegions(l), a.afterSuccessClauses(l)...) {
		if !within([]ast.Node{r}, armed) {
			continue
		}
		var body []ast.Stmt
		inSwitch := false
		switch r := r.(type) {
		case *ast.BlockStmt:
			body = r.List
		case *ast.CaseClause:
			body, inSwitch = r.Body, true
		}
		if len(body) > 0 && !a.exits(l, body[len(body)-1], inSwitch) {
			return true
		}
	}
	return false
}

// afterSuccessClauses are the clauses of the loop's tagless switches
// that run only after a failure: once a case tests for success (case err
// == nil), the cases after it, and the default, are reached only when
// that test failed.
func (a *analyzer) afterSuccessClauses(l *loop) []ast.Node {
	var out []ast.Node
	walkLoop(l.body, func(n ast.Node) {
		sw, ok := n.(*ast.SwitchStmt)
		if !ok || sw.Tag != nil {
			return
		}
		var def *ast.CaseClause
		success := false
		for _, c := range sw.Body.List {
			cc := c.(*ast.CaseClause)
			if cc.List == nil {
				def = cc
				continue
			}
			if success {
				out = append(out, cc)
				continue
			}
			for _, x := range cc.List {
				if a.successCond(x) && !fallsThrough(cc) {
					success = true
				}
			}
		}
		if success && def != nil {
			out = append(out, def)
		}
	})
	return out
}

func fallsThrough(cc *ast.CaseClause) bool {
	if len(cc.Body) == 0 {
		return false
	}
	b, ok := cc.Body[len(cc.Body)-1].(*ast.BranchStmt)
	return ok && b.Tok == token.FALLTHROUGH
}
