package retrysite

import (
	"go/ast"
	"go/types"
	"strings"

	"github.com/retrylint/retrylint/analyzers/internal/analysisutil"
)

// A library calls its own entry points in two ways. It delegates: one
// entry point runs another (a Retry that calls RetryNotify, a Do that
// calls DoWithData), a function of its machinery hands on the operation
// its caller gave it, or it builds and configures the client it gives its
// callers. That is its implementation: the rules describe it to the
// library's callers, and no site is made (notsite.own-entry). Or it uses
// the entry point as any caller would, handing it work of its own: an
// executor that sends its caller's request through the library's own
// retry helper. That call is judged as any call of the entry point is
// (library.own-use).

// ownEntry says whether fn is a retry entry point or client constructor of
// the rules that the package calls from inside its library: from the same
// package for any rule, from the same module for a builtin one (a
// project's own rows for its own helper apply across its packages; a row
// with own-module, a registration of the plugins the library's module
// holds, is judged in its other packages).
func (a *analyzer) ownEntry(fn *types.Func) bool {
	r := a.rules.Retry(fn)
	if r == nil {
		r = a.rules.Client(fn)
	}
	if r == nil || fn.Pkg() == nil {
		return false
	}
	if fn.Pkg() == a.pass.Pkg {
		return true
	}
	mod := a.pass.Module
	if !r.Builtin || r.OwnModule || mod == nil || mod.Path == "" {
		return false
	}
	p := fn.Pkg().Path()
	return p == mod.Path || strings.HasPrefix(p, mod.Path+"/")
}

// delegation returns the decision that keeps d's call of its library's
// own entry point fn silent, or nil when the call is a use. It delegates
// when
//
//   - fn is a client row: the library builds or configures the client it
//     gives its callers;
//   - d is itself a retry entry point or client constructor of the rules:
//     one entry point runs another;
//   - the operation d hands fn is a function d was given (a parameter, a
//     field or variable of a function or interface type), a function
//     literal that calls one of d's parameters or a field of a function
//     type, or a call that wraps such a function: the machinery passes
//     its caller's operation on.
func (a *analyzer) delegation(d *ast.FuncDecl, e *evaluator, call *ast.CallExpr, fn *types.Func) *Decision {
	name := short(call.Fun)
	r := a.rules.Retry(fn)
	if r == nil {
		why := decision(ruleNotOwnEntry, "site", No, call, "%s builds or configures the library's own client, which the rules describe to its callers", name)
		return &why
	}
	if caller, ok := a.pass.TypesInfo.Defs[d.Name].(*types.Func); ok && (a.rules.Retry(caller) != nil || a.rules.Client(caller) != nil) {
		why := decision(ruleNotOwnEntry, "site", No, call, "%s is itself an entry point of the rules, and runs its library's %s", d.Name.Name, name)
		return &why
	}
	op := e.operation(analysisutil.Argument(call, *r.Operation))
	if x := a.converted(op, r.Unwraps); x != nil {
		op = x // HandlerFunc(fn): fn
	}
	switch given := a.givenFunction(d, op); {
	case given == nil:
	case given == op:
		why := decision(ruleNotOwnEntry, "site", No, given, "%s hands %s, a function the library was given, on to its library's %s", d.Name.Name, short(given), name)
		return &why
	default:
		if call, ok := given.(*ast.CallExpr); ok {
			given = call.Fun
		}
		why := decision(ruleNotOwnEntry, "site", No, given, "%s hands its library's %s an operation that runs %s, a function the library was given", d.Name.Name, name, short(given))
		return &why
	}
	return nil
}

// givenFunction returns the expression by which the operation op is a
// function d was given: op itself, when it names a parameter of d or a
// variable or field of a function or interface type (code not in sight,
// set by someone else); a call in op, when op is a function literal that
// calls a parameter of d or a field of a function type (func() error {
// return fn(ctx) }, func() error { return t.run(ctx) }), or a method of a
// parameter of an interface type; or an argument of op, when op is a call
// that wraps such a function (logged(fn)).
func (a *analyzer) givenFunction(d *ast.FuncDecl, op ast.Expr) ast.Expr {
	if op == nil {
		return nil
	}
	params := a.scopeOf(d).Params
	given := func(x ast.Expr, inLiteral bool) bool {
		id := identOf(ast.Unparen(x))
		if id == nil {
			return false
		}
		v, ok := a.pass.TypesInfo.Uses[id].(*types.Var)
		if !ok {
			return false
		}
		if _, ok := params[v]; ok {
			return true
		}
		_, isFunc := v.Type().Underlying().(*types.Signature)
		if inLiteral {
			return isFunc && v.IsField()
		}
		return isFunc || types.IsInterface(v.Type())
	}
	switch x := ast.Unparen(op).(type) {
	case *ast.FuncLit:
		var found ast.Expr
		ast.Inspect(x.Body, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || found != nil {
				return found == nil
			}
			fun := ast.Unparen(call.Fun)
			if given(fun, true) {
				found = call // fn(ctx), t.run(ctx)
			} else if sel, ok := fun.(*ast.SelectorExpr); ok && given(sel.X, true) && types.IsInterface(a.pass.TypesInfo.TypeOf(sel.X)) {
				found = call // h.ProcessTask(ctx, t), h a parameter
			}
			return found == nil
		})
		return found
	case *ast.CallExpr:
		for _, arg := range x.Args {
			t := a.pass.TypesInfo.TypeOf(arg)
			if t == nil {
				continue
			}
			if _, isFunc := t.Underlying().(*types.Signature); isFunc && given(arg, false) {
				return arg // logged(fn)
			}
		}
		return nil
	}
	if given(op, false) {
		return op
	}
	return nil
}
