package main_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// Text output ends each finding with the name of its check, the name a
// //retrylint:ignore directive takes: in the per-package driver, with -c,
// and in the go/analysis checker (RETRYLINT_DRIVER=single). Related
// information is not a finding and is not named.
func TestTextNamesCheck(t *testing.T) {
	t.Parallel()
	dir := fixture(t, "findings")
	want := []string{
		dir + "/loop/loop.go:10:2: retry loop retries every error, terminal ones included: .* \\(catchall\\)",
		dir + "/loop/loop.go:14:14: retry loop waits a fixed 2 \\* time\\.Second .* \\(nojitter\\)",
		dir + "/loop/loop.go:10:2: retry loop has no attempt cap, .* \\(unbounded\\)",
	}
	check := func(t *testing.T, out string, want []string) {
		t.Helper()
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if len(lines) != len(want) {
			t.Fatalf("%d lines, want %d:\n%s", len(lines), len(want), out)
		}
		for i, w := range want {
			if !regexp.MustCompile("^" + w + "$").MatchString(lines[i]) {
				t.Errorf("line %d: %q does not match %q", i+1, lines[i], w)
			}
		}
	}
	t.Run("driver", func(t *testing.T) {
		t.Parallel()
		r := retrylint(t, dir, "./...")
		checkCode(t, r, 3)
		check(t, r.stderr, want)
	})
	t.Run("context", func(t *testing.T) {
		t.Parallel()
		r := retrylint(t, dir, "-c", "0", "./...")
		checkCode(t, r, 3)
		check(t, r.stderr, []string{want[0], "10\t\tfor {", want[1], "14\t\t\ttime\\.Sleep\\(2 \\* time\\.Second\\)", want[2], "10\t\tfor {"})
	})
	t.Run("single", func(t *testing.T) {
		t.Parallel()
		r := runEnv(t, dir, []string{"RETRYLINT_DRIVER=single"}, binary, "./...")
		checkCode(t, r, 3)
		check(t, r.stderr, want)
		// -json keeps the go/analysis tree: the messages are the checks'.
		r = runEnv(t, dir, []string{"RETRYLINT_DRIVER=single"}, binary, "-json", "./...")
		checkCode(t, r, 0)
		checkJSONFindings(t, decodeJSON(t, r.stdout), dir)
	})
	t.Run("related", func(t *testing.T) {
		t.Parallel()
		dir := fixture(t, "crosspkg")
		r := retrylint(t, dir, "-nonidempotent", "./...")
		checkCode(t, r, 3)
		check(t, r.stderr, []string{
			dir + "/app/app.go:16:2: retry loop repeats store\\.AppendOrder, .* \\(nonidempotent\\)",
			dir + "/app/app.go:16:2: \tstore\\.AppendOrder at app\\.go:17:12",
			dir + "/app/app.go:16:2: \t\\(\\*sql\\.DB\\)\\.ExecContext .* at store\\.go:11:12",
		})
	})
}

