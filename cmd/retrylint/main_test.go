package main_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// binary is the retrylint command built for the tests.
var binary string

func TestMain(m *testing.M) {
	os.Exit(buildAndRun(m))
}

func buildAndRun(m *testing.M) int {
	dir, err := os.MkdirTemp("", "retrylint-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	binary = filepath.Join(dir, "retrylint")
	// One results cache for every test, away from the user's: the tests
	// share it as runs on one machine do.
	os.Setenv("RETRYLINT_CACHE", filepath.Join(dir, "cache"))
	if out, err := exec.Command("go", "build", "-o", binary, ".").CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "go build: %v\n%s", err, out)
		return 1
	}
	return m.Run()
}

// fixture returns the absolute, symlink-free path of a module under
// testdata/cmd, as the command prints it.
func fixture(t *testing.T, name string) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata", "cmd", name))
	if err != nil {
		t.Fatal(err)
	}
	dir, err = filepath.EvalSymlinks(dir)
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// copyFixture copies a fixture module to a fresh directory, for tests that
// change files.
func copyFixture(t *testing.T, name string) string {
	t.Helper()
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.CopyFS(dir, os.DirFS(fixture(t, name))); err != nil {
		t.Fatal(err)
	}
	return dir
}

type result struct {
	stdout, stderr string
	code           int
}

// run runs name (binary for retrylint itself) with args in dir. The
// fixtures need nothing from the network, and no workspace.
func run(t *testing.T, dir, name string, args ...string) result {
	t.Helper()
	return runEnv(t, dir, nil, name, args...)
}

// runEnv is run with variables added to the environment.
func runEnv(t *testing.T, dir string, env []string, name string, args ...string) result {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(), "GOWORK=off", "GOPROXY=off"), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatalf("%s %s: %v", name, strings.Join(args, " "), err)
	}
	r := result{stdout.String(), stderr.String(), cmd.ProcessState.ExitCode()}
	if strings.Contains(r.stderr, "panic:") || strings.Contains(r.stderr, "goroutine ") {
		t.Errorf("%s %s panicked:\n%s", name, strings.Join(args, " "), r.stderr)
	}
	return r
}

func retrylint(t *testing.T, dir string, args ...string) result {
	t.Helper()
	return run(t, dir, binary, args...)
}

func goVet(t *testing.T, dir string, args ...string) result {
	t.Helper()
	return run(t, dir, "go", append([]string{"vet", "-vettool=" + binary}, args...)...)
}

// A diag is a line of text output that the test expects: the position
// exactly, the message by a regular expression.
type diag struct {
	posn, message string
}

var (
	nojitterFixed = `^retry loop waits a fixed .* with no jitter: .*; randomise the delay`
	unboundedLoop = `^retry loop has no attempt cap, no elapsed-time cap and no cancellation: .*; count the attempts`
	catchallLoop  = `^retry loop retries every error, terminal ones included.*; look at the error`
)

// checkName matches the end of a finding's line in retrylint's text
// output: the check's name.
var checkName = regexp.MustCompile(`(?m) \((catchall|executionkey|nojitter|nonidempotent|onconflict|unbounded|wallclock)\)$`)

