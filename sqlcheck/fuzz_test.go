package sqlcheck_test

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/retrylint/retrylint/sqlcheck"
)

var updateCorpus = flag.Bool("update-corpus", false, "write the table cases to testdata/fuzz/FuzzAnalyze")

// FuzzAnalyze checks that no text makes Analyze panic or report a
// location outside the text. Its seeds are the table cases, committed
// under testdata/fuzz/FuzzAnalyze (go test -run TestFuzzCorpus
// -update-corpus rewrites them).
func FuzzAnalyze(f *testing.F) {
	f.Fuzz(func(t *testing.T, query string) {
		for _, autocommit := range []bool{false, true} {
			// A fresh Analyzer, so that no earlier input is served from
			// the cache.
			a := sqlcheck.New(sqlcheck.Options{ExecutionFuncs: sqlcheck.DefaultExecutionFuncs, Autocommit: autocommit})
			r := a.Analyze(query)
			if !r.Parsed && len(r.Statements) > 0 {
				t.Fatalf("unparsed text with %d statements", len(r.Statements))
			}
			for i, st := range r.Statements {
				if st.Offset < 0 || st.Length < 0 || st.Offset+st.Length > len(query) {
					t.Fatalf("statement %d: span [%d, +%d) outside the text of %d bytes", i, st.Offset, st.Length, len(query))
				}
				for k, key := range st.Keys {
					if key.Offset != -1 && (key.Offset < 0 || key.Offset > len(query)) {
						t.Fatalf("statement %d key %d: offset %d outside the text of %d bytes", i, k, key.Offset, len(query))
					}
					if key.Source == sqlcheck.SourcePlaceholder && key.Placeholder < 1 {
						t.Fatalf("statement %d key %d: placeholder $%d", i, k, key.Placeholder)
					}
				}
			}
			if again := a.Analyze(query); again != r {
				t.Fatalf("a second Analyze returned a new Result")
			}
		}
	})
}

// TestFuzzCorpus keeps one seed per table case in the committed corpus.
func TestFuzzCorpus(t *testing.T) {
	dir := filepath.Join("testdata", "fuzz", "FuzzAnalyze")
	for _, tc := range analyzeCases {
		name := "case_" + strings.Map(func(r rune) rune {
			if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
				return r
			}
			return '_'
		}, strings.ToLower(tc.name))
		path := filepath.Join(dir, name)
		want := fmt.Sprintf("go test fuzz v1\nstring(%q)\n", tc.query)
		if *updateCorpus {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(path)
		if err != nil || string(got) != want {
			t.Errorf("seed %s is missing or stale: go test ./sqlcheck -run TestFuzzCorpus -update-corpus", path)
		}
	}
}
