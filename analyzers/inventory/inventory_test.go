package inventory_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/retrylint/retrylint/analyzers/inventory"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// golden are the analysistest fixtures whose inventory is kept in
// testdata/inventory/src.md: the inventory's own (a site of every shape
// it computes numbers for, and of the shapes it does not), and the
// nojitter check's libraries and loops.
var golden = []string{"inventory/...", "nojitter"}

// TestGolden lists the retry sites of the fixtures under testdata/src
// and compares the Markdown inventory with the golden file.
func TestGolden(t *testing.T) {
	testdata, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	rows := list(t, testdata, golden)
	var got bytes.Buffer
	if err := inventory.Markdown(&got, rows); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(testdata, "inventory", "src.md")
	if *update {
		if err := os.WriteFile(file, got.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("%v (run go test -update to write it)", err)
	}
	if !bytes.Equal(got.Bytes(), want) {
		t.Errorf("the inventory of %s differs from %s (go test -update rewrites it); got:\n%s", strings.Join(golden, " "), file, got.Bytes())
	}
}

// list loads the packages of patterns from testdata's GOPATH tree, as
// analysistest does, and returns their inventory, files named relative
// to testdata/src.
func list(t *testing.T, testdata string, patterns []string) []inventory.Row {
	t.Helper()
	src := filepath.Join(testdata, "src")
	cfg := &packages.Config{
		Mode: packages.LoadAllSyntax | packages.NeedModule,
		Dir:  src,
		Env:  append(os.Environ(), "GOPATH="+testdata, "GO111MODULE=off", "GOPROXY=off", "GOWORK=off"),
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pkgs {
		for _, e := range p.Errors {
			t.Fatalf("%s: %v", p.PkgPath, e)
		}
	}
	graph, err := checker.Analyze([]*analysis.Analyzer{inventory.Analyzer}, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	var rows []inventory.Row
	for act := range graph.All() {
		if !act.IsRoot {
			continue
		}
		if act.Err != nil {
			t.Fatalf("%s: %v", act, act.Err)
		}
		for _, d := range act.Diagnostics {
			row, err := inventory.Decode(d.Message)
			if err != nil {
				t.Fatal(err)
			}
			p := act.Package.Fset.Position(d.Pos)
			rel, err := filepath.Rel(src, p.Filename)
			if err != nil {
				t.Fatal(err)
			}
			row.File, row.Line, row.Column = filepath.ToSlash(rel), p.Line, p.Column
			rows = append(rows, row)
		}
	}
	return inventory.Sort(rows)
}