// checkText compares the diagnostics printed as "posn: message" lines in
// out, in any order, with want; the check's name that ends a finding's
// line (not under go vet) is not part of the message. Lines vet prints
// for a package ("# pkg") are skipped.
func checkText(t *testing.T, out string, want ...diag) {
	t.Helper()
	line := regexp.MustCompile(`^(\S+:\d+:\d+): (.*)$`)
	var got []diag
	for l := range strings.Lines(out) {
		l = strings.TrimSuffix(l, "\n")
		if strings.HasPrefix(l, "# ") {
			continue
		}
		m := line.FindStringSubmatch(l)
		if m == nil {
			t.Errorf("unexpected output line: %q", l)
			continue
		}
		got = append(got, diag{m[1], checkName.ReplaceAllString(m[2], "")})
	}
	byPosn := func(a, b diag) int { return strings.Compare(a.posn, b.posn) }
	slices.SortStableFunc(got, byPosn)
	want = slices.Clone(want)
	slices.SortStableFunc(want, byPosn)
	if len(got) != len(want) {
		t.Errorf("got %d diagnostics, want %d:\n%s", len(got), len(want), out)
		return
	}
	// Within one position the order of the checks' output is not fixed
	// (go vet runs them in any order): match each wanted message to a
	// diagnostic at its position.
	used := make([]bool, len(got))
	for _, w := range want {
		found := false
		for k, g := range got {
			if !used[k] && g.posn == w.posn && regexp.MustCompile(w.message).MatchString(g.message) {
				used[k], found = true, true
				break
			}
		}
		if !found {
			t.Errorf("no diagnostic at %s matches %q; got:\n%s", w.posn, w.message, out)
		}
	}
}

func checkCode(t *testing.T, r result, want int) {
	t.Helper()
	if r.code != want {
		t.Errorf("exit status %d, want %d\nstdout:\n%s\nstderr:\n%s", r.code, want, r.stdout, r.stderr)
	}
}

func TestFindings(t *testing.T) {
	t.Parallel()
	dir := fixture(t, "findings")
	r := retrylint(t, dir, "./...")
	checkCode(t, r, 3)
	checkText(t, r.stderr,
		diag{dir + "/loop/loop.go:10:2", catchallLoop},
		diag{dir + "/loop/loop.go:10:2", unboundedLoop},
		diag{dir + "/loop/loop.go:14:14", nojitterFixed},
	)
	if r.stdout != "" {
		t.Errorf("stdout: %q, want nothing", r.stdout)
	}
}

func TestClean(t *testing.T) {
	t.Parallel()
	r := retrylint(t, fixture(t, "clean"), "./...")
	checkCode(t, r, 0)
	if r.stdout != "" || r.stderr != "" {
		t.Errorf("output on a clean module:\nstdout: %s\nstderr: %s", r.stdout, r.stderr)
	}
}

// jsonTree is go/analysis's -json output: package, then check, then
// diagnostics (or an error).
type jsonTree map[string]map[string]json.RawMessage

type jsonDiag struct {
	Category string `json:"category"`
	Posn     string `json:"posn"`
	End      string `json:"end"`
	Message  string `json:"message"`
	Fixes    []struct {
		Message string `json:"message"`
	} `json:"suggested_fixes"`
}

// decodeJSON reads one JSON tree per package (go vet writes one each) and
// merges them.
func decodeJSON(t *testing.T, out string) jsonTree {
	t.Helper()
	tree := jsonTree{}
	dec := json.NewDecoder(strings.NewReader(out))
	for {
		var part jsonTree
		if err := dec.Decode(&part); err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("-json output: %v\n%s", err, out)
		}
		for pkg, checks := range part {
			tree[pkg] = checks
		}
	}
	return tree
}

func diagsOf(t *testing.T, tree jsonTree, pkg, check string) []jsonDiag {
	t.Helper()
	raw, ok := tree[pkg][check]
	if !ok {
		t.Fatalf("-json output has no %s / %s: %v", pkg, check, tree)
	}
	var diags []jsonDiag
	if err := json.Unmarshal(raw, &diags); err != nil {
		t.Fatalf("%s / %s is not a list of diagnostics: %s", pkg, check, raw)
	}
	return diags
}

