package retrysite

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

// loopCaps finds what bounds a retry loop: a counted condition or exit, a
// clock comparison, or a context's Done or Err.
func (a *analyzer) loopCaps(e *evaluator, loop ast.Stmt, body *ast.BlockStmt, cond ast.Expr) Policy {
	p := unknownPolicy()
	p.Attempts, p.Elapsed, p.Cancel = No, No, No
	counters := a.counters(loop)
	bound := func(x ast.Expr) {
		switch a.capKind(e, x, counters) {
		case capAttempts:
			p.Attempts = Yes
		case capElapsed:
			p.Elapsed = Yes
		}
	}
	switch l := loop.(type) {
	case *ast.ForStmt:
		if cond != nil {
			bound(cond)
		}
	case *ast.RangeStmt:
		// Over a number, a slice of delays, a map or a string: counted.
		if _, isFunc := a.pass.TypesInfo.TypeOf(l.X).Underlying().(*types.Signature); !isFunc {
			p.Attempts = Yes
		}
	}
	var visit func(list []ast.Stmt, inSwitch bool)
	visit = func(list []ast.Stmt, inSwitch bool) {
		for _, st := range list {
			switch st := st.(type) {
			case *ast.IfStmt:
				if exits(st.Body, inSwitch) {
					bound(st.Cond)
					if a.stopSignal(st.Cond) {
						p.Cancel = Yes // if p.closed() { return }
					}
				}
				visit(st.Body.List, inSwitch)
				if st.Else != nil {
					visit([]ast.Stmt{st.Else}, inSwitch)
				}
			case *ast.BlockStmt:
				visit(st.List, inSwitch)
			case *ast.SwitchStmt:
				for _, c := range st.Body.List {
					cc := c.(*ast.CaseClause)
					if len(cc.Body) > 0 && exits(cc.Body[len(cc.Body)-1], true) {
						for _, x := range cc.List {
							bound(x)
						}
					}
					visit(cc.Body, true)
				}
			case *ast.SelectStmt:
				for _, c := range st.Body.List {
					visit(c.(*ast.CommClause).Body, true)
				}
			case *ast.LabeledStmt:
				visit([]ast.Stmt{st.Stmt}, inSwitch)
			}
		}
	}
	visit(body.List, false)

	// Cancellation: the loop looks at a context, or waits through a
	// helper that takes one.
	check := func(n ast.Node) {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return
		}
		var ctx ast.Expr
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && (sel.Sel.Name == "Done" || sel.Sel.Name == "Err") && isContext(a.pass.TypesInfo.TypeOf(sel.X)) {
			ctx = sel.X
		} else if w := a.waitOf(call); w != nil {
			for _, arg := range call.Args {
				if isContext(a.pass.TypesInfo.TypeOf(arg)) {
					ctx = arg
				}
			}
		}
		if ctx == nil {
			return
		}
		t, param := e.context(ctx)
		if t == Yes && p.Cancel != Yes {
			p.Cancel, p.ContextParam = Yes, param
		}
	}
	walkLoop(body, check)
	if cond != nil {
		ast.Inspect(cond, func(n ast.Node) bool { check(n); return true })
	}
	return p
}

type capKind int

const (
	capNone capKind = iota
	capAttempts
	capElapsed
)

// capKind says whether a condition that ends the loop bounds it: a
// comparison of an attempt counter, of the clock, or of a backoff's
// delay with its stop value.
func (a *analyzer) capKind(e *evaluator, x ast.Expr, counters map[*types.Var]bool) capKind {
	kind := capNone
	ast.Inspect(x, func(n ast.Node) bool {
		b, ok := n.(*ast.BinaryExpr)
		if !ok || kind != capNone {
			return kind == capNone
		}
		switch b.Op {
		case token.LSS, token.LEQ, token.GTR, token.GEQ, token.EQL, token.NEQ:
		default:
			return true
		}
		for _, side := range []ast.Expr{b.X, b.Y} {
			switch {
			case a.clock(e, side):
				kind = capElapsed
			case a.mentions(side, counters):
				kind = capAttempts
			case b.Op != token.EQL && b.Op != token.NEQ && isCallOrConversion(side):
				kind = capAttempts // b.Attempt() >= max
			case (b.Op == token.EQL || b.Op == token.NEQ) && a.isDurationConst(side) && !a.isDurationConst(otherSide(b, side)):
				kind = capAttempts // d == backoff.Stop
			}
		}
		return true
	})
	return kind
}

