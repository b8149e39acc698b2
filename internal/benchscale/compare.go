package main

import (
	"bytes"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

// series is one step measured once or several times, by one build.
type series struct {
	Step  string // what ran, as the table names it
	Build string // "tree" or "baseline" for retrylint, "" for the other tools
	Runs  []step // in the order they ran
}

// ok returns the runs that count.
func (s *series) ok() []step {
	var runs []step
	for _, r := range s.Runs {
		if r.Failed == "" {
			runs = append(runs, r)
		}
	}
	return runs
}

// median returns the step made of the medians of the runs that count,
// marked failed when none does.
func (s *series) median() *step {
	runs := s.ok()
	if len(runs) == 0 {
		return &step{Name: s.Step, Failed: "every run failed"}
	}
	return &step{
		Name:    s.Step,
		Wall:    time.Duration(median(runs, wall) * float64(time.Second)),
		Peak:    int64(median(runs, peak)),
		Largest: int64(median(runs, func(r *step) float64 { return float64(r.Largest) })),
	}
}

// median is the middle value of one measure of the runs, or the mean of
// the two middle ones: one slow run among three moves it not at all.
func median(runs []step, of func(*step) float64) float64 {
	v := make([]float64, len(runs))
	for i := range runs {
		v[i] = of(&runs[i])
	}
	return middle(v)
}

func middle(v []float64) float64 {
	v = slices.Clone(v)
	slices.Sort(v)
	n := len(v)
	if n%2 == 1 {
		return v[n/2]
	}
	return (v[n/2-1] + v[n/2]) / 2
}

// cell shows one measure of a series: the median of the runs that count
// and, when there are several, their range; how many failed.
func (s *series) cell(of func(*step) float64, format func(float64) string) string {
	runs := s.ok()
	if len(runs) == 0 {
		return "**failed**"
	}
	text := format(median(runs, of))
	if len(runs) > 1 {
		lo, hi := of(&runs[0]), of(&runs[0])
		for i := range runs {
			lo, hi = min(lo, of(&runs[i])), max(hi, of(&runs[i]))
		}
		text += " (" + format(lo) + "–" + format(hi) + ")"
	}
	if failed := len(s.Runs) - len(runs); failed > 0 {
		text += fmt.Sprintf(", %d failed", failed)
	}
	return text
}

// exits lists the exit statuses of the runs, each once.
func (s *series) exits() string {
	var codes []string
	for _, r := range s.Runs {
		if c := strconv.Itoa(r.Exit); !slices.Contains(codes, c) {
			codes = append(codes, c)
		}
	}
	return strings.Join(codes, ", ")
}

// findingLine matches a finding of retrylint's text output,
// "file:line:col: message (check)", and not the related lines under it,
// whose message starts with a tab.
var findingLine = regexp.MustCompile(`(?m)^[^\t\n]+?:\d+:\d+: [^\t\n]`)

// findings counts the findings a retrylint run printed.
func findings(s step) int {
	return len(findingLine.FindAll(s.Stderr, -1)) + len(findingLine.FindAll(s.Stdout, -1))
}

// findingCounts lists the findings counts of the runs that count, each
// once: one number unless the runs disagree.
func findingCounts(all ...*series) string {
	var counts []string
	for _, s := range all {
		for _, r := range s.ok() {
			if c := strconv.Itoa(findings(r)); !slices.Contains(counts, c) {
				counts = append(counts, c)
			}
		}
	}
	if len(counts) == 0 {
		return "none (every run failed)"
	}
	return strings.Join(counts, " or ")
}

// stepsTable writes every series, one row each.
func stepsTable(w io.Writer, rows []*series) {
	fmt.Fprintf(w, "| step | build | runs | wall | peak | largest process | exit | notes |\n|---|---|--:|--:|--:|--:|--:|---|\n")
	for _, s := range rows {
		note := ""
		if runs := s.ok(); len(runs) > 0 {
			note = runs[0].Note
			if s.Build != "" {
				note += "; findings: " + findingCounts(s)
			}
		}
		fmt.Fprintf(w, "| %s | %s | %d | %s | %s | %s | %s | %s |\n", s.Step, s.Build, len(s.Runs),
			s.cell(wall, formatSeconds), s.cell(peak, formatGigabytes),
			s.cell(func(r *step) float64 { return float64(r.Largest) }, formatGigabytes), s.exits(), note)
	}
}

func formatSeconds(v float64) string   { return fmt.Sprintf("%.2f s", v) }
func formatGigabytes(v float64) string { return fmt.Sprintf("%.2f GB", v/1e9) }

// paired are the ratios of run i of a to run i of b, for each i where
// both count: runs measured back to back, under the same load.
func paired(a, b *series, of func(*step) float64) []float64 {
	var ratios []float64
	for i := range min(len(a.Runs), len(b.Runs)) {
		ra, rb := &a.Runs[i], &b.Runs[i]
		if ra.Failed == "" && rb.Failed == "" && of(rb) > 0 {
			ratios = append(ratios, of(ra)/of(rb))
		}
	}
	return ratios
}

// compare writes, for each step measured on both builds, the ratios of
// the tree's wall time and peak memory to the baseline's against the
// target, then whether the two builds found the same.
func compare(w io.Writer, baseline string, target float64, tree, base []*series) {
	fmt.Fprintf(w, "| tree / baseline %s | ratio (median of pairs) | pairs | target | |\n|---|--:|---|---|---|\n", baseline)
	for i := range tree {
		for _, m := range []struct {
			name string
			of   func(*step) float64
		}{{"wall", wall}, {"peak", peak}} {
			name := tree[i].Step + ", " + m.name
			ratios := paired(tree[i], base[i], m.of)
			if len(ratios) == 0 {
				fmt.Fprintf(w, "| %s | | | ≤ %g | n/a: no pair of runs that both count |\n", name, target)
				continue
			}
			r := middle(ratios)
			verdict := "PASS"
			if r > target {
				verdict = fmt.Sprintf("**FAIL** by %.0f%%", (r/target-1)*100)
			}
			lo, hi := slices.Min(ratios), slices.Max(ratios)
			if lo <= target && hi > target {
				verdict += "; the pairs fall on both sides of the target: the noise decides"
			}
			spread := fmt.Sprintf("%.2f", lo)
			if len(ratios) > 1 {
				spread += fmt.Sprintf("–%.2f", hi)
			}
			fmt.Fprintf(w, "| %s | %.2f | %s (%d) | ≤ %g | %s |\n", name, r, spread, len(ratios), target, verdict)
		}
	}
	treeCount, baseCount := findingCounts(tree...), findingCounts(base...)
	verdict := "the same"
	if treeCount != baseCount {
		verdict = "**different**"
	}
	fmt.Fprintf(w, "\nfindings (lines of text output with a position, related lines not counted): tree %s, baseline %s: %s\n", treeCount, baseCount, verdict)
	var differ []string
	for i := range tree {
		for j := range min(len(tree[i].Runs), len(base[i].Runs)) {
			a, b := &tree[i].Runs[j], &base[i].Runs[j]
			if a.Failed == "" && b.Failed == "" && (a.Exit != b.Exit || !bytes.Equal(a.Stdout, b.Stdout) || !bytes.Equal(a.Stderr, b.Stderr)) {
				differ = append(differ, fmt.Sprintf("%s, run %d", tree[i].Step, j+1))
			}
		}
	}
	if len(differ) == 0 {
		fmt.Fprintf(w, "\noutput (stdout, stderr, exit status) of the tree the same as the baseline's in every pair: yes\n")
	} else {
		fmt.Fprintf(w, "\noutput (stdout, stderr, exit status) of the tree the same as the baseline's in every pair: **no** (%s)\n", strings.Join(differ, "; "))
	}
}
