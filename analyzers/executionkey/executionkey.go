package executionkey

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/internal/analysisutil"
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
					if call := analysisutil.ExecutionCall(pass, r, s, arg); call != nil {
						report.Report(pass, analysis.Diagnostic{Pos: arg.Pos(), End: arg.End(),
							Message: fmt.Sprintf("%s %s of %s is bound to $%d from %s, %s; %s", what, k.Column, st.Table, k.Placeholder, types.ExprString(call), why, remedy)})
					}
				}
			}
		}
	}
}
