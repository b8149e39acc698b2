package onconflict_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/retrylint/retrylint/analyzers/onconflict"
)

// TestDialects: remedies in each dialect's syntax, and each dialect's
// merges accepted.
func TestDialects(t *testing.T) {
	testdata, _ := filepath.Abs(filepath.Join("..", "..", "testdata"))
	analysistest.Run(t, testdata, onconflict.Analyzer,
		"onconflict/mysql", "onconflict/mysqlvia", "onconflict/sqlite", "onconflict/placeholders", "onconflict/mixed", "onconflict/gormrebind")
}
