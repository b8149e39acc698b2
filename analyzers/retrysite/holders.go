package retrysite

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

// A function value can sit in a package-level variable or in a field of
// one of the package's struct types (var sleep = sleepCtx, a client's
// retry field set by its constructor): a call through it runs what the
// package stores there. Only the package's own stores outside its tests
// count (a test that swaps in a fake is not how the package runs); a
// holder whose address is taken, or that takes a value of several
// results at once, holds what cannot be told.

// holders is what the package stores in its package-level variables and
// in the fields of its struct types, outside its tests.
type holders struct {
	values map[*types.Var][]ast.Expr // nil elements: a store that cannot be read
}

// heldValues returns every value the package stores in v, or nil when
// one cannot be read or v is not a package-level variable or a field of
// this package.
func (a *analyzer) heldValues(v *types.Var) []ast.Expr {
	if v == nil || v.Pkg() != a.pass.Pkg || !v.IsField() && v.Parent() != a.pass.Pkg.Scope() {
		return nil
	}
	if a.held == nil {
		a.held = a.collectHolders()
	}
	values := a.held.values[v]
	for _, x := range values {
		if x == nil {
			return nil
		}
	}
	return values
}

func (a *analyzer) collectHolders() *holders {
	h := &holders{values: map[*types.Var][]ast.Expr{}}
	info := a.pass.TypesInfo
	holder := func(x ast.Expr) *types.Var {
		id := identOf(ast.Unparen(x))
		if id == nil {
			return nil
		}
		v, _ := info.ObjectOf(id).(*types.Var)
		if v == nil || v.Pkg() != a.pass.Pkg || !v.IsField() && v.Parent() != a.pass.Pkg.Scope() {
			return nil
		}
		return v
	}
	store := func(v *types.Var, x ast.Expr) {
		if v != nil {
			h.values[v] = append(h.values[v], x)
		}
	}
	for _, f := range a.sourceFiles() {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.ValueSpec:
				for i, name := range n.Names {
					if len(n.Values) == len(n.Names) {
						store(holder(name), n.Values[i])
					} else if len(n.Values) > 0 {
						store(holder(name), nil)
					}
				}
			case *ast.AssignStmt:
				if n.Tok == token.DEFINE {
					return true
				}
				for i, lhs := range n.Lhs {
					if n.Tok == token.ASSIGN && len(n.Rhs) == len(n.Lhs) {
						store(holder(lhs), n.Rhs[i])
					} else {
						store(holder(lhs), nil)
					}
				}
			case *ast.UnaryExpr:
				if n.Op == token.AND {
					store(holder(n.X), nil) // &sleep: stored through the pointer
				}
			case *ast.CompositeLit:
				st, ok := info.TypeOf(n).Underlying().(*types.Struct)
				if !ok {
					return true
				}
				for i, elt := range n.Elts {
					if kv, ok := elt.(*ast.KeyValueExpr); ok {
						if key, ok := kv.Key.(*ast.Ident); ok {
							store(holder(key), kv.Value)
						}
					} else if i < st.NumFields() && st.Field(i).Pkg() == a.pass.Pkg {
						store(st.Field(i), elt)
					}
				}
			}
			return true
		})
	}
	return h
}

// heldFunc returns the function that a call through a package-level
// variable or a field calls: the one function every store of the package
// names (var wait = sleepCtx), or nil.
func (a *analyzer) heldFunc(call *ast.CallExpr) *types.Func {
	v, _ := typeutil.Callee(a.pass.TypesInfo, call).(*types.Var)
	var fn *types.Func
	for _, x := range a.heldValues(v) {
		f := a.namedFunc(x)
		if f == nil || fn != nil && f != fn {
			return nil
		}
		fn = f
	}
	return fn
}

// namedFunc returns the function an expression names (sleepCtx,
// clock.Sleep, c.wait), or nil.
func (a *analyzer) namedFunc(x ast.Expr) *types.Func {
	id := identOf(ast.Unparen(x))
	if id == nil {
		return nil
	}
	fn, _ := a.pass.TypesInfo.Uses[id].(*types.Func)
	return fn
}
