package onconflict_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/retrylint/retrylint/analyzers/internal/sqlextract"
	"github.com/retrylint/retrylint/analyzers/onconflict"
	"github.com/retrylint/retrylint/analyzers/retrysite"
	"github.com/retrylint/retrylint/rules"
)

func Test(t *testing.T) {
	testdata, _ := filepath.Abs(filepath.Join("..", "..", "testdata"))
	analysistest.Run(t, testdata, onconflict.Analyzer, "onconflict", "example.com/sqlcdb")
}

// TestScopeRetried: with scope retried, only the appends inside a retry's
// operation are reported.
func TestScopeRetried(t *testing.T) {
	testdata, _ := filepath.Abs(filepath.Join("..", "..", "testdata"))
	cfg, err := rules.ParseConfig(".retrylint.yml", []byte("onconflict:\n  scope: retried\n"), []string{"onconflict"})
	if err != nil {
		t.Fatal(err)
	}
	r := rules.New(cfg)
	a := onconflict.New(sqlextract.New(r), retrysite.New(r), r)
	analysistest.Run(t, testdata, a, "onconflictretried")
}
