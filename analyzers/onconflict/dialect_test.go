package onconflict_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"
)

// TestDialects: remedies in each dialect's syntax, and each dialect's
// merges accepted. Scope all: the cases are not retried.
func TestDialects(t *testing.T) {
	testdata, _ := filepath.Abs(filepath.Join("..", "..", "testdata"))
	a := configured(t, ".retrylint.yml", "onconflict:\n  scope: all\n")
	analysistest.Run(t, testdata, a,
		"onconflict/mysql", "onconflict/mysqlvia", "onconflict/sqlite", "onconflict/placeholders", "onconflict/mixed", "onconflict/gormrebind")
}
