package analyzers_test

import (
	"slices"
	"testing"

	"github.com/retrylint/retrylint/analyzers"
	"github.com/retrylint/retrylint/analyzers/internal/report"
)

// A directive may name the checks there are: report's list is theirs.
func TestDirectiveChecks(t *testing.T) {
	if got, want := report.Checks, analyzers.Names(); !slices.Equal(got, want) {
		t.Errorf("report.Checks = %v, want the checks' names %v", got, want)
	}
}
