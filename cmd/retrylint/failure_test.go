package main_test

import (
	"encoding/json"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/retrylint/retrylint/analyzers"
	"github.com/retrylint/retrylint/internal/sarif"
)

// writeModule writes files (by slash-separated name) to a fresh directory
// and returns its symlink-free path, as the command prints it.
func writeModule(t *testing.T, files map[string]string) string {
	t.Helper()
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for name, text := range files {
		file := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(file), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, []byte(text), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// brokenModule has a package that does not type-check, with a test file,
// a package that imports it, and a package that is fine.
func brokenModule(t *testing.T) string {
	return writeModule(t, map[string]string{
		"go.mod":                "module example.com/m\n\ngo 1.26\n",
		"broken/broken.go":      "package broken\n\n// Count is not a number.\nvar Count int = \"three\"\n",
		"broken/broken_test.go": "package broken\n\nimport \"testing\"\n\nfunc TestCount(t *testing.T) {}\n",
		"user/user.go":          "package user\n\nimport \"example.com/m/broken\"\n\nvar N = broken.Count\n",
		"fine/fine.go":          "package fine\n\nfunc F() {}\n",
	})
}

// checkStderr compares stderr with the lines wanted, exactly.
func checkStderr(t *testing.T, what string, r result, want ...string) {
	t.Helper()
	if got := r.stderr; got != strings.Join(want, "\n")+"\n" {
		t.Errorf("%s: stderr:\n%s\nwant:\n%s", what, got, strings.Join(want, "\n"))
	}
}

// modes runs the command on the patterns in every way it loads packages:
// the per-package driver as text, -json and -format sarif, the inventory,
// and -fix (the go/analysis checker), each expecting exit status 1 and
// the stderr lines wanted. It returns the SARIF log and the JSON tree.
func modes(t *testing.T, dir string, env []string, want []string, patterns ...string) (*sarif.Log, jsonTree) {
	t.Helper()
	text := runEnv(t, dir, env, binary, patterns...)
	checkCode(t, text, 1)
	checkStderr(t, "text", text, want...)
	if text.stdout != "" {
		t.Errorf("text: stdout %q, want nothing", text.stdout)
	}

	js := runEnv(t, dir, env, binary, append([]string{"-json"}, patterns...)...)
	checkCode(t, js, 1)
	checkStderr(t, "-json", js, want...)
	tree := decodeJSON(t, js.stdout)

	sr := runEnv(t, dir, env, binary, append([]string{"-format", "sarif"}, patterns...)...)
	checkCode(t, sr, 1)
	checkStderr(t, "-format sarif", sr, want...)
	if err := validateSARIF(t, sr.stdout); err != nil {
		t.Fatalf("-format sarif: the log does not validate: %v\n%s", err, sr.stdout)
	}
	dec := json.NewDecoder(strings.NewReader(sr.stdout))
	dec.DisallowUnknownFields()
	var log sarif.Log
	if err := dec.Decode(&log); err != nil {
		t.Fatalf("decoding the SARIF log: %v", err)
	}

	inv := runEnv(t, dir, env, binary, append([]string{"inventory"}, patterns...)...)
	checkCode(t, inv, 1)
	checkStderr(t, "inventory", inv, want...)
	// Where nothing was analysed (the first line is the command's, not
	// a compiler error), the inventory is not printed: an empty one would
	// say there is no retry.
	if analysedNone := strings.HasPrefix(want[0], "retrylint: "); analysedNone != (inv.stdout == "") {
		t.Errorf("inventory: stdout %q", inv.stdout)
	}

	fix := runEnv(t, dir, env, binary, append([]string{"-fix"}, patterns...)...)
	checkCode(t, fix, 1)
	checkStderr(t, "-fix", fix, want...)
	return &log, tree
}

// checkNotifications compares the SARIF run's one invocation with the
// failures wanted: unsuccessful, one error notification each.
func checkNotifications(t *testing.T, log *sarif.Log, want ...string) {
	t.Helper()
	run := log.Runs[0]
	if len(run.Invocations) != 1 || run.Invocations[0].ExecutionSuccessful {
		t.Fatalf("SARIF invocations %+v, want one, unsuccessful", run.Invocations)
	}
	var got []string
	for _, n := range run.Invocations[0].ToolExecutionNotifications {
		if n.Level != "error" {
			t.Errorf("notification %q has level %q, want error", n.Message.Text, n.Level)
		}
		got = append(got, n.Message.Text)
	}
	if !slices.Equal(got, want) {
		t.Errorf("SARIF notifications %q, want %q", got, want)
	}
	if len(run.Results) != 0 {
		t.Errorf("SARIF results %+v, want none", run.Results)
	}
}

// A package that does not type-check is reported once, with the
// compiler's error and one line saying it was not analysed, as is a
// package that depends on it; the checks' own names stay out of it.
func TestNotAnalysed(t *testing.T) {
	t.Parallel()
	dir := brokenModule(t)
	typeError := dir + `/broken/broken.go:4:17: cannot use "three" (untyped string constant) as int value in variable declaration`
	const (
		broken = "example.com/m/broken not analysed: it does not type-check"
		user   = "example.com/m/user not analysed: it depends on example.com/m/broken, which does not type-check"
	)
	log, tree := modes(t, dir, nil, []string{typeError, "retrylint: " + broken, "retrylint: " + user}, "./...")

	checkNotifications(t, log, broken, user)
	locs := log.Runs[0].Invocations[0].ToolExecutionNotifications[0].Locations
	if len(locs) != 1 || locs[0].Message == nil || !strings.HasPrefix(locs[0].Message.Text, `cannot use "three"`) {
		t.Errorf("the notification's locations %+v, want the type error", locs)
	} else {
		checkRegion(t, "the type error", locs[0].PhysicalLocation, "broken/broken.go", sarif.Region{StartLine: 4, StartColumn: 17})
	}

	// -json keeps go/analysis's tree: an error under each check that
	// did not run, and no analyzer the user did not ask for. A package
	// and its test variant are one entry, under the import path, as go
	// vet names them.
	for id, why := range map[string]string{
		"example.com/m/broken": "not analysed: it does not type-check",
		"example.com/m/user":   "not analysed: it depends on example.com/m/broken, which does not type-check",
	} {
		if got, want := slices.Sorted(maps.Keys(tree[id])), analyzers.Names(); !slices.Equal(got, want) {
			t.Errorf("-json: %s has %q, want the checks %q", id, got, want)
		}
		for check, raw := range tree[id] {
			var failed struct{ Error string }
			if err := json.Unmarshal(raw, &failed); err != nil || failed.Error != why {
				t.Errorf("-json: %s / %s is %s, want the error %q", id, check, raw, why)
			}
		}
	}
	if _, ok := tree["example.com/m/fine"]; ok || len(tree) != 2 {
		t.Errorf("-json: packages %q, want the two not analysed", slices.Sorted(maps.Keys(tree)))
	}
}

// A pattern that names a folder that does not exist says so in one line.
func TestNoSuchDirectory(t *testing.T) {
	t.Parallel()
	dir := brokenModule(t)
	const want = "./nosuchdir/...: no such directory"
	log, tree := modes(t, dir, nil, []string{"retrylint: " + want}, "./nosuchdir/...")
	checkNotifications(t, log, want)
	if len(tree) != 0 {
		t.Errorf("-json: %v, want an empty tree", tree)
	}
}

// Outside any module, the command says so in one line.
func TestOutsideModule(t *testing.T) {
	t.Parallel()
	dir := writeModule(t, map[string]string{"p/p.go": "package p\n"})
	want := "no go.mod in " + dir + " or any folder above it: run retrylint inside a Go module"
	for _, pattern := range []string{"./...", "./p"} {
		log, tree := modes(t, dir, nil, []string{"retrylint: " + want}, pattern)
		checkNotifications(t, log, want)
		if len(tree) != 0 {
			t.Errorf("-json: %v, want an empty tree", tree)
		}
	}
}

// withoutEnv is the test's environment without the variables named.
func withoutEnv(names ...string) []string {
	var env []string
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		if !slices.Contains(names, name) {
			env = append(env, kv)
		}
	}
	return env
}

// A module that needs a newer Go than the one installed is not handed to
// a toolchain downloaded on the way: the command says what it needs,
// whatever the go command's configuration says (here GOTOOLCHAIN=auto,
// as go env -w writes it), unless the environment sets GOTOOLCHAIN.
func TestNewerGo(t *testing.T) {
	t.Parallel()
	dir := writeModule(t, map[string]string{
		"go.mod": "module example.com/m\n\ngo 1.99\n\ntoolchain go1.99.1\n",
		"p/p.go": "package p\n",
	})
	out, err := exec.Command("go", "env", "GOVERSION").Output()
	if err != nil {
		t.Fatal(err)
	}
	goVersion := strings.TrimSpace(string(out))
	goenv := filepath.Join(t.TempDir(), "env")
	if err := os.WriteFile(goenv, []byte("GOTOOLCHAIN=auto\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	// GOPROXY=off (which run sets) and -mod=mod: were the go command to
	// fetch anything, it would fail saying so.
	env := append(withoutEnv("GOTOOLCHAIN"), "GOENV="+goenv, "GOFLAGS=-mod=mod")
	want := "example.com/m needs go 1.99 (go.mod), and this go is " + goVersion + "; install go 1.99 or later, or set GOTOOLCHAIN=auto to let the go command fetch it"
	log, tree := modes(t, dir, env, []string{"retrylint: " + want}, "./...")
	checkNotifications(t, log, want)
	if len(tree) != 0 {
		t.Errorf("-json: %v, want an empty tree", tree)
	}

	// A dependency that needs it is named.
	dep := writeModule(t, map[string]string{
		"go.mod":     "module example.com/m\n\ngo 1.26\n\nrequire example.com/dep v0.0.0\n\nreplace example.com/dep => ./dep\n",
		"m.go":       "package m\n\nimport _ \"example.com/dep\"\n",
		"dep/go.mod": "module example.com/dep\n\ngo 1.99\n",
		"dep/dep.go": "package dep\n",
	})
	r := runEnv(t, dep, env, binary, "./...")
	checkCode(t, r, 1)
	checkStderr(t, "a dependency", r, "retrylint: module ./dep needs go 1.99, and this go is "+goVersion+"; install go 1.99 or later, or set GOTOOLCHAIN=auto to let the go command fetch it")

	// GOTOOLCHAIN set in the environment is the user's choice: the go
	// command tries the toolchain go.mod names (and, with GOPROXY=off,
	// cannot get it).
	r = runEnv(t, dir, append(env, "GOTOOLCHAIN=auto"), binary, "./...")
	checkCode(t, r, 1)
	if !strings.Contains(r.stderr, "go1.99.1") || strings.Contains(r.stderr, want) {
		t.Errorf("with GOTOOLCHAIN=auto set, stderr:\n%s\nwant the go command's attempt at go1.99.1", r.stderr)
	}
}

// go fix -fixtool runs the command as go vet does, one package per run
// with -fix: the command is then the go/analysis unitchecker, and loads
// nothing itself.
func TestGoFixTool(t *testing.T) {
	t.Parallel()
	dir := copyFixture(t, "findings")
	r := run(t, dir, "go", "fix", "-fixtool="+binary, "-diff", "./...")
	if want := "+\t\ttime.Sleep(rand.N(2 * time.Second))\n"; !strings.Contains(r.stdout, want) || strings.Contains(r.stderr, "retrylint") {
		t.Errorf("go fix -diff: stdout:\n%s\nstderr:\n%s\nwant the jitter's diff", r.stdout, r.stderr)
	}
}
