package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

const regenerate = "run go generate ./internal/docgen (or go run ./internal/docgen) and commit docs/checks and docs/index.md"

// TestDocsUpToDate fails when docs/checks or docs/index.md differs from
// what the checks' doc.go files, the builtin rule packs and index.md.tmpl
// say.
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

	want, err := index()
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join(root, indexFile))
	if err != nil {
		t.Errorf("%s is missing: %s", indexFile, regenerate)
	} else if !bytes.Equal(got, want) {
		t.Errorf("%s is stale: %s", indexFile, regenerate)
	}
}

// The front page links every way of running retrylint and every check's
// page.
func TestIndex(t *testing.T) {
	got, err := index()
	if err != nil {
		t.Fatal(err)
	}
	links := []string{
		"(../README.md#install-and-run)", // the command
		"(#go-vet)",
		"(golangci-lint.md)",
		"(pre-commit.md)",
		"(bazel.md)",
		"(ci.md)",
		"(inventory.md)",
		"(rules.md)",
	}
	for name := range pages() {
		links = append(links, "(checks/"+name+")")
	}
	for _, link := range links {
		if !bytes.Contains(got, []byte("]"+link)) {
			t.Errorf("%s does not link %s", indexFile, link)
		}
	}
	if want := "| [`nojitter`](checks/nojitter.md) | report backoff without jitter |\n"; !bytes.Contains(got, []byte(want)) {
		t.Errorf("%s lacks the row %q", indexFile, want)
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
