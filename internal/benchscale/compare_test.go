package main

import (
	"io"
	"strings"
	"testing"
	"time"
)

func TestParseFlags(t *testing.T) {
	o, err := parseFlags([]string{"-baseline", "HEAD~5", "-runs", "1", "-only-retrylint", "-modules", "example.com/m@v1.0.0"}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if o.baseline != "HEAD~5" || o.runs != 1 || !o.onlyRetrylint || o.target != 1.2 || len(o.modules) != 1 || o.modules[0] != "example.com/m@v1.0.0" {
		t.Errorf("parsed %+v", *o)
	}

	o, err = parseFlags(nil, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if o.baseline != "" || o.runs != 3 || o.onlyRetrylint || o.target != 1.2 {
		t.Errorf("defaults: %+v", *o)
	}

	for _, args := range [][]string{
		{"-runs", "0"},
		{"-target", "0"},
		{"-modules", ""},
		{"go.temporal.io/sdk@v1.51.0"},
		{"-baseline"},
	} {
		var stderr strings.Builder
		if _, err := parseFlags(args, &stderr); err == nil {
			t.Errorf("%q: accepted", args)
		} else if !strings.Contains(stderr.String(), "Usage") {
			t.Errorf("%q: no usage on stderr: %q", args, stderr.String())
		}
	}
}

// runs makes the runs of a series from wall times in seconds and peaks
// in GB.
func runs(name, build string, walls, peaks []float64) *series {
	s := &series{Step: name, Build: build}
	for i := range walls {
		s.Runs = append(s.Runs, step{Wall: time.Duration(walls[i] * float64(time.Second)), Peak: int64(peaks[i] * 1e9), Exit: 3,
			Stderr: []byte("a.go:1:2: retry of a POST (nonidempotent)\na.go:3:4: \tthe POST\n")})
	}
	return s
}

// row returns the line of a markdown table that starts with the name.
func row(t *testing.T, table, name string) string {
	t.Helper()
	for _, line := range strings.Split(table, "\n") {
		if strings.HasPrefix(line, "| "+name+" |") {
			return line
		}
	}
	t.Fatalf("no row %q in\n%s", name, table)
	return ""
}

func TestCompareRatioIsTreeOverBaseline(t *testing.T) {
	tree := []*series{
		runs("cold", "tree", []float64{13, 13, 13}, []float64{1, 1, 1}),
		runs("warm", "tree", []float64{5, 5, 5}, []float64{0.5, 0.5, 0.5}),
	}
	base := []*series{
		runs("cold", "baseline", []float64{10, 10, 10}, []float64{1, 1, 1}),
		runs("warm", "baseline", []float64{6, 6, 6}, []float64{0.4, 0.4, 0.4}),
	}
	var out strings.Builder
	compare(&out, "abc1234", 1.2, tree, base)
	report := out.String()
	for name, want := range map[string]string{
		"cold, wall": "| cold, wall | 1.30 | 1.30–1.30 (3) | ≤ 1.2 | **FAIL** by 8% |",
		"cold, peak": "| cold, peak | 1.00 | 1.00–1.00 (3) | ≤ 1.2 | PASS |",
		"warm, wall": "| warm, wall | 0.83 | 0.83–0.83 (3) | ≤ 1.2 | PASS |",
		"warm, peak": "| warm, peak | 1.25 | 1.25–1.25 (3) | ≤ 1.2 | **FAIL** by 4% |",
	} {
		if got := row(t, report, name); got != want {
			t.Errorf("got  %s\nwant %s", got, want)
		}
	}
	if !strings.Contains(report, "tree 1, baseline 1: the same") {
		t.Errorf("findings not counted as the same:\n%s", report)
	}
}

func TestCompareMedianOfPairs(t *testing.T) {
	// One slow run of the tree's: the mean of the pairs (4.03) would
	// fail, their median passes and says the pairs straddle the target.
	tree := []*series{runs("cold", "tree", []float64{10, 100, 11}, []float64{1, 1, 1})}
	base := []*series{runs("cold", "baseline", []float64{10, 10, 10}, []float64{1, 1, 1})}
	var out strings.Builder
	compare(&out, "abc1234", 1.2, tree, base)
	want := "| cold, wall | 1.10 | 1.00–10.00 (3) | ≤ 1.2 | PASS; the pairs fall on both sides of the target: the noise decides |"
	if got := row(t, out.String(), "cold, wall"); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}

	var table strings.Builder
	stepsTable(&table, tree)
	if got := row(t, table.String(), "cold"); !strings.HasPrefix(got, "| cold | tree | 3 | 11.00 s (10.00 s–100.00 s) | 1.00 GB (1.00 GB–1.00 GB) |") {
		t.Errorf("steps row: %s", got)
	}
}

func TestCompareFailedRunsAndFindings(t *testing.T) {
	tree := []*series{runs("cold", "tree", []float64{12, 30}, []float64{1, 1})}
	tree[0].Runs[1].Failed = "timed out after 1s"
	base := []*series{runs("cold", "baseline", []float64{10, 10}, []float64{1, 1})}
	base[0].Runs[1].Stderr = []byte("a.go:1:2: retry of a POST (nonidempotent)\nb.go:5:6: unbounded retry (unbounded)\n")
	var out strings.Builder
	compare(&out, "abc1234", 1.2, tree, base)
	report := out.String()
	// The failed run's pair is left out: 1.20, not the median of 1.2 and 3.
	if got, want := row(t, report, "cold, wall"), "| cold, wall | 1.20 | 1.20 (1) | ≤ 1.2 | PASS |"; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if !strings.Contains(report, "tree 1, baseline 1 or 2: **different**") {
		t.Errorf("different findings counts not shown:\n%s", report)
	}

	var table strings.Builder
	stepsTable(&table, tree)
	if got := row(t, table.String(), "cold"); !strings.HasPrefix(got, "| cold | tree | 2 | 12.00 s, 1 failed |") {
		t.Errorf("steps row: %s", got)
	}
}

func TestFindings(t *testing.T) {
	s := step{Stderr: []byte("retrylint: a warning\n/m/a.go:10:2: unbounded retry loop (unbounded)\n/m/a.go:12:3: \tthe call retried\n/m/b.go:1:1: retry of a POST (nonidempotent)\n")}
	if got := findings(s); got != 2 {
		t.Errorf("findings = %d, want 2", got)
	}
}
