package main_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestExplain runs `retrylint explain` on the explain fixture: a line
// that starts a retry loop, a line inside it, a retry in a test file, a
// poll that is no retry, the line of a finding reported at its cause
// (a backoff function's declaration) away from its loop, in its file or
// in another, and the whole
// package as JSON. The text is
// compared with testdata/explain/*.txt (go test -run TestExplain -update
// rewrites them).
func TestExplain(t *testing.T) {
	dir := fixture(t, "explain")
	for _, c := range []struct {
		golden string
		args   []string
		code   int
	}{
		{"loop.txt", []string{"explain", "orders.go:15"}, 0},
		{"loop.txt", []string{"explain", "orders.go:22:3"}, 0}, // the wait, inside the loop
		{"test.txt", []string{"explain", "orders_test.go:11"}, 0},
		{"poll.txt", []string{"explain", "orders.go:29"}, 0},
		{"cause.txt", []string{"explain", "orders.go:38"}, 0},    // a backoff function, reported at its declaration
		{"crossfile.txt", []string{"explain", "delays.go:7"}, 0}, // the same, declared in another file than its loop
	} {
		r := retrylint(t, dir, c.args...)
		if r.code != c.code {
			t.Errorf("retrylint %s: exit %d, want %d; stderr:\n%s", strings.Join(c.args, " "), r.code, c.code, r.stderr)
		}
		file := filepath.Join("..", "..", "testdata", "explain", c.golden)
		if *update {
			if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(file, []byte(r.stdout), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(file)
		if err != nil {
			t.Fatalf("%v (go test -run TestExplain -update writes it)", err)
		}
		if r.stdout != string(want) {
			t.Errorf("retrylint %s differs from %s (go test -run TestExplain -update rewrites it); got:\n%s", strings.Join(c.args, " "), file, r.stdout)
		}
	}

	r := retrylint(t, dir, "explain", "-json", "-test", "./...")
	if r.code != 0 {
		t.Fatalf("retrylint explain -json -test ./...: exit %d; stderr:\n%s", r.code, r.stderr)
	}
	var entries []struct {
		Head     string `json:"head"`
		Site     bool   `json:"site"`
		File     string `json:"file"`
		Line     int    `json:"line"`
		Findings []struct {
			Check string `json:"check"`
		} `json:"findings"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &entries); err != nil {
		t.Fatalf("explain -json does not decode: %v\n%s", err, r.stdout)
	}
	got := map[string][]string{}
	for _, e := range entries {
		key := e.File + ":" + strconv.Itoa(e.Line)
		for _, f := range e.Findings {
			got[key] = append(got[key], f.Check)
		}
		if e.Site && got[key] == nil {
			got[key] = []string{}
		}
	}
	if checks := strings.Join(got["orders.go:15"], ","); checks != "catchall,nojitter,nonidempotent" {
		t.Errorf("explain -json: the loop at orders.go:15 has findings %q, want catchall,nojitter,nonidempotent", checks)
	}
	if _, ok := got["orders_test.go:11"]; !ok {
		t.Errorf("explain -json -test: no site at orders_test.go:11; got %v", got)
	}
}

// TestExplainSilentPackage checks that explain says why a site in a
// test-support package has no finding.
func TestExplainSilentPackage(t *testing.T) {
	r := retrylint(t, fixture(t, "supportpkgs"), "explain", "internal/testutil/seed.go:16")
	want := "\n  reported: nothing (a test-support package, whose findings are not reported unless the configuration says test-support: include)\n"
	if r.code != 0 || !strings.HasPrefix(r.stdout, "internal/testutil/seed.go:16:2: ") || !strings.HasSuffix(r.stdout, want) {
		t.Errorf("retrylint explain internal/testutil/seed.go:16: exit %d, stdout:\n%s\nwant:\n%s", r.code, r.stdout, want)
	}
}

// TestExplainUsage checks the answers to a bad explain command line.
func TestExplainUsage(t *testing.T) {
	dir := fixture(t, "explain")
	for _, c := range []struct {
		args []string
		code int
		says string
	}{
		{[]string{"explain"}, 2, "usage: retrylint explain"},
		{[]string{"explain", "missing.go:3"}, 2, "missing.go: no such file"},
		{[]string{"explain", "orders.go:3", "./..."}, 2, "not both"},
		{[]string{"explain", "orders.go:5"}, 1, "orders.go:5: no retry site"},
	} {
		r := retrylint(t, dir, c.args...)
		if r.code != c.code || !strings.Contains(r.stderr, c.says) {
			t.Errorf("retrylint %s: exit %d, stderr %q; want exit %d and %q", strings.Join(c.args, " "), r.code, r.stderr, c.code, c.says)
		}
	}
}