func checkJSONFindings(t *testing.T, tree jsonTree, dir string) {
	t.Helper()
	if len(tree) != 1 {
		t.Errorf("packages: %v, want only example.com/findings/loop", tree)
	}
	nojitter := diagsOf(t, tree, "example.com/findings/loop", "nojitter")
	if len(nojitter) != 1 {
		t.Fatalf("nojitter: %+v, want 1 diagnostic", nojitter)
	}
	d := nojitter[0]
	if d.Posn != dir+"/loop/loop.go:14:14" || d.End != dir+"/loop/loop.go:14:29" || d.Category != "nojitter" {
		t.Errorf("nojitter: %+v, want posn loop.go:14:14, end 14:29 (2 * time.Second)", d)
	}
	if !regexp.MustCompile(nojitterFixed).MatchString(d.Message) {
		t.Errorf("nojitter message %q does not match %q", d.Message, nojitterFixed)
	}
	if len(d.Fixes) != 1 || d.Fixes[0].Message != "Add full jitter" {
		t.Errorf("nojitter fixes: %+v, want Add full jitter", d.Fixes)
	}
	unbounded := diagsOf(t, tree, "example.com/findings/loop", "unbounded")
	if len(unbounded) != 1 || unbounded[0].Posn != dir+"/loop/loop.go:10:2" || unbounded[0].Category != "unbounded" {
		t.Errorf("unbounded: %+v, want one at loop.go:10:2", unbounded)
	}
}

func TestJSON(t *testing.T) {
	t.Parallel()
	dir := fixture(t, "findings")
	r := retrylint(t, dir, "-json", "./...")
	checkCode(t, r, 0) // -json reports through its output
	if r.stderr != "" {
		t.Errorf("stderr: %s", r.stderr)
	}
	checkJSONFindings(t, decodeJSON(t, r.stdout), dir)

	r = retrylint(t, fixture(t, "clean"), "-json", "./...")
	checkCode(t, r, 0)
	if tree := decodeJSON(t, r.stdout); len(tree) != 0 {
		t.Errorf("clean -json: %s, want {}", r.stdout)
	}
}

