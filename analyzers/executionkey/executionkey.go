package executionkey

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/retrylint/retrylint/analyzers/internal/check"
	"github.com/retrylint/retrylint/analyzers/internal/localvars"
	"github.com/retrylint/retrylint/analyzers/internal/report"
	"github.com/retrylint/retrylint/analyzers/sqlextract"
	"github.com/retrylint/retrylint/rules"
	"github.com/retrylint/retrylint/sqlcheck"
)

//go:embed doc.go
var doc string

// Analyzer reports execution-derived keys, with the builtin rules.
var Analyzer = New(sqlextract.Analyzer, rules.Default())

// New returns an executionkey analyzer that reads the queries of extract.
func New(extract *analysis.Analyzer, r *rules.Rules) *analysis.Analyzer {
	return check.New("executionkey", doc, extract, r, func(pass *analysis.Pass, result *sqlextract.Result) {
		run(pass, r, result)
	})
}

const (
	why    = "a new value on every execution, so a retry never meets the row it wrote and inserts again"
	remedy = "derive the key from the input"
)

func run(pass *analysis.Pass, r *rules.Rules, result *sqlextract.Result) {
	scopes := map[*ast.FuncDecl]*localvars.Scope{}
	for _, q := range result.Queries {
		if q.SQL == nil {
			continue
		}
		for _, st := range q.SQL.Statements {
			what := "conflict key"
			if st.Kind == sqlcheck.KindMerge {
				what = "merge key"
			}
			for _, k := range st.Keys {
				switch k.Source {
				case sqlcheck.SourceExecution:
					report.Report(pass, analysis.Diagnostic{Pos: q.Pos(k.Offset),
						Message: fmt.Sprintf("%s %s of %s takes %s(), %s; %s", what, k.Column, st.Table, k.Function, why, remedy)})
				case sqlcheck.SourcePlaceholder:
					if q.Args == nil || k.Placeholder < 1 || k.Placeholder > len(q.Args) {
						continue
					}
					s := scopes[q.Enclosing]
					if s == nil {
						s = localvars.New(pass.TypesInfo, q.Enclosing.Type, q.Enclosing.Body)
						scopes[q.Enclosing] = s
					}
					arg := q.Args[k.Placeholder-1]
					if call := executionCall(pass, r, s, arg, 0); call != nil {
						report.Report(pass, analysis.Diagnostic{Pos: arg.Pos(), End: arg.End(),
							Message: fmt.Sprintf("%s %s of %s is bound to $%d from %s, %s; %s", what, k.Column, st.Table, k.Placeholder, types.ExprString(call), why, remedy)})
					}
				}
			}
		}
	}
}

// executionCall returns the call of an execution value that x is made
// from, directly or through local variables, or nil.
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
