package effects

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/retrylint/retrylint/analyzers/internal/analysisutil"
	"github.com/retrylint/retrylint/rules"
)

// A request (or its method) can travel in a field of a value the
// function builds: a struct that wraps the *http.Request with what the
// sender needs besides (a body it can rewind), made by a composite
// literal, by a function of the package that returns it, or by
// assignments to the field. Where the value is a local variable that is
// not a parameter, the field is followed to every value the function
// stores in it: in the literal that makes the variable, in what a
// function of this package returns for it (read in that function, its
// parameters mapped to the call's arguments), and in assignments to the
// field. A field the value's methods set is not seen: a method that
// replaces the request (r.Request = r.WithContext(ctx)) keeps its
// method, as a derived request does.

// fieldOrigin follows a field selection on a value that is no
// parameter's: x.F where x is a local variable, a literal or a call.
// follow reads the field's values (requestOf for a request, methodOf for
// a method).
func (a *analyzer) fieldOrigin(sel *ast.SelectorExpr, f *funcCtx, depth int, follow func(ast.Expr, *funcCtx, int) origin) origin {
	s, ok := a.pass.TypesInfo.Selections[sel]
	if !ok || s.Kind() != types.FieldVal || len(s.Index()) != 1 {
		return unknown // a promoted field: the embedded value holds it
	}
	field, ok := s.Obj().(*types.Var)
	if !ok {
		return unknown
	}
	return a.fieldOf(sel.X, field, f, depth+1, follow)
}

// fieldOf follows field of the value x is to what is stored in it.
func (a *analyzer) fieldOf(x ast.Expr, field *types.Var, f *funcCtx, depth int, follow func(ast.Expr, *funcCtx, int) origin) origin {
	if x == nil || depth > maxRequestDepth {
		return unknown
	}
	info := a.pass.TypesInfo
	switch x := ast.Unparen(x).(type) {
	case *ast.UnaryExpr:
		return a.fieldOf(x.X, field, f, depth+1, follow) // &wrapper{...}
	case *ast.StarExpr:
		return a.fieldOf(x.X, field, f, depth+1, follow)
	case *ast.CompositeLit:
		st, ok := info.TypeOf(x).Underlying().(*types.Struct)
		if !ok {
			return unknown
		}
		for i, elt := range x.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				if id, ok := kv.Key.(*ast.Ident); ok && info.Uses[id] == field {
					return follow(kv.Value, f, depth+1)
				}
			} else if i < st.NumFields() && st.Field(i) == field {
				return follow(elt, f, depth+1)
			}
		}
		return unknown // the zero value
	case *ast.CallExpr:
		return a.fieldCall(x, 0, field, f, depth+1, follow)
	case *ast.Ident:
		v, ok := info.Uses[x].(*types.Var)
		if !ok || a.visiting[v] {
			return unknown
		}
		if _, isParam := f.param(v); isParam {
			return unknown // the caller's value: rootParam speaks for it
		}
		a.visiting[v] = true
		defer delete(a.visiting, v)
		o := unknown
		for _, d := range f.scope.Defs[v] {
			switch {
			case d.Range || d.Op:
			case d.Index >= 0:
				if call, ok := ast.Unparen(d.Expr).(*ast.CallExpr); ok {
					o = a.join(o, a.fieldCall(call, d.Index, field, f, depth+1, follow))
				}
			default:
				o = a.join(o, a.fieldOf(d.Expr, field, f, depth+1, follow))
			}
		}
		for _, fs := range f.scope.Fields[v] {
			if fs.Field == field {
				o = a.join(o, follow(fs.Value, f, depth+1))
			}
		}
		return o
	}
	return unknown
}

// fieldCall follows field of result index of a call of a function of
// this package: the field of what its return statements return, with a
// parameter of the callee read as the call's argument.
func (a *analyzer) fieldCall(call *ast.CallExpr, index int, field *types.Var, f *funcCtx, depth int, follow func(ast.Expr, *funcCtx, int) origin) origin {
	fn, _ := typeutil.Callee(a.pass.TypesInfo, call).(*types.Func)
	if fn == nil || index > 0 || fn.Pkg() != a.pass.Pkg || depth > maxRequestDepth {
		return unknown
	}
	callee := a.funcs[fn.Origin()]
	if callee == nil {
		return unknown
	}
	results := fn.Type().(*types.Signature).Results().Len()
	o := unknown
	ast.Inspect(callee.decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			switch {
			case len(n.Results) == 0:
			case len(n.Results) == 1 && results > 1:
				if inner, ok := ast.Unparen(n.Results[0]).(*ast.CallExpr); ok {
					o = a.join(o, a.fieldCall(inner, 0, field, callee, depth+1, follow))
				}
			default:
				o = a.join(o, a.fieldOf(n.Results[0], field, callee, depth+1, follow))
			}
		}
		return true
	})
	if o.param == noParam {
		return o
	}
	// The callee's parameter is the call's argument.
	mapped := origin{method: o.method, param: noParam}
	return a.join(mapped, a.originOf(analysisutil.Argument(call, rules.Arg(o.param)), f, depth+1))
}