// A broken configuration stops the command before any package is loaded:
// the fixtures' packages do not even type-check.
func TestConfigErrors(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ fixture, want string }{
		{"badconfig/unknownkey", `retrylint: rules: .retrylint.yml:3: unknown field "check" (did you mean "checks"?)`},
		{"badconfig/badtype", `retrylint: rules: .retrylint.yml:8: expected true or false, found "maybe"`},
		{"badconfig/badname", `retrylint: rules: .retrylint.yml:5: retries: call "retry.Do()" is not a function name like pkg.Func or (*pkg.T).Method`},
		{"badconfig/retried", `retrylint: rules: .retrylint.yml:3: retried: (*example.com/badconfig/retried.Exporter).Run: attempts is required: the runs the orchestrator makes at most, the first included`},
	} {
		t.Run(tc.fixture, func(t *testing.T) {
			t.Parallel()
			r := retrylint(t, fixture(t, tc.fixture), "./...")
			checkCode(t, r, 2)
			if r.stderr != tc.want+"\n" || r.stdout != "" {
				t.Errorf("stderr:\n%s\nwant:\n%s", r.stderr, tc.want)
			}
		})
	}

	// Found from a subdirectory, the file is named relative to it.
	dir := copyFixture(t, "configured")
	if err := os.WriteFile(filepath.Join(dir, ".retrylint.yml"), []byte("disable: [nojitter]\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	r := retrylint(t, filepath.Join(dir, "app"), "./...")
	checkCode(t, r, 2)
	if want := "retrylint: rules: ../.retrylint.yml:1: expected a mapping, found a list\n"; r.stderr != want {
		t.Errorf("stderr:\n%s\nwant:\n%s", r.stderr, want)
	}

	// Given with -config, it is named as given.
	dir = fixture(t, "badconfig/unknownkey")
	r = retrylint(t, filepath.Dir(dir), "-config", filepath.Join(dir, ".retrylint.yml"), "./unknownkey")
	checkCode(t, r, 2)
	if want := "retrylint: rules: " + dir + `/.retrylint.yml:3: unknown field "check" (did you mean "checks"?)` + "\n"; r.stderr != want {
		t.Errorf("stderr:\n%s\nwant:\n%s", r.stderr, want)
	}

	r = retrylint(t, fixture(t, "findings"), "-config=missing.yml", "./...")
	checkCode(t, r, 2)
	if want := "retrylint: rules: missing.yml: no such file\n"; r.stderr != want {
		t.Errorf("stderr:\n%s\nwant:\n%s", r.stderr, want)
	}
}

// The nearest .retrylint.yml applies, found from a subdirectory too: it
// disables nojitter and teaches the module's own retry helper.
func TestConfigFound(t *testing.T) {
	t.Parallel()
	dir := fixture(t, "configured")
	want := []diag{
		{dir + "/app/app.go:15:9", `^retry\.Do retries with no attempt cap, no elapsed-time cap and no cancellation: `},
		{dir + "/app/app.go:15:18", `^\tcontext\.Background\(\) removes the last cap$`},
		{dir + "/app/app.go:31:2", catchallLoop},
		{dir + "/app/app.go:31:2", unboundedLoop},
	}
	for _, sub := range []string{".", "app"} {
		t.Run(sub, func(t *testing.T) {
			t.Parallel()
			r := retrylint(t, filepath.Join(dir, sub), "./...")
			checkCode(t, r, 3)
			checkText(t, r.stderr, want...)
		})
	}
}

// A retried: entry of the nearest .retrylint.yml makes a function a
// retry site: its POST is reported at it, naming the declaration; the
// same POST undeclared is not. An entry that names no function of its
// package is reported at the package, even one that imports nothing a
// check looks for.
func TestConfigRetried(t *testing.T) {
	t.Parallel()
	dir := fixture(t, "retried")
	r := retrylint(t, dir, "./...")
	checkCode(t, r, 3)
	checkText(t, r.stderr, diag{dir + "/jobs/jobs.go:17:1", `^Exporter\.Run \(retried by Airflow task retries: 3 attempts, declared in \.retrylint\.yml:3\) repeats \(\*http\.Client\)\.Do, which sends an HTTP request: `},
		diag{dir + "/jobs/jobs.go:17:1", `^\t\(\*http\.Client\)\.Do at jobs\.go:22:15$`},
		diag{dir + "/report/report.go:3:9", `^\.retrylint\.yml:7: retried: example\.com/retried/report\.Sendd names no function of package example\.com/retried/report: nothing is judged as retried for it$`})
}

// -config FILE replaces the nearest .retrylint.yml, in each spelling.
func TestConfigFlag(t *testing.T) {
	t.Parallel()
	config := filepath.Join(fixture(t, "configs"), "only-nojitter.yml")
	for _, args := range [][]string{
		{"-config", config},
		{"-config=" + config},
		{"--config", config},
		{"--config=" + config},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			t.Parallel()
			dir := fixture(t, "findings")
			r := retrylint(t, dir, append(args, "./...")...)
			checkCode(t, r, 3)
			checkText(t, r.stderr, diag{dir + "/loop/loop.go:14:14", nojitterFixed})
		})
	}

	// The configured module's own file is not read: nojitter is back,
	// unbounded is off, and its helper is unknown.
	dir := fixture(t, "configured")
	r := retrylint(t, dir, "-config", config, "./...")
	checkCode(t, r, 3)
	checkText(t, r.stderr, diag{dir + "/app/app.go:35:14", nojitterFixed})
}

// A directive with a reason silences; one without a reason, with no
// check or with a misspelt check is reported, by the command and under
// go vet alike.
func TestIgnore(t *testing.T) {
	t.Parallel()
	dir := fixture(t, "ignored")
	want := func(prefix string) []diag {
		return []diag{
			{prefix + "loop/loop.go:12:2", `^retrylint:ignore needs a reason: //retrylint:ignore <check> <why this retry is safe>$`},
			{prefix + "loop/loop.go:13:2", catchallLoop},
			{prefix + "loop/loop.go:13:2", unboundedLoop},
			{prefix + "loop/loop.go:30:14", nojitterFixed},
			{prefix + "loop/loop.go:42:3", `^retrylint:ignore names no check, so it silences nothing: //retrylint:ignore <check> <why this retry is safe>$`},
			{prefix + "loop/loop.go:43:14", nojitterFixed},
			{prefix + "loop/loop.go:43:27", `^retrylint:ignore names no check "nojiter" \(did you mean nojitter\?\), so it silences nothing$`},
		}
	}
	r := retrylint(t, dir, "./...")
	checkCode(t, r, 3)
	checkText(t, r.stderr, want(dir+"/")...)

	r = goVet(t, dir, "./...")
	checkCode(t, r, 1)
	checkText(t, r.stderr, want("")...)
}