// -tags chooses the files as go build's does, in the per-package driver,
// in the go/analysis checker and in the inventory; go vet takes it as a
// build flag.
func TestTags(t *testing.T) {
	t.Parallel()
	dir := fixture(t, "tags")
	const special = "/loop/special.go:14:14"
	t.Run("driver", func(t *testing.T) {
		t.Parallel()
		r := retrylint(t, dir, "./...")
		checkCode(t, r, 0)
		r = retrylint(t, dir, "-tags", "special", "./...")
		checkCode(t, r, 3)
		checkText(t, r.stderr, diag{dir + "/loop/special.go:10:2", catchallLoop}, diag{dir + special, nojitterFixed})
		r = retrylint(t, dir, "-tags=other,special", "-format", "sarif", "./...")
		checkCode(t, r, 0)
		if !strings.Contains(r.stdout, `loop/special.go"`) {
			t.Errorf("-format sarif -tags: no finding in special.go:\n%s", r.stdout)
		}
	})
	t.Run("single", func(t *testing.T) {
		t.Parallel()
		r := runEnv(t, dir, []string{"RETRYLINT_DRIVER=single"}, binary, "-tags", "special", "./...")
		checkCode(t, r, 3)
		checkText(t, r.stderr, diag{dir + "/loop/special.go:10:2", catchallLoop}, diag{dir + special, nojitterFixed})
	})
	t.Run("fix", func(t *testing.T) {
		t.Parallel()
		dir := copyFixture(t, "tags")
		r := retrylint(t, dir, "-fix", "-tags", "special", "./...")
		checkCode(t, r, 0)
		src, err := os.ReadFile(filepath.Join(dir, "loop", "special.go"))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(src), "rand.N(2 * time.Second)") {
			t.Errorf("-fix -tags special left special.go:\n%s", src)
		}
	})
	t.Run("inventory", func(t *testing.T) {
		t.Parallel()
		r := retrylint(t, dir, "inventory", "-format", "json", "./...")
		checkCode(t, r, 0)
		if strings.Contains(r.stdout, "special.go") {
			t.Errorf("inventory without -tags lists special.go:\n%s", r.stdout)
		}
		r = retrylint(t, dir, "inventory", "-format", "json", "-tags", "special", "./...")
		checkCode(t, r, 0)
		if !strings.Contains(r.stdout, `"loop/special.go"`) {
			t.Errorf("inventory -tags special does not list special.go:\n%s", r.stdout)
		}
	})
	t.Run("vet", func(t *testing.T) {
		t.Parallel()
		r := goVet(t, dir, "-tags", "special", "./...")
		checkCode(t, r, 1)
		checkText(t, r.stderr, diag{"loop/special.go:10:2", catchallLoop}, diag{"loop" + strings.TrimPrefix(special, "/loop"), nojitterFixed})
	})
}

// A package whose tests are in the package is reported once, as go vet
// reports it: its test variant, which holds its files and the tests',
// under the package's import path. -json, SARIF and text list each
// finding once.
func TestTestVariantOnce(t *testing.T) {
	t.Parallel()
	dir := fixture(t, "tested")
	cli := retrylint(t, dir, "-json", "./...")
	checkCode(t, cli, 0)
	tree := decodeJSON(t, cli.stdout)
	if len(tree) != 1 {
		t.Errorf("-json lists %d packages, want example.com/tested/loop alone:\n%s", len(tree), cli.stdout)
	}
	for _, check := range []string{"catchall", "nojitter", "unbounded"} {
		if diags := diagsOf(t, tree, "example.com/tested/loop", check); len(diags) != 1 {
			t.Errorf("%s: %d diagnostics, want 1", check, len(diags))
		}
	}
	vet := goVet(t, dir, "-json", "./...")
	checkCode(t, vet, 0)
	if got, want := canonicalJSON(t, cli.stdout), canonicalJSON(t, vet.stdout); got != want {
		t.Errorf("-json differs from go vet's:\nretrylint:\n%s\ngo vet:\n%s", got, want)
	}

	log, _ := runSARIF(t, dir, 0, "./...")
	if n := len(log.Runs[0].Results); n != 3 {
		t.Errorf("SARIF: %d results, want 3", n)
	}
	r := retrylint(t, dir, "./...")
	checkCode(t, r, 3)
	checkText(t, r.stderr,
		diag{dir + "/loop/loop.go:11:2", catchallLoop},
		diag{dir + "/loop/loop.go:11:2", unboundedLoop},
		diag{dir + "/loop/loop.go:15:14", nojitterFixed},
	)
}

