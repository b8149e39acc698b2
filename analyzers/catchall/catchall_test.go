package catchall_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/retrylint/retrylint/analyzers/catchall"
)

func Test(t *testing.T) {
	testdata, _ := filepath.Abs(filepath.Join("..", "..", "testdata"))
	analysistest.RunWithSuggestedFixes(t, testdata, catchall.Analyzer, "catchall/...")
}