// A package that does not type-check is reported, with status 1; the
// package next to it is still analysed.
func TestTypeError(t *testing.T) {
	t.Parallel()
	dir := fixture(t, "typeerror")
	r := retrylint(t, dir, "./...")
	checkCode(t, r, 1)
	if want := dir + `/broken/broken.go:18:17: cannot use "three" (untyped string constant) as int value in variable declaration`; !strings.Contains(r.stderr, want+"\n") {
		t.Errorf("stderr does not report the type error %s:\n%s", want, r.stderr)
	}
	for _, want := range []string{
		dir + "/fine/fine.go:10:2: retry loop has no attempt cap",
		dir + "/fine/fine.go:14:14: retry loop waits a fixed 2 * time.Second",
	} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("stderr lacks %s:\n%s", want, r.stderr)
		}
	}

	r = retrylint(t, dir, "-json", "./...")
	checkCode(t, r, 1)
	tree := decodeJSON(t, r.stdout)
	if len(diagsOf(t, tree, "example.com/typeerror/fine", "unbounded")) != 1 {
		t.Errorf("-json: fine/unbounded: %s", tree["example.com/typeerror/fine"]["unbounded"])
	}
	var failed struct{ Error string }
	if err := json.Unmarshal(tree["example.com/typeerror/broken"]["unbounded"], &failed); err != nil || failed.Error == "" {
		t.Errorf("-json: broken/unbounded is not an error: %s", tree["example.com/typeerror/broken"]["unbounded"])
	}
}

