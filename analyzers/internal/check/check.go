// Package check builds the checks: each is a name, its doc.go, and a
// function over the Result of the analyzer it reads (retry sites,
// queries).
package check

import (
	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/internal/analysisutil"
	"github.com/retrylint/retrylint/analyzers/internal/report"
	"github.com/retrylint/retrylint/rules"
)

// New returns the analyzer of a check over the Result of from. A check
// the configuration switched off does nothing; every check reports the
// ignore directives without a reason that name it, and the first check
// that runs those that name no check (report.CheckDirectives).
func New[R any](name, doc string, from *analysis.Analyzer, r *rules.Rules, run func(*analysis.Pass, R)) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:     name,
		Doc:      analysisutil.Doc(doc),
		URL:      report.URL(name),
		Requires: []*analysis.Analyzer{from},
		Run: func(pass *analysis.Pass) (any, error) {
			if !r.Enabled(name) {
				return nil, nil
			}
			report.CheckDirectives(pass, report.Checks, r.Enabled)
			run(pass, pass.ResultOf[from].(R))
			return nil, nil
		},
	}
}
