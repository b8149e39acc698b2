package retrysite

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
)

// A loop that success does not leave (a poller, a heartbeat, a stream
// reader) still retries when what it waits after a failure differs from
// what it waits after success: those waits are a backoff between
// attempts of the failed operation. failureBackoff finds them; a loop
// that waits the same whatever happened is no retry.

// failureBackoff returns the waits of a loop that is not a retry that
// come only after a failure, when they differ from its other waits:
//
//   - a wait in a branch taken on failure that goes round again (if err
//     != nil { time.Sleep(d); continue });
//   - a wait that follows a statement left only by a failure: an if err
//     != nil whose else is a read loop that breaks only on failure (a
//     stream reopened after it broke);
//   - a wait whose delay variable the loop sets apart after a failure
//     (sleep = time.Second after a failed ping, 5s after a good one).
//
// Waits outside those (a poll interval) are not backoffs; when one waits
// the same as the failure does, the loop paces itself whatever happened.
func (a *analyzer) failureBackoff(e *evaluator, l *loop, delays []*Delay) []*Delay {
	var branches []ast.Node
	walkLoop(l.body, func(n ast.Node) {
		if ifs, ok := n.(*ast.IfStmt); ok && a.failureCond(ifs.Cond) && a.goesRound(l, ifs.Body) {
			branches = append(branches, ifs.Body)
		}
		if cc, ok := n.(*ast.CaseClause); ok && len(cc.Body) > 0 && a.goesRound(l, cc.Body[len(cc.Body)-1]) {
			for _, x := range cc.List {
				if a.failureCond(x) {
					branches = append(branches, cc)
				}
			}
		}
	})
	var after, pacing []*Delay
	for _, w := range delays {
		if within(branches, w.at()) || a.afterFailure(l, w.at()) || a.armedOnFailure(l, w) {
			after = append(after, w)
		} else {
			pacing = append(pacing, w)
		}
	}
	if len(after) == 0 {
		if a.failureDelay(e, l, delays) {
			return delays
		}
		return nil
	}
	for _, f := range after {
		for _, p := range pacing {
			if a.sameDelay(e, f, p) {
				return nil // a heartbeat that waits its interval whatever happened
			}
		}
	}
	return after
}

// sameDelay says whether two waits wait the same: equal constants, or
// the same expression in the same function.
func (a *analyzer) sameDelay(e *evaluator, x, y *Delay) bool {
	if x.eval != y.eval {
		return false
	}
	if x.eval != nil {
		e = x.eval
	}
	vx, vy := e.constDuration(x.Expr), e.constDuration(y.Expr)
	if vx != nil && vy != nil {
		return constant.Compare(vx, token.EQL, vy)
	}
	return types.ExprString(ast.Unparen(x.Expr)) == types.ExprString(ast.Unparen(y.Expr))
}

// constDuration is the constant value of a delay, directly or through a
// local variable with one definition.
func (e *evaluator) constDuration(x ast.Expr) constant.Value {
	x = ast.Unparen(x)
	if tv := e.info().Types[x]; tv.Value != nil {
		return tv.Value
	}
	if id, ok := x.(*ast.Ident); ok {
		if v, ok := e.info().Uses[id].(*types.Var); ok && len(e.scope.Defs[v]) == 1 {
			if tv := e.info().Types[e.scope.Defs[v][0].Expr]; tv.Value != nil {
				return tv.Value
			}
		}
	}
	return nil
}

// afterFailure says whether the statement of the loop's body that holds
// n is reached only after a failure: the statement before it is an if err
// != nil whose else runs a loop that only a failure breaks out of.
func (a *analyzer) afterFailure(l *loop, n ast.Node) bool {
	for i, st := range l.body.List {
		if st.Pos() <= n.Pos() && n.End() <= st.End() {
			return i > 0 && a.leftOnFailure(l.body.List[i-1])
		}
	}
	return false
}

// leftOnFailure says whether every way past a statement that does not
// leave the function is a failure.
func (a *analyzer) leftOnFailure(st ast.Stmt) bool {
	switch st := st.(type) {
	case *ast.BlockStmt:
		return len(st.List) > 0 && a.leftOnFailure(st.List[len(st.List)-1])
	case *ast.IfStmt:
		if !a.failureCond(st.Cond) || st.Else == nil {
			return false
		}
		return endsFunction([]ast.Stmt{st.Else}) || a.leftOnFailure(st.Else)
	case *ast.ForStmt:
		return st.Cond == nil && st.Post == nil && a.breaksOnFailure(st)
	}
	return false
}

// breaksOnFailure says whether an endless loop is left only by a failure:
// each break out of it is in a branch taken on failure, and it has at
// least one.
func (a *analyzer) breaksOnFailure(fs *ast.ForStmt) bool {
	var failures []ast.Node
	var breaks []*ast.BranchStmt
	ast.Inspect(fs.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
			// A plain break inside these leaves them, not fs; a labeled
			// break or a goto out of fs is not read: give up on it.
			ast.Inspect(n, func(m ast.Node) bool {
				if b, ok := m.(*ast.BranchStmt); ok && (b.Label != nil || b.Tok == token.GOTO) {
					breaks = append(breaks, nil)
				}
				return true
			})
			return false
		case *ast.IfStmt:
			if a.failureCond(n.Cond) {
				failures = append(failures, n.Body)
			}
		case *ast.BranchStmt:
			switch {
			case n.Tok == token.BREAK && n.Label == nil:
				breaks = append(breaks, n)
			case n.Tok == token.GOTO || n.Label != nil:
				breaks = append(breaks, nil)
			}
		}
		return true
	})
	if len(breaks) == 0 {
		return false
	}
	for _, b := range breaks {
		if b == nil || !within(failures, b) {
			return false
		}
	}
	return true
}

