// Package check builds the checks that read retrysite's Result: each is a
// name, its doc.go, and a function over the package's retry sites.
package check

import (
	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/internal/analysisutil"
	"github.com/retrylint/retrylint/analyzers/internal/report"
	"github.com/retrylint/retrylint/analyzers/retrysite"
	"github.com/retrylint/retrylint/rules"
)

// New returns the analyzer of a check over the sites found by site. A
// check the configuration switched off does nothing; every check reports
// the ignore directives without a reason that name it.
func New(name, doc string, site *analysis.Analyzer, r *rules.Rules, run func(*analysis.Pass, *retrysite.Result)) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:     name,
		Doc:      analysisutil.Doc(doc),
		URL:      report.URL(name),
		Requires: []*analysis.Analyzer{site},
		Run: func(pass *analysis.Pass) (any, error) {
			if !r.Enabled(name) {
				return nil, nil
			}
			report.CheckDirectives(pass)
			run(pass, pass.ResultOf[site].(*retrysite.Result))
			return nil, nil
		},
	}
}
