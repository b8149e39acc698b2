package catchall_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/retrylint/retrylint/analyzers/catchall"
	"github.com/retrylint/retrylint/analyzers/internal/fixcheck"
)

func Test(t *testing.T) {
	testdata, _ := filepath.Abs(filepath.Join("..", "..", "testdata"))
	results := analysistest.RunWithSuggestedFixes(t, testdata, catchall.Analyzer, "catchall/...")
	// Every fix, alone and with the others, leaves code that compiles.
	if fixcheck.Check(t, results) == 0 {
		t.Error("no suggested fix in the testdata")
	}
}
