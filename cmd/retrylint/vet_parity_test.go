package main_test

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// go vet -vettool runs the command once per package, as the go/analysis
// unitchecker, with the facts of the package's dependencies handed over in
// vet's own files; retrylint ./... runs its per-package driver, with facts
// keyed by object path. On a module whose findings depend on facts that
// cross packages (a backoff function, an effect two packages down, a retry
// helper found in its code, one taught by the configuration), both must
// report the same, as text and as JSON, with the module's .retrylint.yml
// and with another file given by -config.
func TestVetParity(t *testing.T) {
	t.Parallel()
	const (
		insertsOrders = `^(retry loop|jobs\.Retry) repeats orders\.Place, which inserts into orders \(no ON CONFLICT; no schema found, so the table's keys are unknown\): a retry after a lost acknowledgement writes it again`
		execInsert    = `^\t\(\*sql\.DB\)\.ExecContext "INSERT INTO orders \(id\) VALUES \(\$1\)" at store\.go:13:12$`
	)
	// Found in every configuration: the loops of the jobs helpers, whose
	// classification is judged at their calls in app, and the delays
	// backoff.Step computes, judged in app from its fact.
	always := []diag{
		{"jobs/jobs.go:8:2", unboundedLoop},
		{"jobs/jobs.go:12:14", nojitterFixed},
		{"jobs/jobs.go:24:14", `^retry loop waits delay between attempts with no jitter: `},
		{"app/app.go:51:2", `^jobs\.UntilDone retries every error, terminal ones included \(its operation returns every error it meets, and jobs\.UntilDone retries each`},
		{"app/app.go:74:9", `^jobs\.Retry retries every error, terminal ones included \(its operation returns every error it meets, and jobs\.Retry retries each\)`},
		{"app/app.go:28:14", `^backoff function backoff\.Step computes the delays of the retry at line 24 with no jitter: `},
	}
	// The module's .retrylint.yml teaches platform/retry.Do, whose body
	// says nothing; nonidempotent follows each operation into store.
	module := append(slices.Clone(always),
		diag{"app/app.go:24:2", insertsOrders},
		diag{"app/app.go:24:2", `^\torders\.Place at app\.go:25:12$`},
		diag{"app/app.go:24:2", `^\tstore\.AppendOrder at orders\.go:13:9$`},
		diag{"app/app.go:24:2", execInsert},
		diag{"app/app.go:35:9", `^retry\.Do repeats store\.Notify, which sends an HTTP request: `},
		diag{"app/app.go:35:9", `^\tstore\.Notify at app\.go:36:10$`},
		diag{"app/app.go:35:9", `^\t\(\*http\.Client\)\.Do at store\.go:30:15$`},
		diag{"app/app.go:43:9", `^retry\.Do retries with no attempt cap, no elapsed-time cap and no cancellation: `},
		diag{"app/app.go:43:18", `^\tcontext\.Background\(\) removes the last cap$`},
		diag{"app/app.go:74:9", insertsOrders},
		diag{"app/app.go:74:9", `^\torders\.Place at app\.go:75:10$`},
		diag{"app/app.go:74:9", `^\tstore\.AppendOrder at orders\.go:13:9$`},
		diag{"app/app.go:74:9", execInsert},
	)
	// go vet caches a result by the flags and the tool's -V=full answer,
	// not by the content of the file -config names: a path of the test's
	// own keeps an earlier run's answer out.
	data, err := os.ReadFile(filepath.Join(fixture(t, "configs"), "parity-ci.yml"))
	if err != nil {
		t.Fatal(err)
	}
	config := filepath.Join(t.TempDir(), "parity-ci.yml")
	if err := os.WriteFile(config, data, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name  string
		flags []string
		want  []diag
	}{
		{"module config", nil, module},
		// Given with -config, the module's own file is not read: Do is
		// unknown, and nonidempotent is off.
		{"-config", []string{"-config=" + config}, always},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			dir := freshFixture(t, "parity")
			args := append(slices.Clone(c.flags), "./...")

			// JSON first, with -x: vet shows each run of the tool, so
			// the test sees that no package was answered from vet's
			// cache (see freshFixture).
			vet := goVet(t, dir, append([]string{"-x", "-json"}, args...)...)
			checkCode(t, vet, 0)
			checkToolRan(t, vet.stderr, dir)
			cli := retrylint(t, dir, append([]string{"-json"}, args...)...)
			checkCode(t, cli, 0)
			if cli.stderr != "" {
				t.Errorf("retrylint -json: stderr: %s", cli.stderr)
			}
			if got, want := canonicalJSON(t, vet.stdout), canonicalJSON(t, cli.stdout); got != want {
				t.Errorf("-json differs:\ngo vet:\n%s\nretrylint:\n%s", got, want)
			}

			// Text: vet names files relative to the directory it runs
			// in, retrylint absolutely; vet prints the text itself,
			// from the tool's JSON, and does not name the checks.
			vet = goVet(t, dir, args...)
			checkCode(t, vet, 1)
			cli = retrylint(t, dir, args...)
			checkCode(t, cli, 3)
			if got, want := textLines(vet.stderr, ""), textLines(checkName.ReplaceAllString(cli.stderr, ""), dir+"/"); !slices.Equal(got, want) {
				t.Errorf("text differs:\ngo vet:\n%s\nretrylint:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
			checkText(t, vet.stderr, c.want...)
		})
	}
}

