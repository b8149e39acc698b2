package main_test

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// Two runs on the same code print the same bytes, in text and in -json.
// The loader parses a package's files in parallel, so the order of
// token.Pos across files, and whatever else follows the scheduler,
// changes from run to run; GOMAXPROCS changes too, to shake it. The
// fixture has one retry per file in app, effects in two other packages,
// and findings from every check.
func TestDeterministic(t *testing.T) {
	t.Parallel()
	dir := fixture(t, "determinism")
	const runs = 8
	for _, mode := range []struct {
		name string
		args []string
		code int
	}{
		{"text", []string{"./..."}, 3},
		{"json", []string{"-json", "./..."}, 0},
	} {
		t.Run(mode.name, func(t *testing.T) {
			var first result
			for i := range runs {
				r := runProcs(t, dir, 1+i%4, mode.args...)
				checkCode(t, r, mode.code)
				if i == 0 {
					first = r
					checkAllChecks(t, r.stdout+r.stderr)
					continue
				}
				if r.stdout != first.stdout || r.stderr != first.stderr {
					t.Fatalf("run %d differs from run 1:\n%s", i+1, firstDifference(first.stdout+first.stderr, r.stdout+r.stderr))
				}
			}
		})
	}
}

// runProcs runs retrylint in dir with GOMAXPROCS set to procs.
func runProcs(t *testing.T, dir string, procs int, args ...string) result {
	t.Helper()
	cmd := exec.Command(binary, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOPROXY=off", fmt.Sprintf("GOMAXPROCS=%d", procs))
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		if _, ok := err.(*exec.ExitError); !ok {
			t.Fatalf("retrylint %s: %v", strings.Join(args, " "), err)
		}
	}
	return result{stdout.String(), stderr.String(), cmd.ProcessState.ExitCode()}
}

// checkAllChecks makes sure the fixture still exercises every check, so
// that the comparison compares something.
func checkAllChecks(t *testing.T, out string) {
	t.Helper()
	for _, want := range []string{
		"can fail with a number parsing error from strconv.Atoi", // catchall, by a fact
		"a new value on every execution",                         // executionkey
		"with no jitter",                                         // nojitter
		"repeats store.Settle, which is declared appends",        // nonidempotent, through a declared effect
		"repeats spool.Append, which appends to a file",          // nonidempotent, through another package
		"into events appends (no ON CONFLICT",                    // onconflict, through an interface like sqlc's DBTX
		"has no attempt cap",                                     // unbounded
		"here becomes the hour",                                  // wallclock, at the clock read of two retries
		"which derives the date from the wall clock",             // wallclock, through another package
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

// firstDifference shows the first line where b differs from a.
func firstDifference(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range min(len(al), len(bl)) {
		if al[i] != bl[i] {
			return fmt.Sprintf("line %d:\n- %s\n+ %s", i+1, al[i], bl[i])
		}
	}
	return fmt.Sprintf("%d lines, then %d", len(al), len(bl))
}