func otherSide(b *ast.BinaryExpr, side ast.Expr) ast.Expr {
	if side == b.X {
		return b.Y
	}
	return b.X
}

func isCallOrConversion(x ast.Expr) bool {
	_, ok := ast.Unparen(x).(*ast.CallExpr)
	return ok
}

func (a *analyzer) isDurationConst(x ast.Expr) bool {
	tv, ok := a.pass.TypesInfo.Types[x]
	if !ok || tv.Value == nil {
		return false
	}
	named, ok := types.Unalias(tv.Type).(*types.Named)
	return ok && named.Obj().Pkg() != nil && named.Obj().Pkg().Path() == "time" && named.Obj().Name() == "Duration"
}

// counters are the variables a loop counts with: incremented or
// decremented in its body or post statement.
func (a *analyzer) counters(loop ast.Stmt) map[*types.Var]bool {
	out := map[*types.Var]bool{}
	add := func(x ast.Expr) {
		if id, ok := ast.Unparen(x).(*ast.Ident); ok {
			if v, ok := a.pass.TypesInfo.ObjectOf(id).(*types.Var); ok {
				out[v] = true
			}
		}
	}
	ast.Inspect(loop, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IncDecStmt:
			add(n.X)
		case *ast.AssignStmt:
			if n.Tok == token.ADD_ASSIGN || n.Tok == token.SUB_ASSIGN {
				for _, lhs := range n.Lhs {
					add(lhs)
				}
			}
		}
		return true
	})
	return out
}

func (a *analyzer) mentions(x ast.Expr, vars map[*types.Var]bool) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := a.pass.TypesInfo.Uses[id].(*types.Var); ok && vars[v] {
				found = true
			}
		}
		return !found
	})
	return found
}

// clock says whether an expression reads the clock (a function of the
// rules' clocks), directly or through a local variable.
func (a *analyzer) clock(e *evaluator, x ast.Expr) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if fn, ok := typeutil.Callee(a.pass.TypesInfo, n).(*types.Func); ok && a.rules.IsClock(fn) {
				found = true
			}
		case *ast.Ident:
			if v, ok := a.pass.TypesInfo.Uses[n].(*types.Var); ok && !e.seen[v] {
				if e.seen == nil {
					e.seen = map[*types.Var]bool{}
				}
				e.seen[v] = true
				for _, d := range e.scope.Defs[v] {
					if a.clock(e, d.Expr) {
						found = true
					}
				}
				delete(e.seen, v)
			}
		}
		return !found
	})
	return found
}

func isContext(t types.Type) bool {
	if t == nil {
		return false
	}
	named, ok := types.Unalias(t).(*types.Named)
	return ok && named.Obj().Pkg() != nil && named.Obj().Pkg().Path() == "context" && named.Obj().Name() == "Context"
}

// stopSignal says whether a condition that leaves a loop asks whether the
// work should stop: a call (or its negation) returning a bool that looks
// at no error, p.closed(), stopping.Load(). It ends the loop from outside,
// as a context would.
func (a *analyzer) stopSignal(cond ast.Expr) bool {
	x := ast.Unparen(cond)
	if u, ok := x.(*ast.UnaryExpr); ok && u.Op == token.NOT {
		x = ast.Unparen(u.X)
	}
	call, ok := x.(*ast.CallExpr)
	if !ok || a.refsError(call) {
		return false
	}
	t, ok := a.pass.TypesInfo.TypeOf(call).(*types.Basic)
	return ok && t.Kind() == types.Bool
}
