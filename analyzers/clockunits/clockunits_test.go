package clockunits_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/retrylint/retrylint/analyzers/clockunits"
)

// TestFacts: a function that derives a unit from the clock, or from a
// time parameter, carries a fact; one that only stamps a time does not.
func TestFacts(t *testing.T) {
	testdata, _ := filepath.Abs(filepath.Join("..", "..", "testdata"))
	analysistest.Run(t, testdata, clockunits.Analyzer, "example.com/calendar")
}

// TestStdTimeMethods: every method of time.Time that the std pack says
// makes a unit, or keeps a time of the clock, does; removing or changing
// a row of the pack fails here.
func TestStdTimeMethods(t *testing.T) {
	testdata, _ := filepath.Abs(filepath.Join("..", "..", "testdata"))
	analysistest.Run(t, testdata, clockunits.Analyzer, "example.com/timeunits")
}
