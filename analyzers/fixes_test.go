package analyzers_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFixesChecked: a check whose code suggests fixes has a test that
// applies them and type-checks the result (fixcheck.Check), so that no
// fix in the testdata goes unproved.
func TestFixesChecked(t *testing.T) {
	dirs, err := filepath.Glob("*")
	if err != nil {
		t.Fatal(err)
	}
	suggesting := 0
	for _, dir := range dirs {
		if info, err := os.Stat(dir); err != nil || !info.IsDir() || dir == "internal" {
			continue
		}
		files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
		fixes, checked := false, false
		for _, file := range files {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			text := string(data)
			if strings.HasSuffix(file, "_test.go") {
				checked = checked || strings.Contains(text, "fixcheck.Check(")
			} else {
				fixes = fixes || strings.Contains(text, "SuggestedFix") || strings.Contains(text, "RuleFix(")
			}
		}
		if fixes {
			suggesting++
		}
		if fixes && !checked {
			t.Errorf("%s suggests fixes, and no test of it calls fixcheck.Check on its results", dir)
		}
	}
	if suggesting == 0 {
		t.Error("no check suggests a fix: the test looks in the wrong place")
	}
}
