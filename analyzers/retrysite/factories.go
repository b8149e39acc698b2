package retrysite

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

// A retry helper can be made rather than declared: a function (a retry
// configuration's method, say) returns a closure that retries the
// function its own caller passes, and the package keeps that closure in
// a variable or a field and calls it later. The function that returns it
// is a factory (FactoryFact); a call through a local variable, a
// package-level variable or a field whose every value in the package
// (outside its tests) is a factory's result, or a declared helper, is a
// retry site of the operation passed, with the returned closure's
// policy. A factory that returns several closures, of which one retries
// (retrying turned off in the configuration returns one that calls the
// operation once), is a factory: the closure the caller holds may retry.

// FactoryFact marks a function whose result is a retry helper: a closure
// that retries one of its own function-typed parameters. Helper is the
// closure's fact; its indices are the closure's parameters.
type FactoryFact struct {
	Helper HelperFact
}

func (*FactoryFact) AFact() {}

func (f *FactoryFact) String() string { return "returns " + f.Helper.String() }

// factoryOf makes a function a factory when it returns a closure that
// holds a retry site of one of the closure's function-typed parameters.
func (a *analyzer) factoryOf(d *ast.FuncDecl, sites []*Site) *HelperFact {
	for _, lit := range a.returnedClosures(d) {
		params := map[*types.Var]int{}
		i := 0
		for _, field := range lit.Type.Params.List {
			if len(field.Names) == 0 {
				i++
			}
			for _, name := range field.Names {
				if v, ok := a.pass.TypesInfo.Defs[name].(*types.Var); ok {
					params[v] = i
				}
				i++
			}
		}
		for _, site := range sites {
			if site.Enclosing != d || site.Operation == nil || site.Node.Pos() < lit.Body.Pos() || site.Node.End() > lit.Body.End() {
				continue
			}
			op := a.closureOperation(site.Operation, params)
			if op < 0 {
				continue
			}
			p := site.Policy
			h := &HelperFact{Operation: op, Jitter: p.Jitter, Attempts: p.Attempts, Elapsed: p.Elapsed, Cancel: p.Cancel,
				ContextParam: -1, PolicyParam: -1, ClassifierParam: -1}
			if body, ok := site.Operation.(*ast.BlockStmt); ok && site.Kind == Loop {
				h.Verdict = a.hasVerdict(&loop{body: body})
			}
			if p.Cancel == Yes && p.Attempts != Yes && p.Elapsed != Yes {
				h.ContextParam = a.contextUsed(site.Node, params)
			}
			return h
		}
	}
	return nil
}

// returnedClosures returns the function literals that d returns as its
// first result, written in the return statement or held in a local
// variable assigned once.
func (a *analyzer) returnedClosures(d *ast.FuncDecl) []*ast.FuncLit {
	fn, ok := a.pass.TypesInfo.Defs[d.Name].(*types.Func)
	if !ok || d.Body == nil {
		return nil
	}
	res := fn.Type().(*types.Signature).Results()
	if res.Len() == 0 {
		return nil
	}
	if _, ok := res.At(0).Type().Underlying().(*types.Signature); !ok {
		return nil
	}
	s := a.scopeOf(d)
	var out []*ast.FuncLit
	ast.Inspect(d.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false // its returns are its own
		case *ast.ReturnStmt:
			if len(n.Results) == 0 {
				break
			}
			x := ast.Unparen(n.Results[0])
			if call, ok := x.(*ast.CallExpr); ok && len(call.Args) == 1 {
				if tv, ok := a.pass.TypesInfo.Types[call.Fun]; ok && tv.IsType() {
					x = ast.Unparen(call.Args[0]) // RetryFunc(func(...) error {...})
				}
			}
			if id, ok := x.(*ast.Ident); ok {
				if v, ok := a.pass.TypesInfo.Uses[id].(*types.Var); ok {
					if defs := s.Defs[v]; len(defs) == 1 && defs[0].Index < 0 && !defs[0].Op && !defs[0].Range {
						x = ast.Unparen(defs[0].Expr)
					}
				}
			}
			if lit, ok := x.(*ast.FuncLit); ok {
				out = append(out, lit)
			}
		}
		return true
	})
	return out
}

