package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// annotate writes labels and hazards files under a temporary root and
// loads them.
func annotate(t *testing.T, labels, hazards string) (*Annotations, error) {
	t.Helper()
	return annotateFiles(t, map[string]string{"labels/a.yaml": labels, "hazards/a.yaml": hazards})
}

// annotateFiles writes files, named relative to eval/, under a temporary
// root and loads them; an empty text writes no file.
func annotateFiles(t *testing.T, files map[string]string) (*Annotations, error) {
	t.Helper()
	root := t.TempDir()
	for name, text := range files {
		if text == "" {
			continue
		}
		file := filepath.Join(root, "eval", filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return loadAnnotations(paths{root: root}, root)
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

func TestLoadNearMissesAndExamples(t *testing.T) {
	for _, tc := range []struct {
		name, file, text, want string
	}{
		{"near-miss unknown key", "nearmiss/a.yaml", "- {module: m, at: a.go:1, check: nojitter, why: x, label: false}\n", `eval/nearmiss/a.yaml:1: unknown key "label"`},
		{"near-miss unknown check", "nearmiss/a.yaml", "- {module: m, at: a.go:1, check: jitter, why: x}\n", `eval/nearmiss/a.yaml:1: check: unknown check "jitter"`},
		{"near-miss without why", "nearmiss/a.yaml", "- {module: m, at: a.go:1, check: nojitter}\n", `eval/nearmiss/a.yaml:1: why is missing: say why the check must stay silent`},
		{"near-miss duplicate", "nearmiss/a.yaml", "- {module: m, at: a.go:1, check: nojitter, why: x}\n- {module: m, at: a.go:1, end: 3, check: nojitter, why: y}\n", `eval/nearmiss/a.yaml:2: duplicate near-miss for m at a.go:1 (nojitter), first given at eval/nearmiss/a.yaml:1`},
		{"bad expect", "examples.yaml", "- {module: m, at: a.go:1, check: nojitter, expect: found, why: x}\n", `eval/examples.yaml:1: expect: want reported or silent, found "found"`},
		{"missing expect", "examples.yaml", "- {module: m, at: a.go:1, check: nojitter, why: x}\n", `eval/examples.yaml:1: expect: want reported or silent, found ""`},
		{"example with end", "examples.yaml", "- {module: m, at: a.go:1, end: 2, check: nojitter, expect: silent, why: x}\n", `eval/examples.yaml:1: unknown key "end"`},
		{"example without why", "examples.yaml", "- {module: m, at: a.go:1, check: nojitter, expect: silent}\n", `eval/examples.yaml:1: why is missing`},
		{"example duplicate", "examples.yaml", "- {module: m, at: a.go:1, check: nojitter, expect: silent, why: x}\n- {module: m, at: a.go:1, check: nojitter, expect: reported, why: y}\n", `eval/examples.yaml:2: duplicate example for m at a.go:1 (nojitter)`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := annotateFiles(t, map[string]string{tc.file: tc.text})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
	// Another check on the same line is another near-miss; no file is no
	// examples.
	ann, err := annotateFiles(t, map[string]string{"nearmiss/a.yaml": "- {module: m, at: a.go:1, check: nojitter, why: x}\n- {module: m, at: a.go:1, check: unbounded, why: y}\n"})
	if err != nil || len(ann.NearMisses) != 2 || ann.Examples != nil {
		t.Errorf("got %+v, %v", ann, err)
	}
}

func TestNearMissesAndExamples(t *testing.T) {
	ann, err := annotateFiles(t, map[string]string{
		"labels/a.yaml": "- {module: m, at: d/a.go:10, check: nojitter, label: false, why: a poll}\n",
		"nearmiss/a.yaml": `
- {module: m, at: d/a.go:8, end: 12, check: nojitter, why: a poll at a fixed pace}
- {module: m, at: d/a.go:20, check: nojitter, why: another check's line}
- {module: m, at: d/a.go:30, check: unbounded, why: stops on ctx.Done}
`,
		"examples.yaml": `
- {module: m, at: d/a.go:10, check: nojitter, expect: silent, why: 'a poll, not a retry'}
- {module: m, at: d/a.go:20, check: catchall, expect: reported, why: retries every error}
- {module: m, at: d/a.go:40, check: unbounded, expect: reported, why: no way out}
- {module: m, at: d/a.go:50, check: unbounded, expect: silent, why: bounded}
- {module: other, at: b.go:1, check: unbounded, expect: silent, why: not run}
`,
	})
	if err != nil {
		t.Fatal(err)
	}
	res := &Results{Modules: []ModuleResult{{Module: "m", Findings: []Finding{
		{Check: "nojitter", At: "d/a.go:10:5", Message: "x"},
		{Check: "nojitter", At: "d/a.go:10:9", Message: "y"}, // same line: one hit of two findings
		{Check: "nojitter", At: "d/a.go:13:2", Message: "past the end"},
		{Check: "catchall", At: "d/a.go:20:2", Message: "another check"},
		{Check: "unbounded", At: "d/b.go:30:2", Message: "another file"},
	}}}}
	ev := evaluate(res, ann)
	if got := *ev.stats("nojitter"); got.NearMissHits != 2 || got.False != 2 || got.Labelled != 2 {
		t.Errorf("nojitter: %+v, want 2 near-miss hits and the false label counted as before", got)
	}
	for _, c := range []string{"catchall", "unbounded"} {
		if n := ev.stats(c).NearMissHits; n != 0 {
			t.Errorf("%s: %d near-miss hits, want 0", c, n)
		}
	}
	if len(ev.nearHits) != 1 || ev.nearHits[0].Key.Line != 10 || ev.nearHits[0].Findings != 2 || ev.nearHits[0].NearMiss.Why != "a poll at a fixed pace" {
		t.Errorf("near hits %+v, want line 10 in the near-miss 8-12", ev.nearHits)
	}
	var got []string
	for _, e := range ev.examples {
		got = append(got, fmt.Sprintf("%d %s %v", e.Line, e.Actual, e.pass()))
	}
	want := []string{"10 reported false", "20 reported true", "40 silent false", "50 silent true", "1 not run false"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("examples %q, want %q", got, want)
	}

	report := renderReport(res, nil, ann)
	for _, want := range []string{
		"**2 of 5 pass**; 1 names a module not in these results and fails.",
		"| m | d/a.go:10 | nojitter | silent | reported | FAIL | a poll, not a retry |",
		"| m | d/a.go:20 | catchall | reported | reported | pass |",
		"| nojitter | 3 | 2 | 0 | 2 | 0 | 100% | 1 | 0 | 0 | – | 2 |",
		"| m | d/a.go:10 (near-miss d/a.go:8-12) | nojitter | false | a poll at a fixed pace |",
	} {
		if !strings.Contains(report, want) {
			t.Errorf("report lacks %q:\n%s", want, report)
		}
	}
	if strings.Index(report, "## Examples") > strings.Index(report, "## Per check") {
		t.Errorf("the examples come after the numbers:\n%s", report)
	}

	// Compared with results where the line is silent: the old actual is
	// shown, and the hit is new.
	old := &Results{Modules: []ModuleResult{{Module: "m", Findings: []Finding{
		{Check: "catchall", At: "d/a.go:20:2", Message: "another check"},
	}}}}
	report = renderReport(res, old, ann)
	for _, want := range []string{
		"**3 → 2 of 5 pass**",
		"| m | d/a.go:10 | nojitter | silent | silent | reported | FAIL |",
		"| m | d/a.go:10 (near-miss d/a.go:8-12) | nojitter | silent | false |",
	} {
		if !strings.Contains(report, want) {
			t.Errorf("compared report lacks %q:\n%s", want, report)
		}
	}

	// Without its label, line 10 is to do, and todo names its near-miss;
	// line 13 lies past it.
	unlabelled := *ann
	unlabelled.Labels = nil
	var todo bytes.Buffer
	writeTodo(&todo, res, &unlabelled, false)
	if !strings.Contains(todo.String(), "# on a near-miss (eval/nearmiss/a.yaml:2): a poll at a fixed pace\n- module: m\n  at: d/a.go:10\n") ||
		strings.Count(todo.String(), "on a near-miss") != 1 {
		t.Errorf("todo should name the near-miss of line 10 only:\n%s", todo.String())
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

	var blind bytes.Buffer
	writeTodo(&blind, res, ann, true)
	if strings.Contains(blind.String(), "other b.go:1 unbounded") || strings.Contains(blind.String(), "near-miss") {
		t.Errorf("a blind todo shows hazards or near-misses:\n%s", blind.String())
	}
	if !strings.Contains(blind.String(), "at: d/a.go:40\n  check: unbounded\n  label:") {
		t.Errorf("a blind todo lacks the unlabelled finding:\n%s", blind.String())
	}

	var todo bytes.Buffer
	writeTodo(&todo, res, ann, false)
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

// writeTree writes files, named relative to root, under root.
func writeTree(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		file := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestFirstContact(t *testing.T) {
	root := t.TempDir()
	results := func(findings string) string {
		return `{"retrylint": "abc1234", "go": "go1.26", "modules": [{"module": "m", "version": "v1.0.0", "patterns": ["./..."], "findings": [` + findings + `]}]}`
	}
	writeTree(t, root, map[string]string{
		"eval/first-contact/r1/round.yaml": "round: 1\ndate: 2026-12-01\nlabelled: [aaaaaaa]\ntool: bbbbbbb\n",
		"eval/first-contact/r1/hazards/m.yaml": "- {module: m, at: a.go:10, end: 20, check: nojitter, why: a fixed sleep}\n" +
			"- {module: m, at: b.go:5, check: nojitter, why: another fixed sleep}\n" +
			"- {module: m, at: c.go:5, check: catchall, why: parse errors retried}\n",
		"eval/first-contact/r1/labels/m.yaml": "- {module: m, at: a.go:12, check: nojitter, label: true}\n" +
			"- {module: m, at: d.go:1, check: nojitter, label: false, why: a poller}\n",
		"eval/first-contact/r1/results.json": results(`{"check": "nojitter", "at": "a.go:12:3", "message": "x"}, {"check": "nojitter", "at": "d.go:1:1", "message": "y"}, {"check": "nojitter", "at": "e.go:1:1", "message": "z"}`),
		// A later round, the one the headline shows with round 1.
		"eval/first-contact/r2/round.yaml":     "round: 2\ndate: 2026-12-08\nlabelled: [ccccccc]\ntool: ddddddd\n",
		"eval/first-contact/r2/hazards/m.yaml": "- {module: m, at: c.go:5, check: catchall, why: parse errors retried}\n",
		"eval/first-contact/r2/labels/m.yaml":  "- {module: m, at: c.go:5, check: catchall, label: true}\n",
		"eval/first-contact/r2/results.json":   results(`{"check": "catchall", "at": "c.go:5:2", "message": "x"}`),
	})
	rounds, err := loadRounds(root)
	if err != nil {
		t.Fatal(err)
	}
	text := renderFirstContact(root, rounds)
	for _, want := range []string{
		// Both rounds, summed: nojitter has one false of three findings
		// (one unlabelled), one of two read hazards reported.
		"| nojitter | 3 | 1 | 1 | 0 | 1 | 33% | 2 | 1 | 50% | no: false alarms, unlabelled findings |",
		"| catchall | 1 | 1 | 0 | 0 | 0 | 0% | 2 | 1 | 50% | yes |",
		"## Round 2 (2026-12-08)",
		"Read and committed in aaaaaaa; the tool at bbbbbbb",
		"| m@v1.0.0 | 3 | 1 | 1 | 3 | 1 |",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("first-contact.md lacks %q:\n%s", want, text)
		}
	}
	if strings.Index(text, "## Round 2") > strings.Index(text, "## Round 1") {
		t.Errorf("rounds not newest first:\n%s", text)
	}

	writeTree(t, root, map[string]string{"eval/first-contact/r3/round.yaml": "round: 2\nlabeled: [x]\n"})
	if _, err := loadRounds(root); err == nil || !strings.Contains(err.Error(), `eval/first-contact/r3/round.yaml:2: unknown key "labeled"`) {
		t.Errorf("a misspelt round.yaml: error %v", err)
	}
}

func TestCollect(t *testing.T) {
	root := t.TempDir()
	set := filepath.Join(root, "eval", "first-contact", "r1")
	writeTree(t, root, map[string]string{
		"eval/first-contact/r1/modules.yaml": "- {module: example.com/a, version: v1.0.0, packages: [.]}\n" +
			"- {module: example.com/a/sub, version: v0.1.0, packages: [./...]}\n" +
			"- {module: example.com/quiet, version: v2.0.0, packages: [.]}\n",
		"eval/first-contact/r1/results/a.json": `{"example.com/a": {"nojitter": [{"posn": "a.go:3:2", "message": "m"}]}}`,
		// A package and its test variant give one finding; the longest
		// module path owns the package.
		"eval/first-contact/r1/results/sub.json": `{"example.com/a/sub/x": {"catchall": [{"posn": "x/x.go:9:1", "message": "n"}]},` +
			` "example.com/a/sub/x [example.com/a/sub/x.test]": {"catchall": [{"posn": "x/x.go:9:1", "message": "n"}]}}`,
		"eval/first-contact/r1/results/quiet.json": `{}`,
	})
	if err := cmdCollect(root, []string{"-set", set, "-tool", "abc1234"}); err != nil {
		t.Fatal(err)
	}
	res, err := readResults(filepath.Join(set, "results.json"))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range res.Modules {
		got = append(got, fmt.Sprintf("%s@%s %d", m.Module, m.Version, len(m.Findings)))
		for _, f := range m.Findings {
			got = append(got, f.Check+" "+f.At)
		}
	}
	want := []string{"example.com/a@v1.0.0 1", "nojitter a.go:3:2", "example.com/a/sub@v0.1.0 1", "catchall x/x.go:9:1", "example.com/quiet@v2.0.0 0"}
	if fmt.Sprint(got) != fmt.Sprint(want) || res.Retrylint != "abc1234" {
		t.Errorf("results %q (retrylint %s), want %q", got, res.Retrylint, want)
	}
}
