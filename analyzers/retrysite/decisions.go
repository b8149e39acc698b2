package retrysite

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
)

// isBoolType says whether t is a boolean: a retry decision's flag.
func isBoolType(t types.Type) bool {
	b, ok := t.(*types.Basic)
	if t != nil && !ok {
		b, ok = t.Underlying().(*types.Basic)
	}
	return ok && b.Info()&types.IsBoolean != 0
}

// verdict returns the boolean an operation returns beside its error when
// it says whether to go round again (again, err := f(attempt); if !again
// { return err }), in a loop whose wait grows between attempts: a
// backoff. Without the growing wait, a loop that stops when its
// operation says there is no more (more, err := drain(); if !more) and
// pauses between batches reads the same.
func (a *analyzer) verdict(l *loop, as *ast.AssignStmt) *types.Var {
	if len(as.Lhs) != 2 {
		return nil
	}
	call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	if !ok {
		return nil
	}
	sig, ok := a.pass.TypesInfo.TypeOf(call.Fun).Underlying().(*types.Signature)
	if !ok || sig.Results().Len() != 2 || !isBoolType(sig.Results().At(0).Type()) || !isErrorType(sig.Results().At(1).Type()) {
		return nil
	}
	id, ok := ast.Unparen(as.Lhs[0]).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := a.pass.TypesInfo.ObjectOf(id).(*types.Var)
	if !ok || !a.growingWait(l) {
		return nil
	}
	return v
}

// growingWait says whether a wait of the loop takes a variable that the
// loop multiplies or shifts (interval = interval * factor, d <<= 1),
// alone or inside the wait's expression (rand.N(interval)).
func (a *analyzer) growingWait(l *loop) bool {
	waited := map[*types.Var]bool{}
	walkLoop(l.body, func(n ast.Node) {
		if call, ok := n.(*ast.CallExpr); ok {
			if w := a.waitOf(call); w != nil {
				ast.Inspect(w.Expr, func(m ast.Node) bool {
					if id, ok := m.(*ast.Ident); ok {
						if v, ok := a.pass.TypesInfo.Uses[id].(*types.Var); ok {
							waited[v] = true // interval, rand.N(interval)
						}
					}
					return true
				})
			}
		}
	})
	if len(waited) == 0 {
		return false
	}
	grows := false
	walkLoop(l.body, func(n ast.Node) {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
			return
		}
		id, ok := ast.Unparen(as.Lhs[0]).(*ast.Ident)
		if !ok {
			return
		}
		v, ok := a.pass.TypesInfo.ObjectOf(id).(*types.Var)
		if !ok || !waited[v] {
			return
		}
		switch as.Tok {
		case token.MUL_ASSIGN, token.SHL_ASSIGN:
			grows = true
		case token.ASSIGN:
			ast.Inspect(as.Rhs[0], func(m ast.Node) bool {
				if b, ok := m.(*ast.BinaryExpr); ok && (b.Op == token.MUL || b.Op == token.SHL) && a.mentions(b, map[*types.Var]bool{v: true}) {
					grows = true
				}
				return !grows
			})
		}
	})
	return grows
}

// hasVerdict says whether the loop goes round on its operation's
// verdict: then the operation, not the loop, tells errors apart.
func (a *analyzer) hasVerdict(l *loop) bool {
	found := false
	walkLoop(l.body, func(n ast.Node) {
		if as, ok := n.(*ast.AssignStmt); ok && len(as.Rhs) == 1 && !found {
			found = a.verdict(l, as) != nil
		}
	})
	return found
}

// firstIteration returns the bodies of the loop's if statements taken
// only on its first iteration (for i := 0; ...; i++ { if i == 0 && ...
// { ... } }): a wait there comes before the first attempt, not between
// attempts.
func (a *analyzer) firstIteration(l *loop) []ast.Node {
	fs, ok := l.node.(*ast.ForStmt)
	if !ok || fs.Init == nil {
		return nil
	}
	init, ok := fs.Init.(*ast.AssignStmt)
	if !ok || len(init.Lhs) != 1 || len(init.Rhs) != 1 {
		return nil
	}
	id, ok := init.Lhs[0].(*ast.Ident)
	if !ok {
		return nil
	}
	counter, ok := a.pass.TypesInfo.ObjectOf(id).(*types.Var)
	start := a.pass.TypesInfo.Types[init.Rhs[0]].Value
	if !ok || start == nil || !a.counters(l)[counter] {
		return nil
	}
	var out []ast.Node
	walkLoop(l.body, func(n ast.Node) {
		ifs, ok := n.(*ast.IfStmt)
		if !ok {
			return
		}
		for _, c := range conjuncts(ifs.Cond) {
			b, ok := ast.Unparen(c).(*ast.BinaryExpr)
			if !ok || b.Op != token.EQL {
				continue
			}
			x, ok := ast.Unparen(b.X).(*ast.Ident)
			if v := a.pass.TypesInfo.Types[b.Y].Value; ok && a.pass.TypesInfo.Uses[x] == counter && v != nil && constant.Compare(v, token.EQL, start) {
				out = append(out, ifs.Body)
				return
			}
		}
	})
	return out
}

// verdictForEveryError says whether an operation that returns a verdict
// beside its error says "go round" for any error it meets: it returns
// true with an error under a test of that error's mere presence (if err
// != nil { return true, err }), and never false with one it got from a
// call.
func (a *analyzer) verdictForEveryError(body *ast.BlockStmt) bool {
	retries, declines := false, false
	var visit func(list []ast.Stmt, onFailure bool)
	visit = func(list []ast.Stmt, onFailure bool) {
		for _, st := range list {
			switch st := st.(type) {
			case *ast.IfStmt:
				visit(st.Body.List, onFailure || a.failureCond(st.Cond) && !a.looksAtError(st.Cond))
				if st.Else != nil {
					visit([]ast.Stmt{st.Else}, onFailure)
				}
			case *ast.BlockStmt:
				visit(st.List, onFailure)
			case *ast.ReturnStmt:
				if len(st.Results) != 2 {
					continue
				}
				tv := a.pass.TypesInfo.Types[st.Results[0]]
				if tv.Value == nil || a.isNil(st.Results[1]) {
					continue
				}
				id, isVar := ast.Unparen(st.Results[1]).(*ast.Ident)
				fromCall := isVar && a.pass.TypesInfo.Uses[id] != nil && a.pass.TypesInfo.Uses[id].Parent() != a.pass.Pkg.Scope()
				switch {
				case tv.Value.String() == "true" && onFailure && fromCall:
					retries = true
				case tv.Value.String() == "false" && fromCall:
					declines = true
				}
			}
		}
	}
	visit(body.List, false)
	return retries && !declines
}
