package retrysite_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/retrylint/retrylint/analyzers/retrysite"
)

// TestFacts checks the facts that carry helpers, random delays and waits
// across packages.
func TestFacts(t *testing.T) {
	testdata, _ := filepath.Abs(filepath.Join("..", "..", "testdata"))
	analysistest.Run(t, testdata, retrysite.Analyzer, "retrysite/...")
}
