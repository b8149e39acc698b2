package retrysite

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

// created returns the concrete type of the value a creator makes: x is a
// function (a func literal, or a function of the package named by its
// identifier) that a framework calls to get the value it then runs by its
// method (telegraf's outputs.Add(name, func() telegraf.Output { return
// &SQL{} })). Every return statement of the creator must return a value
// of one concrete type, directly or through a call of another function
// of the package that does; a return of an interface value it cannot see
// through, or of two different types, makes it nil: no handler.
func (a *analyzer) created(x ast.Expr) types.Type {
	t := a.pass.TypesInfo.TypeOf(x)
	if t == nil {
		return nil
	}
	sig, ok := t.Underlying().(*types.Signature)
	if !ok || sig.Results().Len() != 1 {
		return nil
	}
	switch x := ast.Unparen(x).(type) {
	case *ast.FuncLit:
		return a.createdBy(x.Body, 0)
	case *ast.Ident, *ast.SelectorExpr:
		if fn, ok := a.pass.TypesInfo.Uses[identOf(x)].(*types.Func); ok {
			return a.createdIn(fn, 0)
		}
	}
	return nil
}

// createdIn is created for a function of the package.
func (a *analyzer) createdIn(fn *types.Func, depth int) types.Type {
	if d := a.decls[fn.Origin()]; d != nil && d.Body != nil && depth <= 3 {
		return a.createdBy(d.Body, depth)
	}
	return nil
}

// createdBy is created for a creator's body, depth calls deep.
func (a *analyzer) createdBy(body *ast.BlockStmt, depth int) types.Type {
	var found types.Type
	ok := true
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false // its returns are its own
		case *ast.ReturnStmt:
			if len(n.Results) != 1 {
				ok = false
				return false
			}
			if tv, isNil := a.pass.TypesInfo.Types[n.Results[0]]; isNil && tv.IsNil() {
				return false // no value: the framework has nothing to run
			}
			t := a.returned(n.Results[0], depth)
			switch {
			case t == nil:
				ok = false
			case found == nil:
				found = t
			case !types.Identical(found, t):
				ok = false
			}
		}
		return ok
	})
	if !ok {
		return nil
	}
	return found
}

// returned is the concrete type of a creator's result x: its static type
// when that is not an interface, else what the function of the package it
// calls creates.
func (a *analyzer) returned(x ast.Expr, depth int) types.Type {
	t := a.pass.TypesInfo.TypeOf(x)
	if t == nil {
		return nil
	}
	if !types.IsInterface(t) {
		return t
	}
	call, ok := ast.Unparen(x).(*ast.CallExpr)
	if !ok {
		return nil // a variable, a field: what it holds is not followed
	}
	fn := typeutil.StaticCallee(a.pass.TypesInfo, call)
	if fn == nil || fn.Pkg() != a.pass.Pkg {
		return nil
	}
	return a.createdIn(fn, depth+1)
}