// freshFixture copies a fixture module and appends a comment of its own
// to every Go file: a package vet has seen before, even under -trimpath,
// is answered from its cache, and a package it first saw as a dependency
// only (for its facts) is answered with no findings (go 1.26.8). New
// content makes every package new to it. Positions do not move.
func freshFixture(t *testing.T, name string) string {
	t.Helper()
	dir := copyFixture(t, name)
	mark := fmt.Sprintf("\n// %s %d\n", t.Name(), time.Now().UnixNano())
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
		if err != nil {
			return err
		}
		_, err = f.WriteString(mark)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// checkToolRan checks, in the output of go vet -x, that vet ran the
// command in every directory of the module that holds Go files.
func checkToolRan(t *testing.T, trace, dir string) {
	t.Helper()
	ran := map[string]bool{}
	lines := strings.Split(trace, "\n")
	for i := 1; i < len(lines); i++ {
		if strings.Contains(lines[i], binary+" ") && strings.HasSuffix(lines[i], "vet.cfg") {
			if pkgDir, ok := strings.CutPrefix(lines[i-1], "cd "); ok {
				ran[pkgDir] = true
			}
		}
	}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		if !ran[filepath.Dir(path)] {
			t.Errorf("go vet did not run the tool in %s (answered from its cache?)", filepath.Dir(path))
			ran[filepath.Dir(path)] = true // once per directory
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// canonicalJSON merges the -json trees in out and prints them with the
// diagnostics of each package and check in a fixed order: the drivers
// need not list them in the same one.
func canonicalJSON(t *testing.T, out string) string {
	t.Helper()
	tree := map[string]map[string]any{}
	for pkg, checks := range decodeJSON(t, out) {
		tree[pkg] = map[string]any{}
		for check, raw := range checks {
			var v any
			if err := json.Unmarshal(raw, &v); err != nil {
				t.Fatalf("%s / %s: %v", pkg, check, err)
			}
			if list, ok := v.([]any); ok {
				slices.SortFunc(list, func(a, b any) int { return strings.Compare(marshal(t, a), marshal(t, b)) })
			}
			tree[pkg][check] = v
		}
	}
	b, err := json.MarshalIndent(tree, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func marshal(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// textLines returns the lines of text output, sorted, without vet's
// "# package" lines and with prefix cut from each.
func textLines(out, prefix string) []string {
	var lines []string
	for l := range strings.Lines(out) {
		l = strings.TrimSuffix(l, "\n")
		if l == "" || strings.HasPrefix(l, "# ") {
			continue
		}
		lines = append(lines, strings.TrimPrefix(l, prefix))
	}
	slices.Sort(lines)
	return lines
}
