package analysisutil

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/retrylint/retrylint/analyzers/internal/localvars"
	"github.com/retrylint/retrylint/rules"
)

// ExecutionCall returns the call of an execution value (rules:
// execution-values, random sources) that x is made from, directly,
// through local variables (and the elements stored in them), or through
// a result of a function of the package that can return one (a key
// helper that falls back to uuid.NewString()), or nil. A field of a
// local struct is followed to what that field is given (fields.go).
func ExecutionCall(pass *analysis.Pass, r *rules.Rules, s *localvars.Scope, x ast.Expr) *ast.CallExpr {
	e := &execution{pass: pass, rules: r, results: map[result]*ast.CallExpr{}}
	return e.call(s, x, 0)
}

// ExecutionCallWithin is ExecutionCall for a value used inside within (a
// retry's operation, a loop's body): the assignments of s's variables
// made outside within are not followed, since a value made before within
// runs is the same on every run of it (key := uuid.NewString() before
// retry.Do(func() error { ... key ... })). A nil within is the whole
// function.
func ExecutionCallWithin(pass *analysis.Pass, r *rules.Rules, s *localvars.Scope, x ast.Expr, within ast.Node) *ast.CallExpr {
	e := &execution{pass: pass, rules: r, results: map[result]*ast.CallExpr{}, top: s, within: within}
	return e.call(s, x, 0)
}

// execution follows one value to the execution values it is made from.
type execution struct {
	pass    *analysis.Pass
	rules   *rules.Rules
	results map[result]*ast.CallExpr      // the functions' results read so far
	fields  map[fieldResult]*ast.CallExpr // their fields read so far (fields.go)
	// top and within, when within is set: the assignments of top's
	// variables outside within are not followed (ExecutionCallWithin).
	top    *localvars.Scope
	within ast.Node
}

// before says whether a value assigned at x in scope s is made before
// within runs: outside it, in the function within is part of.
func (e *execution) before(s *localvars.Scope, x ast.Node) bool {
	return e.within != nil && s == e.top && x != nil && (x.Pos() < e.within.Pos() || x.Pos() >= e.within.End())
}

type result struct {
	fn *types.Func
	i  int
}

// maxExecutionDepth bounds how many variables and calls are followed.
const maxExecutionDepth = 6

func (e *execution) call(s *localvars.Scope, x ast.Expr, depth int) *ast.CallExpr {
	pass, r := e.pass, e.rules
	if depth > maxExecutionDepth {
		return nil
	}
	var found *ast.CallExpr
	follow := func(defs []localvars.Def) {
		for _, d := range defs {
			if found != nil {
				return
			}
			if d.Range || e.before(s, d.Expr) {
				continue
			}
			if d.Index >= 0 {
				if call, ok := ast.Unparen(d.Expr).(*ast.CallExpr); ok {
					if c := e.result(call, d.Index, depth+1); c != nil {
						found = c
						continue
					}
				}
			}
			if c := e.call(s, d.Expr, depth+1); c != nil {
				found = c
			}
		}
	}
	ast.Inspect(x, func(n ast.Node) bool {
		if found != nil {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.SelectorExpr:
			if c, handled := e.selector(s, n, depth); handled {
				found = c // a field of a local struct: that field alone
				return false
			}
		case *ast.CallExpr:
			if fn := typeutil.StaticCallee(pass.TypesInfo, n); fn != nil && r.IsExecutionValue(fn) {
				found = n
				return false
			}
			if _, tuple := pass.TypesInfo.TypeOf(n).(*types.Tuple); !tuple {
				if c := e.result(n, 0, depth+1); c != nil {
					found = c
					return false
				}
			}
		case *ast.Ident:
			if v, ok := pass.TypesInfo.Uses[n].(*types.Var); ok {
				follow(s.Defs[v])
				follow(s.Elems[v])
			}
		}
		return true
	})
	return found
}

// result returns the call of an execution value that result i of
// the function call calls can return: a function of this package, read
// in its own body. Functions of other packages, methods called through
// interfaces and function values stay unknown.
func (e *execution) result(call *ast.CallExpr, i, depth int) *ast.CallExpr {
	pass := e.pass
	if depth > maxExecutionDepth {
		return nil
	}
	fn := typeutil.StaticCallee(pass.TypesInfo, call)
	if fn == nil || fn.Pkg() != pass.Pkg {
		return nil
	}
	key := result{fn, i}
	if c, seen := e.results[key]; seen {
		return c // nil while it is being read: a recursive call adds nothing
	}
	e.results[key] = nil
	c := e.readResult(fn, i, depth)
	e.results[key] = c
	return c
}

func (e *execution) readResult(fn *types.Func, i, depth int) *ast.CallExpr {
	pass := e.pass
	decl := FuncDecl(pass, fn)
	if decl == nil || decl.Body == nil {
		return nil
	}
	sig := fn.Signature()
	if i >= sig.Results().Len() {
		return nil
	}
	named := sig.Results().At(i)
	if record(named.Type()) {
		return nil // a row or a request: which of its fields a key takes is not followed
	}
	s := localvars.New(pass.TypesInfo, decl.Type, decl.Body)
	var found *ast.CallExpr
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if found != nil {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			switch {
			case len(n.Results) == sig.Results().Len():
				found = e.call(s, n.Results[i], depth+1)
			case len(n.Results) == 0 && named.Name() != "" && named.Name() != "_":
				for _, d := range s.Defs[named] {
					if c := e.call(s, d.Expr, depth+1); c != nil && !d.Range {
						found = c
						break
					}
				}
			}
		}
		return true
	})
	return found
}

// record says whether t is a struct or a pointer to one (time.Time,
// a value on its own, is not).
func record(t types.Type) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "time" && n.Obj().Name() == "Time" {
		return false
	}
	_, ok := t.Underlying().(*types.Struct)
	return ok
}

// FuncDecl finds the declaration of a function of the package, or nil.
func FuncDecl(pass *analysis.Pass, fn *types.Func) *ast.FuncDecl {
	for _, f := range pass.Files {
		if f.FileStart > fn.Pos() || fn.Pos() >= f.FileEnd {
			continue
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Pos() == fn.Pos() {
				return fd
			}
		}
	}
	return nil
}
