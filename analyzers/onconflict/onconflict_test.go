package onconflict_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/retrylint/retrylint/analyzers/effects"
	"github.com/retrylint/retrylint/analyzers/internal/sqlextract"
	"github.com/retrylint/retrylint/analyzers/onconflict"
	"github.com/retrylint/retrylint/analyzers/retrysite"
	"github.com/retrylint/retrylint/rules"
)

// Test runs the default scope, retried: the appends a retry reaches.
func Test(t *testing.T) {
	testdata, _ := filepath.Abs(filepath.Join("..", "..", "testdata"))
	analysistest.Run(t, testdata, onconflict.Analyzer, "onconflictretried", "onconflict/schema/...")
}

// configured returns the analyzer under the configuration file's text.
func configured(t *testing.T, file, text string) *analysis.Analyzer {
	t.Helper()
	cfg, err := rules.ParseConfig(file, []byte(text), []string{"onconflict"})
	if err != nil {
		t.Fatal(err)
	}
	r := rules.New(cfg)
	extract := sqlextract.New(r)
	return onconflict.New(extract, retrysite.New(r), effects.New(extract, r), r)
}

// TestScopeAll: with scope all, every appending INSERT is reported.
func TestScopeAll(t *testing.T) {
	testdata, _ := filepath.Abs(filepath.Join("..", "..", "testdata"))
	a := configured(t, ".retrylint.yml", "onconflict:\n  scope: all\n")
	analysistest.Run(t, testdata, a, "onconflict", "example.com/sqlcdb")
}

// TestSchemaConfigured: the schema globs of the configuration replace
// the discovery.
func TestSchemaConfigured(t *testing.T) {
	testdata, _ := filepath.Abs(filepath.Join("..", "..", "testdata"))
	file := filepath.Join(testdata, "src", "onconflict", "configured", ".retrylint.yml")
	analysistest.Run(t, testdata, configured(t, file, "schema: [ddl/*.ddl]\n"), "onconflict/configured")
}
