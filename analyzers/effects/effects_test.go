package effects_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/retrylint/retrylint/analyzers/effects"
)

// TestFacts checks the facts that carry effects across packages, with
// their witness chains.
func TestFacts(t *testing.T) {
	testdata, _ := filepath.Abs(filepath.Join("..", "..", "testdata"))
	analysistest.Run(t, testdata, effects.Analyzer, "example.com/orders/store", "example.com/orders/partner", "example.com/orders/mailer", "example.com/orders/events",
		"example.com/ifaces/...", "example.com/forward", "example.com/pipeline")
}
