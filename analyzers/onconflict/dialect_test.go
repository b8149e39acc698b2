package onconflict_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/retrylint/retrylint/analyzers/effects"
	"github.com/retrylint/retrylint/analyzers/internal/sqlextract"
	"github.com/retrylint/retrylint/analyzers/onconflict"
	"github.com/retrylint/retrylint/analyzers/retrysite"
	"github.com/retrylint/retrylint/rules"
)

// TestDialects: remedies in each dialect's syntax, and each dialect's
// merges accepted. Scope all: the cases are not retried.
func TestDialects(t *testing.T) {
	testdata, _ := filepath.Abs(filepath.Join("..", "..", "testdata"))
	cfg, err := rules.ParseConfig(".retrylint.yml", []byte("onconflict:\n  scope: all\n"), []string{"onconflict"})
	if err != nil {
		t.Fatal(err)
	}
	r := rules.New(cfg)
	extract := sqlextract.New(r)
	a := onconflict.New(extract, retrysite.New(r), effects.New(extract, r), r)
	analysistest.Run(t, testdata, a,
		"onconflict/mysql", "onconflict/mysqlvia", "onconflict/sqlite", "onconflict/placeholders", "onconflict/mixed", "onconflict/gormrebind")
}
