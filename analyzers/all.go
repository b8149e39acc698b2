// Package analyzers assembles retrylint's checks.
package analyzers

import (
	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/catchall"
	"github.com/retrylint/retrylint/analyzers/clockunits"
	"github.com/retrylint/retrylint/analyzers/effects"
	"github.com/retrylint/retrylint/analyzers/executionkey"
	"github.com/retrylint/retrylint/analyzers/explain"
	"github.com/retrylint/retrylint/analyzers/internal/report"
	"github.com/retrylint/retrylint/analyzers/internal/sqlextract"
	"github.com/retrylint/retrylint/analyzers/nojitter"
	"github.com/retrylint/retrylint/analyzers/nonidempotent"
	"github.com/retrylint/retrylint/analyzers/onconflict"
	"github.com/retrylint/retrylint/analyzers/retrysite"
	"github.com/retrylint/retrylint/analyzers/unbounded"
	"github.com/retrylint/retrylint/analyzers/wallclock"
	"github.com/retrylint/retrylint/rules"
)

// Checks returns the checks, sorted by name, configured with r: each
// shares one retrysite analyzer built from the same rules, reports what
// r says is reported (report.Configure: test-support packages), and
// reports its diagnostics in the order of their positions, so that two
// runs print the same.
func Checks(r *rules.Rules) []*analysis.Analyzer {
	return checks(retrysite.New(r), r)
}

// Explain returns the analyzer that reports the retry model's decisions
// (see package explain), then the checks, all sharing one retrysite
// analyzer: `retrylint explain` shows a site's trace with its findings.
func Explain(r *rules.Rules) []*analysis.Analyzer {
	site := retrysite.New(r)
	ex := explain.New(site)
	ex.Run = report.Configure(r, ex.Run) // it says where test-support packages are silent
	return append([]*analysis.Analyzer{ex}, checks(site, r)...)
}

func checks(site *analysis.Analyzer, r *rules.Rules) []*analysis.Analyzer {
	extract := sqlextract.New(r)
	eff := effects.New(extract, r)
	units := clockunits.New(r)
	checks := []*analysis.Analyzer{
		catchall.New(site, eff, r),
		executionkey.New(extract, r),
		nojitter.New(site, r),
		nonidempotent.New(site, eff, r),
		onconflict.New(extract, site, eff, r),
		unbounded.New(site, r),
		wallclock.New(site, units, r),
	}
	for _, a := range checks {
		a.Run = report.InOrder(report.Configure(r, a.Run))
	}
	// The analyzers the checks read report nothing, but sqlextract
	// records what executionkey's join reports, asking report first.
	for _, a := range []*analysis.Analyzer{site, extract, eff, units} {
		a.Run = report.Configure(r, a.Run)
	}
	return checks
}

// Names lists the checks' names, for configuration validation.
func Names() []string {
	var names []string
	for _, a := range Checks(rules.Default()) {
		names = append(names, a.Name)
	}
	return names
}

// Relevant lists the import paths through which a package can have
// findings or facts: the union of the analyzers' fast paths. A package
// that imports none of them, imports no package that carries a package
// fact, and holds no //retrylint: directive, has neither: a driver may
// skip it without type-checking it.
func Relevant(r *rules.Rules) map[string]bool {
	set := map[string]bool{}
	for _, m := range []map[string]bool{r.EffectPackages(), r.SinkPackages(), r.TerminalPackages(), r.Packages(), r.WaitPackages(), r.Random} {
		for p := range m {
			set[p] = true
		}
	}
	return set
}

// SchemaDigest hashes the files that the schema of a package in folder
// dir is read from, for a driver that caches the results of packages
// that run SQL: those of r.SinkPackages() importers.
func SchemaDigest(dir string, r *rules.Rules) []byte {
	return sqlextract.SchemaDigest(dir, r)
}