// closureOperation returns the index of the closure parameter a site
// retries: the parameter passed as the operation, or the one the
// operation calls for an error (the loop's err := op(ctx)); -1 if none.
func (a *analyzer) closureOperation(op ast.Node, params map[*types.Var]int) int {
	param := func(x ast.Expr) int {
		id, ok := ast.Unparen(x).(*ast.Ident)
		if !ok {
			return -1
		}
		v, ok := a.pass.TypesInfo.Uses[id].(*types.Var)
		if !ok {
			return -1
		}
		i, ok := params[v]
		if !ok {
			return -1
		}
		if _, isFunc := v.Type().Underlying().(*types.Signature); !isFunc {
			return -1
		}
		return i
	}
	if x, ok := op.(ast.Expr); ok && param(x) >= 0 {
		return param(x)
	}
	found := -1
	ast.Inspect(op, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || found >= 0 {
			return found < 0
		}
		if i := param(call.Fun); i >= 0 && returnsError(a.pass.TypesInfo, call) {
			found = i
		}
		return found < 0
	})
	return found
}

// contextUsed returns the index of the closure's context parameter that
// a site reads, or -1.
func (a *analyzer) contextUsed(node ast.Node, params map[*types.Var]int) int {
	found := -1
	ast.Inspect(node, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok || found >= 0 {
			return found < 0
		}
		if v, ok := a.pass.TypesInfo.Uses[id].(*types.Var); ok {
			if i, ok := params[v]; ok && isContext(v.Type()) {
				found = i
			}
		}
		return true
	})
	return found
}

// notReturned drops the sites inside the closures d returns: calling d
// does not run them, so they make no helper of d.
func (a *analyzer) notReturned(d *ast.FuncDecl, sites []*Site) []*Site {
	lits := a.returnedClosures(d)
	if len(lits) == 0 {
		return sites
	}
	var out []*Site
	for _, s := range sites {
		inside := false
		for _, lit := range lits {
			if s.Node.Pos() >= lit.Pos() && s.Node.End() <= lit.End() {
				inside = true
			}
		}
		if !inside {
			out = append(out, s)
		}
	}
	return out
}

// factory returns the helper fact of the closure fn returns, or nil.
func (a *analyzer) factory(fn *types.Func) *HelperFact {
	if h := a.factories[fn]; h != nil {
		return h
	}
	if fn.Pkg() == a.pass.Pkg {
		return nil
	}
	var f FactoryFact
	if a.pass.ImportObjectFact(fn.Origin(), &f) {
		return &f.Helper
	}
	return nil
}

// helper returns the helper fact of a declared function, or nil.
func (a *analyzer) helper(fn *types.Func) *HelperFact {
	if h := a.helpers[fn]; h != nil {
		return h
	}
	if fn.Pkg() == a.pass.Pkg {
		return nil
	}
	var f HelperFact
	if a.pass.ImportObjectFact(fn.Origin(), &f) {
		return &f
	}
	return nil
}

// heldHelperSite recognises a call through a variable or a field that
// holds a retry helper: every value the function (for a local variable)
// or the package (for a package-level variable or a field) assigns it is
// a factory's result or a declared helper.
func (a *analyzer) heldHelperSite(d *ast.FuncDecl, e *evaluator, call *ast.CallExpr) *Site {
	v, _ := typeutil.Callee(a.pass.TypesInfo, call).(*types.Var)
	if v == nil {
		return nil
	}
	if _, isParam := e.scope.Params[v]; isParam {
		return nil // the caller's function: who knows what it is
	}
	var values []ast.Expr
	if v.IsField() || v.Parent() == a.pass.Pkg.Scope() {
		values = a.heldValues(v)
	} else {
		for _, def := range e.scope.Defs[v] {
			if def.Op || def.Range || def.Index >= 0 {
				return nil
			}
			values = append(values, def.Expr)
		}
	}
	var h *HelperFact
	var from *types.Func
	for _, x := range values {
		xh, xf := a.heldHelper(x)
		if xh == nil {
			return nil
		}
		if h == nil {
			h, from = xh, xf
		}
	}
	if h == nil {
		return nil
	}
	site := a.helperSite(d, e, call, from, h)
	if site != nil {
		name := "a helper"
		if from != nil {
			name = from.Name() + "'s helper"
		}
		site.Trace[len(site.Trace)-1] = decision(ruleHelperHeld, "site", Yes, call, "%s holds %s, which retries its argument %s", types.ExprString(call.Fun), name, short(call.Args[h.Operation]))
	}
	return site
}

// heldHelper returns the helper a value is, and the function that makes
// or is it: a call of a factory, or a declared helper named.
func (a *analyzer) heldHelper(x ast.Expr) (*HelperFact, *types.Func) {
	if call, ok := ast.Unparen(x).(*ast.CallExpr); ok {
		if fn := calleeOf(a.pass.TypesInfo, call); fn != nil {
			if h := a.factory(fn); h != nil {
				return h, fn
			}
		}
		return nil, nil
	}
	if fn := a.namedFunc(x); fn != nil {
		if h := a.helper(fn); h != nil {
			return h, fn
		}
	}
	return nil, nil
}
