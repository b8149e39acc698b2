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
// execution-values, random sources) that x is made from, directly or
// through local variables, or nil.
func ExecutionCall(pass *analysis.Pass, r *rules.Rules, s *localvars.Scope, x ast.Expr) *ast.CallExpr {
	return executionCall(pass, r, s, x, 0)
}

func executionCall(pass *analysis.Pass, r *rules.Rules, s *localvars.Scope, x ast.Expr, depth int) *ast.CallExpr {
	if depth > 6 {
		return nil
	}
	var found *ast.CallExpr
	ast.Inspect(x, func(n ast.Node) bool {
		if found != nil {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if fn := typeutil.StaticCallee(pass.TypesInfo, n); fn != nil && r.IsExecutionValue(fn) {
				found = n
				return false
			}
		case *ast.Ident:
			if v, ok := pass.TypesInfo.Uses[n].(*types.Var); ok {
				for _, d := range s.Defs[v] {
					if d.Range {
						continue
					}
					if c := executionCall(pass, r, s, d.Expr, depth+1); c != nil {
						found = c
					}
				}
			}
		}
		return true
	})
	return found
}
