package analyzers_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/retrylint/retrylint/analyzers"
	"github.com/retrylint/retrylint/rules"
)

// BenchmarkChecks runs every check over the nojitter and unbounded cases,
// loading included, as a user's run would.
func BenchmarkChecks(b *testing.B) {
	testdata, _ := filepath.Abs(filepath.Join("..", "testdata"))
	checks := analyzers.Checks(rules.Default())
	for b.Loop() {
		for _, c := range checks {
			analysistest.Run(b, testdata, c, c.Name)
		}
	}
}
