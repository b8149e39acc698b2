package realmodtest_test

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// checks tells the checks' findings apart by a fragment of their
// messages. A finding that matches none, or more than one, is unexpected.
var checks = map[string]*regexp.Regexp{
	"catchall":      regexp.MustCompile(`retries every error|replaces the check for retry.Unrecoverable`),
	"executionkey":  regexp.MustCompile(`a new value on every execution`),
	"nojitter":      regexp.MustCompile(`no jitter`),
	"nonidempotent": regexp.MustCompile(`repeats .*, which`),
	"onconflict":    regexp.MustCompile(`appends`),
	"unbounded":     regexp.MustCompile(`no attempt cap|until its context is done`),
	"wallclock":     regexp.MustCompile(`here becomes the|from the wall clock \(`),
}

// findingsExitCode is the command's exit status when it finds something.
const findingsExitCode = 3

// A finding is one reported line: the file relative to testdata/realmod,
// in slash form, the line, and the check.
type finding struct {
	file  string
	line  int
	check string
}

func (f finding) String() string { return fmt.Sprintf("%s:%d: %s", f.file, f.line, f.check) }

func compareFindings(a, b finding) int {
	if c := strings.Compare(a.file, b.file); c != 0 {
		return c
	}
	if a.line != b.line {
		return a.line - b.line
	}
	return strings.Compare(a.check, b.check)
}

func TestCommandOnRealModules(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command and loads the real retry modules; skipped with -short")
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	realmod := filepath.Join(root, "testdata", "realmod")

	want, missed := expectations(t, realmod)
	if len(want) == 0 {
		t.Fatalf("no // finding: comments under %s", realmod)
	}
	for _, m := range missed {
		t.Logf("known miss, not expected: %s (%s)", m.finding, m.reason)
	}

	ctx := context.Background()
	if deadline, ok := t.Deadline(); ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, deadline.Add(-10*time.Second))
		defer cancel()
	}

	exe := filepath.Join(t.TempDir(), "retrylint")
	if runtime.GOOS == "windows" {
		exe += ".exe"
	}
	start := time.Now()
	build := exec.CommandContext(ctx, "go", "build", "-o", exe, "github.com/retrylint/retrylint/cmd/retrylint")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build cmd/retrylint: %v\n%s", err, out)
	}
	t.Logf("built cmd/retrylint in %v", time.Since(start).Round(time.Millisecond))

	start = time.Now()
	cmd := exec.CommandContext(ctx, exe, "./...")
	cmd.Dir = realmod
	// -mod=mod: resolve the modules from go.mod and go.sum, fetching them
	// through the proxy if the module cache lacks them. GOWORK=off: the
	// fixture module is not part of any workspace of the repository.
	cmd.Env = append(os.Environ(), "GOFLAGS="+goflags(os.Getenv("GOFLAGS")), "GOWORK=off")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	t.Logf("ran retrylint ./... in %v", time.Since(start).Round(time.Millisecond))
	output := func() string {
		return fmt.Sprintf("stdout:\n%s\nstderr:\n%s", stdout.Bytes(), stderr.Bytes())
	}
	code := 0
	var exitErr *exec.ExitError
	switch {
	case errors.As(err, &exitErr):
		code = exitErr.ExitCode()
	case err != nil:
		t.Fatalf("running %s: %v\n%s", exe, err, output())
	}
	if code != findingsExitCode {
		t.Fatalf("retrylint ./... exited with status %d, want %d (findings)\n%s", code, findingsExitCode, output())
	}

	got, unclassified := parseFindings(t, stderr.String(), realmod)

	var missing, unexpected []string
	for _, f := range want {
		if !slices.Contains(got, f) {
			missing = append(missing, f.String())
		}
	}
	seen := map[finding]bool{}
	for _, f := range got {
		switch {
		case seen[f]:
			unexpected = append(unexpected, f.String()+" (reported more than once)")
		case slices.Contains(want, f):
		default:
			msg := f.String()
			for _, m := range missed {
				if m.finding == f {
					msg += " (marked missed, but now reported: drop the mark)"
				}
			}
			unexpected = append(unexpected, msg)
		}
		seen[f] = true
	}
	unexpected = append(unexpected, unclassified...)
	if len(missing) > 0 || len(unexpected) > 0 {
		t.Errorf("findings differ from the // finding: comments in %s", realmod)
		for _, m := range missing {
			t.Errorf("missing:    %s", m)
		}
		for _, u := range unexpected {
			t.Errorf("unexpected: %s", u)
		}
		t.Logf("full output of retrylint ./...:\n%s", output())
	}
}

