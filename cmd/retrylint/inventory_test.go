package main_test

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/retrylint/retrylint/analyzers/inventory"
)

var update = flag.Bool("update", false, "rewrite the inventory's golden files")

// TestInventory runs `retrylint inventory` on the inventory fixture,
// through the per-package driver and its cache, and compares its
// Markdown (the default) and its JSON (with the tests' sites) with the
// golden files in testdata/inventory.
func TestInventory(t *testing.T) {
	dir := fixture(t, "inventory")
	cache := t.TempDir()
	for _, c := range []struct {
		golden string
		args   []string
	}{
		{"cmd.md", []string{"inventory", "./..."}},
		{"cmd.json", []string{"inventory", "-format", "json", "-test", "./..."}},
	} {
		first, _ := cachedRun(t, dir, cache, c.args...)
		if first.code != 0 || first.stderr != "" {
			t.Fatalf("retrylint %s: exit %d, stderr:\n%s", strings.Join(c.args, " "), first.code, first.stderr)
		}
		again, analysed := cachedRun(t, dir, cache, c.args...)
		sameResult(t, "a second run, from the cache", again, first)
		sameList(t, "a second run", analysed)
		file := filepath.Join("..", "..", "testdata", "inventory", c.golden)
		if *update {
			if err := os.WriteFile(file, []byte(first.stdout), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(file)
		if err != nil {
			t.Fatalf("%v (go test -run TestInventory -update writes it)", err)
		}
		if first.stdout != string(want) {
			t.Errorf("retrylint %s differs from %s (go test -run TestInventory -update rewrites it); got:\n%s", strings.Join(c.args, " "), file, first.stdout)
		}
		if strings.HasSuffix(c.golden, ".json") {
			dec := json.NewDecoder(strings.NewReader(first.stdout))
			dec.DisallowUnknownFields()
			var doc inventory.Document
			if err := dec.Decode(&doc); err != nil {
				t.Errorf("the JSON inventory does not decode as inventory.Document: %v", err)
			}
			if doc.SchemaVersion != inventory.SchemaVersion || len(doc.Sites) == 0 {
				t.Errorf("the JSON inventory has schema version %d and %d sites", doc.SchemaVersion, len(doc.Sites))
			}
		}
	}
}

// TestInventoryUsage checks the exit statuses of a bad command line and
// of packages that do not load.
func TestInventoryUsage(t *testing.T) {
	dir := fixture(t, "inventory")
	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"inventory"}, 2, "usage: retrylint inventory"},
		{[]string{"inventory", "-format", "sarif", "./..."}, 2, `unknown format "sarif"`},
		{[]string{"inventory", "-nosuchflag", "./..."}, 2, "flag provided but not defined"},
		{[]string{"inventory", "./nosuchdir"}, 1, ""},
	} {
		r := retrylint(t, dir, c.args...)
		if r.code != c.code || !strings.Contains(r.stderr, c.msg) {
			t.Errorf("retrylint %s: exit %d, stderr %q; want exit %d and %q", strings.Join(c.args, " "), r.code, r.stderr, c.code, c.msg)
		}
	}
	// An inventory of packages that do not type-check lists those that
	// do, and says which did not, with exit status 1.
	r := retrylint(t, fixture(t, "typeerror"), "inventory", "./...")
	if r.code != 1 || !strings.Contains(r.stdout, "# Retry inventory") {
		t.Errorf("retrylint inventory on a package that does not type-check: exit %d, stdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
}