func TestFix(t *testing.T) {
	t.Parallel()
	dir := copyFixture(t, "findings")
	r := retrylint(t, dir, "-fix", "./...")
	checkCode(t, r, 0)
	src, err := os.ReadFile(filepath.Join(dir, "loop", "loop.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"import (\n\t\"math/rand/v2\"\n\t\"time\"\n)\n", "time.Sleep(rand.N(2 * time.Second))"} {
		if !strings.Contains(string(src), want) {
			t.Errorf("fixed loop.go lacks %s:\n%s", want, src)
		}
	}
	// The jitter is fixed; the bound is not mechanical.
	r = retrylint(t, dir, "./...")
	checkCode(t, r, 3)
	checkText(t, r.stderr, diag{dir + "/loop/loop.go:13:2", catchallLoop}, diag{dir + "/loop/loop.go:13:2", unboundedLoop})
}

// -fix applies the edits and nothing else: a file whose imports are out
// of order, and that gofmt would change, keeps every byte the fix does
// not touch. -diff prints the same change and writes nothing.
func TestFixTouchesOnlyItsEdits(t *testing.T) {
	t.Parallel()
	dir := copyFixture(t, "fiximports")
	file := filepath.Join(dir, "unsorted", "unsorted.go")
	before, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	// The line goes before the first standard import that sorts after it.
	want := strings.Replace(string(before), "\t\"time\"\n", "\t\"math/rand/v2\"\n\t\"time\"\n", 1)
	want = strings.Replace(want, "time.Sleep(2 * time.Second)", "time.Sleep(rand.N(2 * time.Second))", 1)

	r := retrylint(t, dir, "-fix", "-diff", "./...")
	checkCode(t, r, 0)
	if got, _ := os.ReadFile(file); string(got) != string(before) {
		t.Errorf("-fix -diff wrote the file:\n%s", got)
	}
	for _, line := range []string{"+\t\"math/rand/v2\"\n", "-\t\ttime.Sleep(2 * time.Second)\n", "+\t\ttime.Sleep(rand.N(2 * time.Second))\n"} {
		if !strings.Contains(r.stdout, line) {
			t.Errorf("-fix -diff lacks %q:\n%s", line, r.stdout)
		}
	}
	if n := strings.Count(r.stdout, "\n+") + strings.Count(r.stdout, "\n-"); n != 4 { // +++, the import, the sleep's two lines
		t.Errorf("-fix -diff changes %d lines, want the import and the sleep:\n%s", n-1, r.stdout)
	}

	r = retrylint(t, dir, "-fix", "./...")
	checkCode(t, r, 0)
	got, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Errorf("-fix gave:\n%s\nwant:\n%s", got, want)
	}
	if out, err := exec.Command("go", "vet", "./...").CombinedOutput(); err != nil {
		t.Errorf("the fixed module does not build: %v\n%s", err, out)
	}
}

func TestHelp(t *testing.T) {
	t.Parallel()
	dir := fixture(t, "clean")
	r := retrylint(t, dir, "help")
	checkCode(t, r, 0)
	if !strings.HasPrefix(r.stdout, "retrylint reports Go code where a retry does harm.") || strings.Contains(r.stdout, "Printf") {
		t.Errorf("help does not open with retrylint's own introduction:\n%s", r.stdout)
	}
	for _, want := range []string{
		"\nChecks:\n",
		// The descriptions line up past the longest name.
		"\n    nojitter      report backoff without jitter\n",
		"\n    nonidempotent report retries that repeat",
		"\n    unbounded     report retries with no attempt cap",
		"\n  -config string\n",
		"\n  -tags list\n    \ta comma-separated list of build tags",
	} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("help lacks %q:\n%s", want, r.stdout)
		}
	}

	r = retrylint(t, dir, "help", "nojitter")
	checkCode(t, r, 0)
	if !strings.HasPrefix(r.stdout, "nojitter: report backoff without jitter\n\n") || !strings.Contains(r.stdout, "math/rand/v2") {
		t.Errorf("help nojitter:\n%s", r.stdout)
	}

	r = retrylint(t, dir)
	checkCode(t, r, 2)
	if !strings.Contains(r.stderr, "usage: retrylint [-config FILE]") {
		t.Errorf("no arguments:\n%s", r.stderr)
	}
}

// go vet asks the tool for its flags and its version before it runs it.
func TestVetProtocol(t *testing.T) {
	t.Parallel()
	r := retrylint(t, fixture(t, "clean"), "-flags")
	checkCode(t, r, 0)
	var flags []struct{ Name string }
	if err := json.Unmarshal([]byte(r.stdout), &flags); err != nil {
		t.Fatalf("-flags: %v\n%s", err, r.stdout)
	}
	if !slices.ContainsFunc(flags, func(f struct{ Name string }) bool { return f.Name == "config" }) {
		t.Errorf("-flags does not list config:\n%s", r.stdout)
	}
	// A broken configuration does not break the flags query, whose
	// stderr go vet drops: it shows at -V=full instead.
	r = retrylint(t, fixture(t, "badconfig/unknownkey"), "-flags")
	checkCode(t, r, 0)

	// The version changes with the configuration, so that go vet's cache
	// does not serve results computed under another one.
	version := regexp.MustCompile(`^\S+ version (devel|v\S+)( \([0-9a-f]{12}(, modified)?\))? buildID=[0-9a-f]{64}\n$`)
	dir := copyFixture(t, "configured")
	ids := map[string]bool{}
	for _, config := range []string{"", "disable:\n  checks: [nojitter]\n", "disable:\n  checks: [unbounded]\n"} {
		if config != "" {
			if err := os.WriteFile(filepath.Join(dir, ".retrylint.yml"), []byte(config), 0o666); err != nil {
				t.Fatal(err)
			}
		}
		r := retrylint(t, dir, "-V=full")
		checkCode(t, r, 0)
		if !version.MatchString(r.stdout) {
			t.Errorf("-V=full: %q does not match %s", r.stdout, version)
		}
		ids[r.stdout] = true
	}
	if len(ids) != 3 {
		t.Errorf("-V=full gave %d versions for 3 configurations", len(ids))
	}
}

