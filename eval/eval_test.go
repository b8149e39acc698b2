package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// annotate writes labels and hazards files under a temporary root and
// loads them.
func annotate(t *testing.T, labels, hazards string) (*Annotations, error) {
	t.Helper()
	root := t.TempDir()
	for dir, text := range map[string]string{"labels": labels, "hazards": hazards} {
		if err := os.MkdirAll(filepath.Join(root, "eval", dir), 0o755); err != nil {
			t.Fatal(err)
		}
		if text == "" {
			continue
		}
		if err := os.WriteFile(filepath.Join(root, "eval", dir, "a.yaml"), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return loadAnnotations(paths{root}, root)
}

func TestLoadErrors(t *testing.T) {
	for _, tc := range []struct {
		name, labels, hazards, want string
	}{
		{"unknown key", "- {module: m, at: a.go:1, check: nojitter, label: true, whi: x}\n", "", `eval/labels/a.yaml:1: unknown key "whi"`},
		{"bad label", "- {module: m, at: a.go:1, check: nojitter, label: maybe, why: x}\n", "", `eval/labels/a.yaml:1: label: want true, false or not-actionable, found "maybe"`},
		{"empty label", "- module: m\n  at: a.go:1\n  check: nojitter\n  label:\n", "", `eval/labels/a.yaml:1: label: want`},
		{"unknown check", "- {module: m, at: a.go:1, check: nojiter, label: true}\n", "", `eval/labels/a.yaml:1: check: unknown check "nojiter"`},
		{"bad at", "- {module: m, at: a.go, check: nojitter, label: true}\n", "", `eval/labels/a.yaml:1: at: want dir/file.go:LINE`},
		{"false without why", "- {module: m, at: a.go:1, check: nojitter, label: false}\n", "", `eval/labels/a.yaml:1: why is missing`},
		{"duplicate", "- {module: m, at: a.go:1, check: nojitter, label: true}\n- {module: m, at: a.go:1, check: nojitter, label: false, why: x}\n", "", `eval/labels/a.yaml:2: duplicate label for m at a.go:1 (nojitter), first given at eval/labels/a.yaml:1`},
		{"hazard end before at", "", "- {module: m, at: a.go:5, end: 4, check: unbounded, why: x}\n", `eval/hazards/a.yaml:1: end: want a line number`},
		{"hazard without why", "", "- {module: m, at: a.go:5, check: unbounded}\n", `eval/hazards/a.yaml:1: why is missing`},
		{"not a list", "module: m\n", "", `eval/labels/a.yaml:1: want a list of entries`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := annotate(t, tc.labels, tc.hazards)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
}

func TestMatching(t *testing.T) {
	ann, err := annotate(t, `
- {module: m, at: d/a.go:10, check: nojitter, label: true}
- {module: m, at: d/a.go:20, check: catchall, label: false, why: the error is classified by the caller}
- {module: m, at: d/a.go:30, check: unbounded, label: not-actionable, why: a daemon's main loop}
- {module: m, at: d/a.go:99, check: unbounded, label: true}
`, `
- {module: m, at: d/a.go:8, end: 12, check: nojitter, why: fixed delay}
- {module: m, at: d/a.go:20, check: nonidempotent, why: appends twice}
- {module: other, at: b.go:1, check: unbounded, why: not run}
`)
	if err != nil {
		t.Fatal(err)
	}
	res := &Results{Modules: []ModuleResult{{Module: "m", Findings: []Finding{
		{Check: "nojitter", At: "d/a.go:10:5", Message: "x"},
		{Check: "nojitter", At: "d/a.go:10:9", Message: "y"}, // same line: the same label
		{Check: "catchall", At: "d/a.go:20:2", Message: "z"},
		{Check: "unbounded", At: "d/a.go:30:2", Message: "w"},
		{Check: "unbounded", At: "d/a.go:40:2", Message: "v"},
		{Check: "nojitter", At: "d/b.go:10:5", Message: "other file"},
	}}}}
	ev := evaluate(res, ann)
	check := func(name string, got, want checkStats) {
		t.Helper()
		if got != want {
			t.Errorf("%s: got %+v, want %+v", name, got, want)
		}
	}
	check("nojitter", *ev.stats("nojitter"), checkStats{Findings: 3, Labelled: 2, True: 2, Unlabelled: 1, Hazards: 1, Found: 1})
	check("catchall", *ev.stats("catchall"), checkStats{Findings: 1, Labelled: 1, False: 1})
	check("unbounded", *ev.stats("unbounded"), checkStats{Findings: 2, Labelled: 1, NotActionable: 1, Unlabelled: 1})
	check("nonidempotent", *ev.stats("nonidempotent"), checkStats{Hazards: 1})
	if len(ev.missed) != 1 || ev.missed[0].Check != "nonidempotent" {
		t.Errorf("missed %+v, want the nonidempotent hazard", ev.missed)
	}
	if len(ev.notRun) != 1 || len(ev.stale) != 1 || ev.stale[0].Line != 99 || len(ev.falseLabels) != 1 {
		t.Errorf("notRun %+v, stale %+v, false %+v", ev.notRun, ev.stale, ev.falseLabels)
	}

	var todo bytes.Buffer
	writeTodo(&todo, res, ann)
	for _, want := range []string{"at: d/a.go:40\n  check: unbounded\n  label:", "at: d/b.go:10\n", "other b.go:1 unbounded"} {
		if !strings.Contains(todo.String(), want) {
			t.Errorf("todo lacks %q:\n%s", want, todo.String())
		}
	}
	if strings.Contains(todo.String(), "at: d/a.go:10\n") {
		t.Errorf("todo lists a labelled line:\n%s", todo.String())
	}

	report := renderReport(res, res, ann)
	for _, want := range []string{"| nojitter | 3 | 2 | 2 | 0 | 0 | 0% | 1 | 1 | 1 | 100% |", "the error is classified by the caller", "appends twice"} {
		if !strings.Contains(report, want) {
			t.Errorf("report lacks %q:\n%s", want, report)
		}
	}
}

func TestParseTree(t *testing.T) {
	tree := `{
	"m/p": {"nojitter": [{"posn": "/w/m@v1/p/a.go:3:4", "message": "waits in /w/m@v1/p/a.go", "related": [{"posn": "/cache/x@v2/b.go:1:1", "message": "via"}]}]},
	"m/p [m/p.test]": {"nojitter": [{"posn": "/w/m@v1/p/a.go:3:4", "message": "waits in /w/m@v1/p/a.go", "related": [{"posn": "/cache/x@v2/b.go:1:1", "message": "via"}]}],
		"effects": {"error": "boom"}}
}`
	findings, errs, err := parseTree([]byte(tree), positions{dir: "/w/m@v1", modCache: "/cache"})
	if err != nil {
		t.Fatal(err)
	}
	res := Results{Modules: []ModuleResult{{Findings: findings, Errors: errs}}}
	res.normalize()
	m := res.Modules[0]
	if len(m.Findings) != 1 {
		t.Fatalf("findings %+v, want one", m.Findings)
	}
	f := m.Findings[0]
	if f.At != "p/a.go:3:4" || f.Message != "waits in p/a.go" || f.Related[0].At != "x@v2/b.go:1:1" {
		t.Errorf("finding %+v", f)
	}
	if len(m.Errors) != 1 || m.Errors[0].Kind != "analysis" || m.Errors[0].Message != "effects: boom" {
		t.Errorf("errors %+v", m.Errors)
	}
	if file, line, col := splitPos("a/b.go:12:3"); file != "a/b.go" || line != 12 || col != 3 {
		t.Errorf("splitPos: %s %d %d", file, line, col)
	}
}

func TestClassifyStderr(t *testing.T) {
	errs := classifyStderr("p/a.go:1:2: undefined: x\npanic: boom\n\ngoroutine 1 [running]:\n", 2)
	if len(errs) != 2 || errs[0].Kind != "panic" || !strings.HasPrefix(errs[0].Message, "panic: boom") || errs[1].Kind != "stderr" {
		t.Errorf("got %+v", errs)
	}
	if errs := classifyStderr("p/a.go:1:2: undefined: x\n", 1); len(errs) != 1 || errs[0].Kind != "load" {
		t.Errorf("got %+v", errs)
	}
}