// -V prints the version the build recorded: the main module's version,
// and the revision the go command stamped, when it did.
func TestVersion(t *testing.T) {
	t.Parallel()
	dir := fixture(t, "clean")
	r := retrylint(t, dir, "-V")
	checkCode(t, r, 0)
	info, err := exec.Command("go", "version", "-m", binary).Output()
	if err != nil {
		t.Fatal(err)
	}
	want := "devel"
	if m := regexp.MustCompile(`(?m)^\tmod\t\S+\t(\S+)`).FindSubmatch(info); m != nil && string(m[1]) != "(devel)" {
		want = string(m[1])
	}
	if m := regexp.MustCompile(`(?m)^\tbuild\tvcs\.revision=(\S+)`).FindSubmatch(info); m != nil {
		want += " (" + string(m[1][:12])
		if strings.Contains(string(info), "\tbuild\tvcs.modified=true") {
			want += ", modified"
		}
		want += ")"
	}
	if r.stdout != "retrylint version "+want+"\n" || r.stderr != "" {
		t.Errorf("-V: stdout %q, stderr %q; want %q", r.stdout, r.stderr, "retrylint version "+want)
	}
	r = retrylint(t, dir, "-V=full")
	checkCode(t, r, 0)
	if !strings.HasPrefix(r.stdout, binary+" version "+want+" buildID=") {
		t.Errorf("-V=full: %q, want %s version %s buildID=...", r.stdout, binary, want)
	}
	r = retrylint(t, dir, "-V=short")
	checkCode(t, r, 2)
}

// A command line that cannot be run as written is refused with status 2,
// before anything is loaded or written: an unknown flag or value, flags
// that would be ignored or contradict each other, no packages.
func TestUsageErrors(t *testing.T) {
	t.Parallel()
	dir := copyFixture(t, "findings")
	src := filepath.Join(dir, "loop", "loop.go")
	before, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		env  []string
		args []string
		want string
	}{
		{nil, nil, "retrylint: no packages named (./... names those of the current folder and below)"},
		{nil, []string{"-json"}, "retrylint: no packages named (./... names those of the current folder and below)"},
		{nil, []string{"-nosuchflag", "./..."}, "flag provided but not defined: -nosuchflag"},
		{nil, []string{"-format", "xml", "./..."}, `invalid value "xml" for flag -format: unknown format "xml": use text, json or sarif`},
		{nil, []string{"-json", "-format", "sarif", "./..."}, "retrylint: -json and -format sarif disagree"},
		{nil, []string{"-diff", "./..."}, "retrylint: -diff shows the fixes that -fix would write: give -fix -diff"},
		{nil, []string{"-fix", "-format", "sarif", "./..."}, "retrylint: -fix writes the fixes and prints no findings: it does not go with -json or -format sarif"},
		{nil, []string{"-fix", "-json", "./..."}, "retrylint: -fix writes the fixes and prints no findings: it does not go with -json or -format json"},
		{nil, []string{"-fix", "-c", "2", "./..."}, "retrylint: -fix writes the fixes and prints no findings: it does not go with -c"},
		{nil, []string{"-json", "-c", "2", "./..."}, "retrylint: -c shows source lines in text output: it does not go with -json or -format json"},
		{[]string{"RETRYLINT_DRIVER=single"}, []string{"-format", "sarif", "./..."}, "retrylint: RETRYLINT_DRIVER=single prints text or -json: -format sarif needs the per-package driver"},
	} {
		r := runEnv(t, dir, c.env, binary, c.args...)
		checkCode(t, r, 2)
		if !strings.Contains(r.stderr, c.want+"\n") || !strings.Contains(r.stderr, "usage: retrylint ") || r.stdout != "" {
			t.Errorf("%s: stdout %q, stderr:\n%s\nwant %q and the usage", strings.Join(c.args, " "), r.stdout, r.stderr, c.want)
		}
	}
	after, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	if string(after) != string(before) {
		t.Errorf("a refused command line changed loop.go:\n%s", after)
	}
}

// go vet passes on to the tool the flags it lists; the per-package
// driver's -format and -cache, which would do nothing there, are not
// listed, and vet refuses them.
func TestVetRefusesDriverFlags(t *testing.T) {
	t.Parallel()
	dir := fixture(t, "clean")
	for _, args := range [][]string{{"-format=sarif"}, {"-format", "json"}, {"-cache=false"}} {
		r := goVet(t, dir, append(args, "./...")...)
		name, _, _ := strings.Cut(args[0], "=")
		if r.code != 2 || !strings.Contains(r.stderr, "flag provided but not defined: "+name+"\n") {
			t.Errorf("go vet %s: status %d, stderr:\n%s", strings.Join(args, " "), r.code, r.stderr)
		}
	}
}
