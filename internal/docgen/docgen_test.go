package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

const regenerate = "run go generate ./internal/docgen (or go run ./internal/docgen) and commit docs/checks"

// TestDocsUpToDate fails when docs/checks differs from what the checks'
// doc.go files and the builtin rule packs say.
func TestDocsUpToDate(t *testing.T) {
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	pages := pages()
	if len(pages) == 0 {
		t.Fatal("no checks, no pages")
	}
	for name, want := range pages {
		file := filepath.Join(root, checksDir, name)
		got, err := os.ReadFile(file)
		if err != nil {
			t.Errorf("%s/%s is missing: %s", checksDir, name, regenerate)
			continue
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s/%s is stale: %s", checksDir, name, regenerate)
		}
	}
	files, err := filepath.Glob(filepath.Join(root, checksDir, "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, file := range files {
		if _, ok := pages[filepath.Base(file)]; !ok {
			t.Errorf("%s/%s documents no check: %s", checksDir, filepath.Base(file), regenerate)
		}
	}
}

// Every diagnostic's URL is a page of docs/checks; the page must say what
// the check's help says.
func TestPage(t *testing.T) {
	got := string(page("demo", "report demos\n\nA paragraph with a\nbroken line.\n\n  - a list\n  - of two\n\n# Heading\n\n\tcode()\n", nil))
	for _, want := range []string{
		"# demo: report demos\n\n",
		"A paragraph with a broken line.\n\n",
		"  - a list\n  - of two\n",
		"## Heading\n",
		"\tcode()\n",
		"//retrylint:ignore demo <why this retry is safe>\n",
		"  checks: [demo]\n",
	} {
		if !bytes.Contains([]byte(got), []byte(want)) {
			t.Errorf("page lacks %q:\n%s", want, got)
		}
	}
}