func TestVet(t *testing.T) {
	t.Parallel()
	t.Run("findings", func(t *testing.T) {
		t.Parallel()
		r := goVet(t, fixture(t, "findings"), "./...")
		checkCode(t, r, 1)
		checkText(t, r.stderr,
			diag{"loop/loop.go:10:2", catchallLoop},
			diag{"loop/loop.go:10:2", unboundedLoop},
			diag{"loop/loop.go:14:14", nojitterFixed},
		)
	})
	t.Run("clean", func(t *testing.T) {
		t.Parallel()
		r := goVet(t, fixture(t, "clean"), "./...")
		checkCode(t, r, 0)
		if r.stderr != "" {
			t.Errorf("stderr: %s", r.stderr)
		}
	})
	t.Run("json", func(t *testing.T) {
		t.Parallel()
		dir := fixture(t, "findings")
		r := goVet(t, dir, "-json", "./...")
		checkCode(t, r, 0)
		checkJSONFindings(t, decodeJSON(t, r.stdout), dir)
	})
	// vet runs the tool in each package's directory: the module's
	// .retrylint.yml is found from there.
	t.Run("config", func(t *testing.T) {
		t.Parallel()
		r := goVet(t, fixture(t, "configured"), "./...")
		checkCode(t, r, 1)
		checkText(t, r.stderr,
			diag{"app/app.go:15:9", `^retry\.Do retries with no attempt cap`},
			diag{"app/app.go:15:18", `^\tcontext\.Background\(\) removes the last cap$`},
			diag{"app/app.go:31:2", catchallLoop},
			diag{"app/app.go:31:2", unboundedLoop},
		)
	})
	t.Run("config flag", func(t *testing.T) {
		t.Parallel()
		// go vet caches a result by the tool's -V=full answer and its
		// flags, not by the content of the file a flag names: a path of
		// its own keeps an edited config from being answered from cache.
		data, err := os.ReadFile(filepath.Join(fixture(t, "configs"), "only-nojitter.yml"))
		if err != nil {
			t.Fatal(err)
		}
		config := filepath.Join(t.TempDir(), "only-nojitter.yml")
		if err := os.WriteFile(config, data, 0o644); err != nil {
			t.Fatal(err)
		}
		r := goVet(t, fixture(t, "findings"), "-config="+config, "./...")
		checkCode(t, r, 1)
		checkText(t, r.stderr, diag{"loop/loop.go:14:14", nojitterFixed})
	})
	t.Run("config error", func(t *testing.T) {
		t.Parallel()
		r := goVet(t, fixture(t, "badconfig/unknownkey"), "./...")
		if r.code == 0 {
			t.Errorf("exit status 0 with a broken configuration")
		}
		if want := `retrylint: rules: .retrylint.yml:3: unknown field "check" (did you mean "checks"?)`; !strings.Contains(r.stderr, want) {
			t.Errorf("stderr lacks %s:\n%s", want, r.stderr)
		}
	})
	t.Run("type error", func(t *testing.T) {
		t.Parallel()
		r := goVet(t, fixture(t, "typeerror"), "./...")
		checkCode(t, r, 1)
		if want := `broken/broken.go:18:17: cannot use "three"`; !strings.Contains(r.stderr, want) {
			t.Errorf("stderr lacks %s:\n%s", want, r.stderr)
		}
		if want := "fine/fine.go:10:2: retry loop has no attempt cap"; !strings.Contains(r.stderr, want) {
			t.Errorf("stderr lacks %s:\n%s", want, r.stderr)
		}
	})
}

