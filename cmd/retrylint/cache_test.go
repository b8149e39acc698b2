package main_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/retrylint/retrylint/internal/driver"
)

// cachedRun runs the command with the results cache in cache, and
// returns what it printed and the packages of the module it analysed
// rather than answered from the cache.
func cachedRun(t *testing.T, dir, cache string, args ...string) (result, []string) {
	t.Helper()
	trace := filepath.Join(t.TempDir(), "trace")
	r := runEnv(t, dir, []string{"RETRYLINT_CACHE=" + cache, driver.TraceEnv + "=" + trace}, binary, args...)
	data, err := os.ReadFile(trace)
	if err != nil {
		t.Fatal(err)
	}
	var analysed []string
	for l := range strings.Lines(string(data)) {
		if f := strings.Fields(l); len(f) >= 2 && f[0] == "analysed" && strings.HasPrefix(f[1], "example.com/") {
			analysed = append(analysed, f[1])
		}
	}
	slices.Sort(analysed)
	return r, analysed
}

// fresh runs the command with no cache, and with the single-process
// driver, checks that the two agree, and returns what they printed.
func fresh(t *testing.T, dir string, args ...string) result {
	t.Helper()
	want := runEnv(t, dir, []string{"RETRYLINT_CACHE=off"}, binary, args...)
	single := runEnv(t, dir, []string{"RETRYLINT_DRIVER=single"}, binary, args...)
	if single != want {
		t.Errorf("the single-process driver and the per-package one differ on %s:\n%+v\n%+v", args, single, want)
	}
	return want
}

func sameResult(t *testing.T, what string, got, want result) {
	t.Helper()
	if got != want {
		t.Errorf("%s:\ngot  %+v\nwant %+v", what, got, want)
	}
}

func sameList(t *testing.T, what string, got []string, want ...string) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Errorf("%s: analysed %q, want %q", what, got, want)
	}
}

// The cache answers an unchanged module, re-analyses a package whose
// file changed and the packages whose inputs changed with it, and
// prints the same as a run without it, in text and in JSON.
func TestCache(t *testing.T) {
	t.Parallel()
	dir := copyFixture(t, "crosspkg")
	cache := t.TempDir()
	store, app := "example.com/crosspkg/store", "example.com/crosspkg/app"

	for _, args := range [][]string{{"./..."}, {"-json", "./..."}} {
		want := fresh(t, dir, args...)
		cold, analysed := cachedRun(t, dir, cache, args...)
		sameResult(t, "cold run", cold, want)
		if len(args) == 1 {
			sameList(t, "cold run", analysed, app, store)
		}
		warm, analysed := cachedRun(t, dir, cache, args...)
		sameResult(t, "warm run", warm, want)
		sameList(t, "warm run", analysed)
	}
	if want := fresh(t, dir, "./..."); !strings.Contains(want.stderr, "repeats store.AppendOrder") {
		t.Fatalf("the fixture no longer has its cross-package finding:\n%s", want.stderr)
	}

	// A comment: the store is analysed again, but its facts are the
	// same, so the app is answered from the cache.
	storeGo := filepath.Join(dir, "store", "store.go")
	src, err := os.ReadFile(storeGo)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(storeGo, append(src, "\n// A comment changes no fact.\n"...), 0o666); err != nil {
		t.Fatal(err)
	}
	got, analysed := cachedRun(t, dir, cache, "./...")
	sameResult(t, "after a comment", got, fresh(t, dir, "./..."))
	sameList(t, "after a comment", analysed, store)

	// A schema that gives orders a key from the input: the store's
	// facts change, and the app's finding goes.
	if err := os.MkdirAll(filepath.Join(dir, "migrations"), 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "migrations", "1_orders.up.sql"), []byte("CREATE TABLE orders (id text PRIMARY KEY);\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	want := fresh(t, dir, "./...")
	if strings.Contains(want.stderr, "repeats store.AppendOrder") {
		t.Errorf("an INSERT keyed by its input is still reported after the schema came:\n%s", want.stderr)
	}
	got, analysed = cachedRun(t, dir, cache, "./...")
	sameResult(t, "after a migration", got, want)
	sameList(t, "after a migration", analysed, app, store)
}

// A corrupted entry is a miss: it is analysed again and rewritten, and
// the output is what a run without the cache prints.
func TestCacheCorruption(t *testing.T) {
	t.Parallel()
	dir := fixture(t, "crosspkg")
	cache := t.TempDir()
	want := fresh(t, dir, "./...")
	cachedRun(t, dir, cache, "./...")
	var entries []string
	filepath.WalkDir(cache, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			entries = append(entries, path)
		}
		return nil
	})
	if len(entries) == 0 {
		t.Fatal("the cold run cached nothing")
	}
	for i, path := range entries {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		switch i % 3 {
		case 0: // truncated
			data = data[:len(data)/2]
		case 1: // one byte flipped in the payload
			data[len(data)-1] ^= 0xff
		default: // garbage of the same length
			for j := range data {
				data[j] = byte(j)
			}
		}
		if err := os.WriteFile(path, data, 0o666); err != nil {
			t.Fatal(err)
		}
	}
	got, analysed := cachedRun(t, dir, cache, "./...")
	sameResult(t, "corrupted cache", got, want)
	sameList(t, "corrupted cache", analysed, "example.com/crosspkg/app", "example.com/crosspkg/store")
	got, analysed = cachedRun(t, dir, cache, "./...")
	sameResult(t, "rewritten cache", got, want)
	sameList(t, "rewritten cache", analysed)
}

// The per-package driver prints what the go/analysis checker prints, in
// its order (check by check, then package by package), on modules with
// findings of several checks in several packages.
func TestDriversAgree(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"order", "determinism", "parity"} {
		dir := fixture(t, name)
		for _, args := range [][]string{{"./..."}, {"-json", "./..."}, {"-c", "1", "./..."}} {
			fresh(t, dir, args...)
		}
	}
}
