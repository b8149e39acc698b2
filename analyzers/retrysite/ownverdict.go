package retrysite

import (
	"go/ast"
	"go/token"
	"go/types"
)

// A wait that a loop enters only after its operation returned a sentinel
// error of this package, which the package returns on a verdict of its
// own computation (if newver == 0 { return errNoChange }, where newver
// is what a function of the package computed), waits for the package's
// own state to move on: the clock to tick for a timestamp that has a
// coarse resolution, a local merge to see a change. No dependency failed,
// so no herd forms on one: it is not a backoff. A sentinel returned on a
// failure (if err != nil), or on a value another package's call gave
// (if resp.StatusCode == 429 { return errThrottled }), is a dependency's
// answer, and a wait after it stays a backoff.

// ownVerdictWait says whether the loop enters wait d only under a test of
// its error against such a sentinel.
func (a *analyzer) ownVerdictWait(l *loop, d *Delay) bool {
	at := d.at()
	var sentinels []*types.Var
	var stack []ast.Node
	found := false
	ast.Inspect(l.body, func(n ast.Node) bool {
		if found {
			return false
		}
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if n == at {
			found = true
			for _, s := range stack {
				if is, ok := s.(*ast.IfStmt); ok && is.Init == nil && contains(is.Body, at) {
					if v := a.sentinelTest(is.Cond); v != nil {
						sentinels = append(sentinels, v)
					}
				}
			}
			return false
		}
		stack = append(stack, n)
		return true
	})
	if len(sentinels) == 0 {
		return false
	}
	for _, v := range sentinels {
		if a.ownVerdict(v) {
			return true
		}
	}
	return false
}

func contains(outer, inner ast.Node) bool {
	return outer.Pos() <= inner.Pos() && inner.End() <= outer.End()
}

// sentinelTest returns the package-level error variable of this package
// that a condition tests an error against: x == errS, errors.Is(x, errS).
func (a *analyzer) sentinelTest(cond ast.Expr) *types.Var {
	var other ast.Expr
	switch c := ast.Unparen(cond).(type) {
	case *ast.BinaryExpr:
		if c.Op != token.EQL {
			return nil
		}
		if v := a.sentinel(c.Y); v != nil {
			return v
		}
		other = c.X
	case *ast.CallExpr:
		fn := calleeOf(a.pass.TypesInfo, c)
		if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "errors" || fn.Name() != "Is" || len(c.Args) != 2 {
			return nil
		}
		other = c.Args[1]
	default:
		return nil
	}
	return a.sentinel(other)
}

// sentinel returns the variable x names when it is a package-level error
// variable of this package.
func (a *analyzer) sentinel(x ast.Expr) *types.Var {
	id, ok := ast.Unparen(x).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := a.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || v.Pkg() != a.pass.Pkg || v.Parent() != a.pass.Pkg.Scope() || !isErrorType(v.Type()) {
		return nil
	}
	return v
}

// ownVerdict says whether every return of sentinel v in the package is a
// verdict of the package's own computation: under conditions that test
// no error and read only values that the package's functions computed
// (or constants and parameters), never another package's call.
func (a *analyzer) ownVerdict(v *types.Var) bool {
	returns := 0
	for _, d := range a.decls {
		if d.Body == nil || a.pass.Fset.File(d.Pos()) == nil {
			continue
		}
		own := true
		var stack []ast.Node
		ast.Inspect(d.Body, func(n ast.Node) bool {
			if !own {
				return false
			}
			if n == nil {
				stack = stack[:len(stack)-1]
				return true
			}
			if ret, ok := n.(*ast.ReturnStmt); ok && returnsVar(a.pass.TypesInfo, ret, v) {
				returns++
				for _, s := range stack {
					if is, ok := s.(*ast.IfStmt); ok && contains(is.Body, ret) && !a.ownCondition(d, is.Cond) {
						own = false
					}
				}
			}
			stack = append(stack, n)
			return true
		})
		if !own {
			return false
		}
	}
	return returns > 0
}

func returnsVar(info *types.Info, ret *ast.ReturnStmt, v *types.Var) bool {
	for _, r := range ret.Results {
		if id, ok := ast.Unparen(r).(*ast.Ident); ok && info.Uses[id] == v {
			return true
		}
	}
	return false
}

// ownCondition says whether a condition reads only what the package's
// own functions computed: no error is tested, and every variable it
// reads is a parameter or is assigned from constants or calls of this
// package's functions.
func (a *analyzer) ownCondition(d *ast.FuncDecl, cond ast.Expr) bool {
	info := a.pass.TypesInfo
	scope := a.scopeOf(d)
	own := true
	ast.Inspect(cond, func(n ast.Node) bool {
		if !own {
			return false
		}
		switch n := n.(type) {
		case *ast.CallExpr:
			if !a.ownCall(n) {
				own = false
			}
		case *ast.Ident:
			v, ok := info.Uses[n].(*types.Var)
			if !ok {
				return true
			}
			if isErrorType(v.Type()) {
				own = false // a failure passed on
				return false
			}
			for _, def := range scope.Defs[v] {
				// The value is what the call that makes it computed: its
				// arguments are that function's business.
				if call, ok := ast.Unparen(def.Expr).(*ast.CallExpr); ok {
					own = own && a.ownCall(call)
					continue
				}
				ast.Inspect(def.Expr, func(m ast.Node) bool {
					if call, ok := m.(*ast.CallExpr); ok && !a.ownCall(call) {
						own = false
					}
					return own
				})
			}
		}
		return own
	})
	return own
}

// ownCall says whether a call computes in the package: a static call of a
// function of this package, a builtin, or a conversion.
func (a *analyzer) ownCall(call *ast.CallExpr) bool {
	info := a.pass.TypesInfo
	if tv, ok := info.Types[call.Fun]; ok && (tv.IsType() || tv.IsBuiltin()) {
		return true
	}
	fn := calleeOf(info, call)
	return fn != nil && fn.Pkg() == a.pass.Pkg && !isInterfaceMethod(fn)
}

func isInterfaceMethod(fn *types.Func) bool {
	sig, ok := fn.Type().(*types.Signature)
	return ok && sig.Recv() != nil && types.IsInterface(sig.Recv().Type())
}