// The append and its retry are in one package: onconflict reports it
// once, at the INSERT, with the retry; when the flags keep onconflict
// from running, nonidempotent reports it at the retry instead.
func TestSamePackageOnce(t *testing.T) {
	t.Parallel()
	const (
		atInsert = `^INSERT into orders appends \(no ON CONFLICT; no schema found, so the table's keys are unknown\), retried by retry loop: `
		atRetry  = `^retry loop repeats store\.appendOrder, which inserts into orders `
	)
	for _, c := range []struct {
		name  string
		flags []string
		want  diag
	}{
		{"default", nil, diag{"/store/store.go:16:33", atInsert}},
		{"onconflict off", []string{"-onconflict=false"}, diag{"/store/store.go:23:2", atRetry}},
		{"nonidempotent only", []string{"-nonidempotent"}, diag{"/store/store.go:23:2", atRetry}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			dir := fixture(t, "samepkg")
			r := retrylint(t, dir, append(c.flags, "./...")...)
			checkCode(t, r, 3)
			var heads []string
			for _, line := range strings.Split(strings.TrimSpace(r.stderr), "\n") {
				if !strings.Contains(line, ": \t") {
					heads = append(heads, line)
				}
			}
			if len(heads) != 1 {
				t.Fatalf("%d findings, want 1:\n%s", len(heads), r.stderr)
			}
			want := diag{dir + c.want.posn, c.want.message}
			checkText(t, heads[0]+"\n", want)
		})
	}
}

// The effect is in one package and the retry in another: facts carry it
// across, in the command and under go vet alike.
func TestCrossPackage(t *testing.T) {
	t.Parallel()
	// The append is in store and the retry in app: nonidempotent reports
	// it once, at the retry; onconflict, which sees store first, does not.
	const repeats = `^retry loop repeats store\.AppendOrder, which inserts into orders \(no ON CONFLICT; no schema found, so the table's keys are unknown\): a retry after a lost acknowledgement writes it again`
	t.Run("retrylint", func(t *testing.T) {
		t.Parallel()
		dir := fixture(t, "crosspkg")
		r := retrylint(t, dir, "./...")
		checkCode(t, r, 3)
		checkText(t, r.stderr,
			diag{dir + "/app/app.go:16:2", catchallLoop},
			diag{dir + "/app/app.go:16:2", repeats},
			diag{dir + "/app/app.go:16:2", `^\tstore\.AppendOrder at app\.go:17:12$`},
			diag{dir + "/app/app.go:16:2", `^\t\(\*sql\.DB\)\.ExecContext "INSERT INTO orders \(id\) VALUES \(\$1\)" at store\.go:11:12$`},
		)
	})
	t.Run("vet", func(t *testing.T) {
		t.Parallel()
		r := goVet(t, fixture(t, "crosspkg"), "./...")
		checkCode(t, r, 1)
		checkText(t, r.stderr,
			diag{"app/app.go:16:2", catchallLoop},
			diag{"app/app.go:16:2", repeats},
			diag{"app/app.go:16:2", `^\tstore\.AppendOrder at app\.go:17:12$`},
			diag{"app/app.go:16:2", `^\t\(\*sql\.DB\)\.ExecContext "INSERT INTO orders \(id\) VALUES \(\$1\)" at store\.go:11:12$`},
		)
	})
}

// A package whose tests type-check only under a build tag is still
// analysed, without them: its findings are reported, and its test
// variant is reported not analysed, with status 1.
func TestTestsNeedTag(t *testing.T) {
	t.Parallel()
	dir := fixture(t, "testtags")
	r := retrylint(t, dir, "./...")
	checkCode(t, r, 1)
	for _, want := range []string{
		dir + "/tagged/tagged.go:10:2: retry loop has no attempt cap",
		"example.com/testtags/tagged [example.com/testtags/tagged.test] not analysed: it does not type-check",
	} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("stderr lacks %s:\n%s", want, r.stderr)
		}
	}
	r = retrylint(t, dir, "-tags", "test", "./...")
	checkCode(t, r, 3)
	if strings.Contains(r.stderr, "not analysed") {
		t.Errorf("with -tags test, a package is still not analysed:\n%s", r.stderr)
	}
}
