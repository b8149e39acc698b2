package nojitter_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/retrylint/retrylint/analyzers/internal/fixcheck"
	"github.com/retrylint/retrylint/analyzers/nojitter"
)

func Test(t *testing.T) {
	testdata, _ := filepath.Abs(filepath.Join("..", "..", "testdata"))
	results := analysistest.RunWithSuggestedFixes(t, testdata, nojitter.Analyzer, "nojitter/...", "example.com/retryutil")
	// Every fix, alone and with the others, leaves code that compiles.
	if fixcheck.Check(t, results) == 0 {
		t.Error("no suggested fix in the testdata")
	}
}