// goflags adds -mod=mod to the inherited GOFLAGS, replacing any -mod flag.
func goflags(inherited string) string {
	var flags []string
	for _, f := range strings.Fields(inherited) {
		if !strings.HasPrefix(f, "-mod=") && !strings.HasPrefix(f, "--mod=") {
			flags = append(flags, f)
		}
	}
	return strings.Join(append(flags, "-mod=mod"), " ")
}

// A miss is a finding the fixtures mark as a known analyzer miss.
type miss struct {
	finding finding
	reason  string
}

var (
	// annotation is a "// finding:" comment; its list is comma-separated.
	annotation = regexp.MustCompile(`//\s*finding:(.*)$`)
	// annotationItem is one entry of the list: a check, optionally with
	// "(missed: reason)".
	annotationItem = regexp.MustCompile(`^\s*([a-z]+)\s*(?:\(missed:\s*([^)]*)\))?\s*(?:,|$)`)
)

// expectations reads the "// finding:" comments of the .go files under
// dir: the findings the command must report, and the lines marked missed.
func expectations(t *testing.T, dir string) (want []finding, missed []miss) {
	t.Helper()
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != dir && (strings.HasPrefix(d.Name(), ".") || strings.HasPrefix(d.Name(), "_") || d.Name() == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") {
			return nil
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		sc := bufio.NewScanner(bytes.NewReader(data))
		for line := 1; sc.Scan(); line++ {
			m := annotation.FindStringSubmatch(sc.Text())
			if m == nil {
				continue
			}
			list := m[1]
			if strings.TrimSpace(list) == "" {
				t.Fatalf("%s:%d: empty // finding: comment", rel, line)
			}
			for list != "" {
				item := annotationItem.FindStringSubmatchIndex(list)
				if item == nil {
					t.Fatalf("%s:%d: malformed // finding: comment at %q; want CHECK or CHECK (missed: REASON), comma-separated", rel, line, list)
				}
				check := list[item[2]:item[3]]
				if checks[check] == nil {
					t.Fatalf("%s:%d: // finding: names %q, which the test cannot recognise in the output; add it to checks", rel, line, check)
				}
				f := finding{file: rel, line: line, check: check}
				if item[4] >= 0 {
					missed = append(missed, miss{f, strings.TrimSpace(list[item[4]:item[5]])})
				} else {
					want = append(want, f)
				}
				list = list[item[1]:]
			}
		}
		return sc.Err()
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.SortFunc(want, compareFindings)
	return want, missed
}

// position starts a diagnostic line: file:line:col: message.
var position = regexp.MustCompile(`^(.+):(\d+):(\d+): (.*)$`)

// parseFindings reads the command's diagnostics. Related information,
// printed on its own line with a message that starts with a tab, is not a
// finding; lines without a position are not either. A diagnostic that no
// check's fragment, or more than one, matches is returned as unclassified.
func parseFindings(t *testing.T, stderr, realmod string) (got []finding, unclassified []string) {
	t.Helper()
	roots := []string{realmod}
	if resolved, err := filepath.EvalSymlinks(realmod); err == nil && resolved != realmod {
		roots = append(roots, resolved)
	}
	for _, text := range strings.Split(stderr, "\n") {
		if strings.TrimSpace(text) == "" {
			continue
		}
		m := position.FindStringSubmatch(text)
		if m == nil {
			t.Logf("not a diagnostic: %s", text)
			continue
		}
		file, msg := m[1], m[4]
		if strings.HasPrefix(msg, "\t") {
			continue // related information of the diagnostic above
		}
		line, _ := strconv.Atoi(m[2])
		var matched []string
		for name, re := range checks {
			if re.MatchString(msg) {
				matched = append(matched, name)
			}
		}
		if len(matched) != 1 {
			unclassified = append(unclassified, fmt.Sprintf("%s (matches checks %v)", text, matched))
			continue
		}
		got = append(got, finding{file: relative(file, roots), line: line, check: matched[0]})
	}
	slices.SortFunc(got, compareFindings)
	return got, unclassified
}

// relative names a reported file as the expectations do: relative to
// testdata/realmod, in slash form. Reported paths are absolute, or
// relative to the directory the command ran in.
func relative(file string, roots []string) string {
	if !filepath.IsAbs(file) {
		return filepath.ToSlash(filepath.Clean(file))
	}
	for _, root := range roots {
		if rel, err := filepath.Rel(root, file); err == nil && !strings.HasPrefix(rel, "..") {
			return filepath.ToSlash(rel)
		}
	}
	return filepath.ToSlash(file)
}
