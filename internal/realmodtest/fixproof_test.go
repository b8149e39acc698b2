package realmodtest_test

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/retrylint/retrylint/rules"
)

// TestFixesOnRealModules proves the suggested fixes against the real
// libraries at the versions testdata/realmod pins: the program under
// testdata/realmod/_fixproof retries through each library with a
// terminal wrapper or a jitter fix, written as catchall and nojitter
// report it. It is built and run as it is, then again after retrylint
// -fix: before, its checks of a terminal error tried once and of a
// delay that varies fail; after, every check passes, a success still
// succeeding. Every builtin pack with a terminal-wrappers row or a fix
// must have a check there.
func TestFixesOnRealModules(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command and programs against the real retry modules; skipped with -short")
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if deadline, ok := t.Deadline(); ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, deadline.Add(-10*time.Second))
		defer cancel()
	}

	// The module: testdata/realmod's go.mod and go.sum, and the program.
	dir := t.TempDir()
	realmod := filepath.Join(root, "testdata", "realmod")
	for _, name := range []string{"go.mod", "go.sum"} {
		data, err := os.ReadFile(filepath.Join(realmod, name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.CopyFS(filepath.Join(dir, "proof"), os.DirFS(filepath.Join(realmod, "_fixproof", "proof"))); err != nil {
		t.Fatal(err)
	}
	env := append(os.Environ(), "GOFLAGS="+goflags(os.Getenv("GOFLAGS")), "GOWORK=off", "RETRYLINT_CACHE="+t.TempDir())
	run := func(name string, args ...string) (string, int) {
		t.Helper()
		cmd := exec.CommandContext(ctx, name, args...)
		cmd.Dir, cmd.Env = dir, env
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		err := cmd.Run()
		if _, ok := err.(*exec.ExitError); err != nil && !ok {
			t.Fatalf("%s %s: %v", name, strings.Join(args, " "), err)
		}
		return out.String(), cmd.ProcessState.ExitCode()
	}
	exe := func(name string) string {
		if runtime.GOOS == "windows" {
			name += ".exe"
		}
		return filepath.Join(t.TempDir(), name)
	}
	proof := func() map[string]string {
		t.Helper()
		bin := exe("proof")
		if out, code := run("go", "build", "-o", bin, "./proof"); code != 0 {
			t.Fatalf("go build ./proof: status %d\n%s", code, out)
		}
		out, code := run(bin)
		if code != 0 {
			t.Fatalf("proof: status %d\n%s", code, out)
		}
		return parseProof(t, out)
	}

	before := proof()
	for check, verdict := range before {
		if want := "ok"; strings.HasSuffix(check, "(success path only)") && verdict != want {
			t.Errorf("before -fix, %s: %s, want %s", check, verdict, want)
		} else if !strings.HasSuffix(check, "(success path only)") && verdict == "ok" {
			t.Errorf("before -fix, %s passes: it does not check what the fix is for", check)
		}
	}

	retrylint := exe("retrylint")
	build := exec.CommandContext(ctx, "go", "build", "-o", retrylint, "github.com/retrylint/retrylint/cmd/retrylint")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build cmd/retrylint: %v\n%s", err, out)
	}
	if out, code := run(retrylint, "-fix", "./..."); code != 0 {
		t.Fatalf("retrylint -fix ./...: status %d\n%s", code, out)
	}

	after := proof()
	for check, verdict := range after {
		if verdict != "ok" {
			t.Errorf("after -fix, %s: %s", check, verdict)
		}
	}
	if len(after) != len(before) {
		t.Errorf("the program ran %d checks before -fix and %d after", len(before), len(after))
	}
	checked := map[string]bool{}
	for check := range after {
		library, _, _ := strings.Cut(check, ": ")
		checked[library] = true
	}
	for _, library := range fixedLibraries() {
		if !checked[library] {
			t.Errorf("%s has a terminal wrapper or a fix in its pack, and no check in testdata/realmod/_fixproof: a fix that is not proved is not offered", library)
		}
	}
}

// parseProof reads the program's lines: "ok CHECK" or "FAIL CHECK: WHY",
// CHECK being "LIBRARY: WHAT". It returns the verdict of each check:
// "ok", or the line.
func parseProof(t *testing.T, out string) map[string]string {
	t.Helper()
	verdicts := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		switch {
		case strings.HasPrefix(line, "ok "):
			verdicts[strings.TrimPrefix(line, "ok ")] = "ok"
		case strings.HasPrefix(line, "FAIL "):
			rest := strings.TrimPrefix(line, "FAIL ")
			library, tail, _ := strings.Cut(rest, ": ")
			what, _, _ := strings.Cut(tail, ": ")
			verdicts[library+": "+what] = line
		default:
			t.Fatalf("proof printed %q, neither ok nor FAIL:\n%s", line, out)
		}
	}
	if len(verdicts) == 0 {
		t.Fatalf("proof ran no check")
	}
	return verdicts
}

// fixedLibraries returns the libraries of the builtin packs that name a
// terminal wrapper a fix writes, or offer a fix.
func fixedLibraries() []string {
	var libs []string
	for _, p := range rules.Builtin() {
		fixes := len(p.TerminalWrappers) > 0
		for _, r := range slices.Concat(p.Retries, p.Clients) {
			fixes = fixes || r.Fix != nil
		}
		for _, v := range p.Values {
			fixes = fixes || v.Fix != nil
			for _, c := range v.When {
				fixes = fixes || c.Fix != nil
			}
		}
		if fixes {
			libs = append(libs, p.Library)
		}
	}
	return libs
}
