package analyzers

import (
	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/effects"
	"github.com/retrylint/retrylint/analyzers/internal/sqlextract"
	"github.com/retrylint/retrylint/analyzers/inventory"
	"github.com/retrylint/retrylint/analyzers/retrysite"
	"github.com/retrylint/retrylint/rules"
)

// Inventory returns the analyzer that lists retry sites, configured with
// r as the checks are. It is not a check: it reports every site, one
// diagnostic each, for `retrylint inventory`.
func Inventory(r *rules.Rules) *analysis.Analyzer {
	extract := sqlextract.New(r)
	return inventory.New(retrysite.New(r), effects.New(extract, r), extract, r)
}
