package sqlextract_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/retrylint/retrylint/analyzers/internal/sqlextract"
)

// TestFacts checks the facts that make a project's query helpers sinks in
// every package.
func TestFacts(t *testing.T) {
	testdata, _ := filepath.Abs(filepath.Join("..", "..", "..", "testdata"))
	analysistest.Run(t, testdata, sqlextract.Analyzer, "example.com/store")
}
