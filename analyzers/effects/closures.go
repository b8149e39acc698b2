package effects

import (
	"go/ast"
	"go/types"
)

// closureEffect returns the effect of a call of a local variable
// assigned one function literal (batch := func(ctx) error { ... };
// retry(func() error { return batch(ctx) })): the literal's first
// effect, with the variable as the first hop. A variable assigned
// anything else, or more than once, is a function value, not guessed at.
func (a *analyzer) closureEffect(call *ast.CallExpr, f *funcCtx) *Effect {
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok || f == nil || f.scope == nil {
		return nil
	}
	v, ok := a.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok {
		return nil
	}
	defs := f.scope.Defs[v]
	if len(defs) != 1 || defs[0].Index >= 0 || defs[0].Op || defs[0].Range {
		return nil
	}
	lit, ok := ast.Unparen(defs[0].Expr).(*ast.FuncLit)
	if !ok || a.closures[lit] {
		return nil // a literal that calls itself adds nothing
	}
	if a.closures == nil {
		a.closures = map[*ast.FuncLit]bool{}
	}
	a.closures[lit] = true
	e := a.first(lit.Body, f)
	delete(a.closures, lit)
	if e == nil {
		return nil
	}
	hop := Hop{Name: id.Name, Posn: a.posn(call.Pos())}
	return &Effect{Class: e.Class, What: e.What, Chain: chain(hop, e.Chain), QueryPkg: e.QueryPkg, Query: e.Query}
}