// failureDelay says whether a loop's waits take a delay variable that the
// loop sets after a failure to a value it never sets otherwise, and sets
// otherwise too: timer.Reset(sleep), with sleep = time.Second after a
// failed ping and 5 * time.Second after a good one.
func (a *analyzer) failureDelay(e *evaluator, l *loop, delays []*Delay) bool {
	regions := a.failureRegions(l)
	if len(regions) == 0 {
		return false
	}
	for _, w := range delays {
		if w.eval != nil {
			return false
		}
		id, ok := ast.Unparen(w.Expr).(*ast.Ident)
		if !ok {
			return false
		}
		v, ok := a.pass.TypesInfo.Uses[id].(*types.Var)
		if !ok || v.IsField() {
			return false
		}
		var onFailure, otherwise []ast.Expr
		walkLoop(l.body, func(n ast.Node) {
			as, ok := n.(*ast.AssignStmt)
			if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != len(as.Rhs) {
				return
			}
			for i, lhs := range as.Lhs {
				if lid, ok := ast.Unparen(lhs).(*ast.Ident); ok && a.pass.TypesInfo.Uses[lid] == v {
					if within(regions, as) {
						onFailure = append(onFailure, as.Rhs[i])
					} else {
						otherwise = append(otherwise, as.Rhs[i])
					}
				}
			}
		})
		if len(onFailure) == 0 || len(otherwise) == 0 {
			return false
		}
		for _, f := range onFailure {
			for _, o := range otherwise {
				if a.sameDelay(e, &Delay{Expr: f}, &Delay{Expr: o}) {
					return false
				}
			}
		}
	}
	return true
}

// failureRegions are the parts of a loop's body that run only after a
// failure: if err != nil branches, case clauses of a failure (a type
// switch's case error), and the statements from a label that only gotos
// from those reach.
func (a *analyzer) failureRegions(l *loop) []ast.Node {
	var regions []ast.Node
	walkLoop(l.body, func(n ast.Node) {
		switch n := n.(type) {
		case *ast.IfStmt:
			if a.failureCond(n.Cond) {
				regions = append(regions, n.Body)
			}
		case *ast.TypeSwitchStmt:
			for _, c := range n.Body.List {
				cc := c.(*ast.CaseClause)
				for _, x := range cc.List {
					if t := a.pass.TypesInfo.TypeOf(x); t != nil && isErrorType(t) {
						regions = append(regions, cc)
					}
				}
			}
		case *ast.CaseClause:
			for _, x := range n.List {
				if a.failureCond(x) {
					regions = append(regions, n)
				}
			}
		}
	})
	// A label that only failures jump to, with nothing falling into it.
	walkLoop(l.body, func(n ast.Node) {
		block, ok := n.(*ast.BlockStmt)
		if !ok {
			return
		}
		for i, st := range block.List {
			ls, ok := st.(*ast.LabeledStmt)
			if !ok || i == 0 || !a.noFallthrough(block.List[i-1]) {
				continue
			}
			label, ok := a.pass.TypesInfo.Defs[ls.Label].(*types.Label)
			if !ok {
				continue
			}
			jumps, fromFailure := 0, true
			walkLoop(l.body, func(m ast.Node) {
				if b, ok := m.(*ast.BranchStmt); ok && b.Tok == token.GOTO && a.labelOf(b.Label) == label {
					jumps++
					if !within(regions, b) {
						fromFailure = false
					}
				}
			})
			if jumps > 0 && fromFailure {
				regions = append(regions, &ast.BlockStmt{Lbrace: ls.Pos(), List: block.List[i:], Rbrace: block.List[len(block.List)-1].End()})
			}
		}
	})
	return regions
}

// noFallthrough says whether control never passes from a statement to
// the next: a branch, a return, a panic, or a switch with a default whose
// every clause ends in one (other than a break).
func (a *analyzer) noFallthrough(st ast.Stmt) bool {
	switch st := st.(type) {
	case *ast.BranchStmt:
		return st.Tok != token.BREAK && st.Tok != token.FALLTHROUGH
	case *ast.ReturnStmt:
		return true
	case *ast.ExprStmt:
		return endsFunction([]ast.Stmt{st})
	case *ast.BlockStmt:
		return len(st.List) > 0 && a.noFallthrough(st.List[len(st.List)-1])
	case *ast.SwitchStmt:
		return a.clausesNoFallthrough(st.Body)
	case *ast.TypeSwitchStmt:
		return a.clausesNoFallthrough(st.Body)
	}
	return false
}

func (a *analyzer) clausesNoFallthrough(body *ast.BlockStmt) bool {
	hasDefault := false
	for _, c := range body.List {
		cc := c.(*ast.CaseClause)
		if cc.List == nil {
			hasDefault = true
		}
		if len(cc.Body) == 0 || !a.noFallthrough(cc.Body[len(cc.Body)-1]) {
			return false
		}
	}
	return hasDefault
}
