package main

import (
	"fmt"
	"sort"
	"strings"
)

// lineKey is what a label matches: a module, a file, a line and a check.
type lineKey struct {
	Module, File string
	Line         int
	Check        string
}

func (f Finding) key(module string) lineKey {
	file, line, _ := f.Pos()
	return lineKey{module, file, line, f.Check}
}

// checkStats are one check's numbers. Findings count distinct
// diagnostics; labelled ones are those a label matches; NearMissHits,
// those that lie on a near-miss of their check.
type checkStats struct {
	Findings, Labelled, True, False, NotActionable, Unlabelled int
	Hazards, Found                                             int
	NearMissHits                                               int
}

// A nearHit is a finding line that lies on a near-miss of its check.
type nearHit struct {
	Key      lineKey
	NearMiss Hazard
	Findings int // the diagnostics on the line
}

// An exampleResult is an example and what the results did there:
// "reported", "silent", or "not run" when its module is not in them.
type exampleResult struct {
	Example
	Actual string
}

func (e exampleResult) pass() bool { return e.Actual == e.Expect }

// evaluation is a results file read against the labels and hazards.
type evaluation struct {
	res      *Results
	perCheck map[string]*checkStats
	modules  map[string]*ModuleResult
	// labelled maps each finding's line to its label, for the lines that
	// have one.
	labelled map[lineKey]Label
	// falseLabels are the labels "false" that match a finding.
	falseLabels []Label
	// missed are the hazards of modules run that no finding covers;
	// notRun, those of modules not in the results.
	missed, found, notRun []Hazard
	// stale are labels of modules run that match no finding.
	stale []Label
	// nearHits are the finding lines on a near-miss, sorted;
	// nearMisses counts the near-misses of modules run.
	nearHits   []nearHit
	nearMisses int
	// examples are in the order of their file.
	examples []exampleResult
}

func evaluate(res *Results, ann *Annotations) *evaluation {
	ev := &evaluation{
		res:      res,
		perCheck: map[string]*checkStats{},
		modules:  map[string]*ModuleResult{},
		labelled: map[lineKey]Label{},
	}
	for _, c := range checks {
		ev.perCheck[c] = &checkStats{}
	}
	labels := map[lineKey]Label{}
	for _, l := range ann.Labels {
		labels[lineKey{l.Module, l.File, l.Line, l.Check}] = l
	}
	near := nearMissesByModule(ann.NearMisses)
	hits := map[lineKey]*nearHit{}
	reported := map[lineKey]bool{}
	for i := range res.Modules {
		m := &res.Modules[i]
		ev.modules[m.Module] = m
		ev.nearMisses += len(near[m.Module])
		for _, f := range m.Findings {
			s := ev.stats(f.Check)
			s.Findings++
			k := f.key(m.Module)
			reported[k] = true
			if n, ok := nearMissAt(near[m.Module], k); ok {
				s.NearMissHits++
				if hits[k] == nil {
					hits[k] = &nearHit{Key: k, NearMiss: n}
				}
				hits[k].Findings++
			}
			l, ok := labels[k]
			if !ok {
				s.Unlabelled++
				continue
			}
			ev.labelled[k] = l
			s.Labelled++
			switch l.Label {
			case "true":
				s.True++
			case "false":
				s.False++
			case "not-actionable":
				s.NotActionable++
			}
		}
	}
	for _, l := range ann.Labels {
		k := lineKey{l.Module, l.File, l.Line, l.Check}
		switch {
		case ev.modules[l.Module] == nil:
		case !reported[k]:
			ev.stale = append(ev.stale, l)
		case l.Label == "false":
			ev.falseLabels = append(ev.falseLabels, l)
		}
	}
	for _, h := range ann.Hazards {
		m := ev.modules[h.Module]
		if m == nil {
			ev.notRun = append(ev.notRun, h)
			continue
		}
		s := ev.stats(h.Check)
		s.Hazards++
		if hazardFound(h, m.Findings) {
			s.Found++
			ev.found = append(ev.found, h)
		} else {
			ev.missed = append(ev.missed, h)
		}
	}
	for _, h := range hits {
		ev.nearHits = append(ev.nearHits, *h)
	}
	sort.Slice(ev.nearHits, func(i, j int) bool { return keyLess(ev.nearHits[i].Key, ev.nearHits[j].Key) })
	for _, e := range ann.Examples {
		actual := "not run"
		if m := ev.modules[e.Module]; m != nil {
			actual = "silent"
			if hazardFound(Hazard{File: e.File, Line: e.Line, End: e.Line, Check: e.Check}, m.Findings) {
				actual = "reported"
			}
		}
		ev.examples = append(ev.examples, exampleResult{Example: e, Actual: actual})
	}
	sortLabels(ev.falseLabels)
	sortLabels(ev.stale)
	sortHazards(ev.missed)
	sortHazards(ev.found)
	sortHazards(ev.notRun)
	return ev
}

// stats returns a check's numbers; a check unknown to this program (a new
// one) gets a row too.
func (ev *evaluation) stats(check string) *checkStats {
	s := ev.perCheck[check]
	if s == nil {
		s = &checkStats{}
		ev.perCheck[check] = s
	}
	return s
}

// checkNames are the known checks in order, then any other seen.
func (ev *evaluation) checkNames() []string {
	names := append([]string(nil), checks...)
	var extra []string
	for c := range ev.perCheck {
		if !isCheck(c) {
			extra = append(extra, c)
		}
	}
	sort.Strings(extra)
	return append(names, extra...)
}

// nearMissesByModule groups near-misses by module, each module's sorted.
func nearMissesByModule(list []Hazard) map[string][]Hazard {
	by := map[string][]Hazard{}
	for _, n := range list {
		by[n.Module] = append(by[n.Module], n)
	}
	for _, l := range by {
		sortHazards(l)
	}
	return by
}

// nearMissAt returns the first near-miss of list (one module's) that a
// finding line of k's check lies on, by the rule of hazards.
func nearMissAt(list []Hazard, k lineKey) (Hazard, bool) {
	for _, n := range list {
		if n.Check == k.Check && n.File == k.File && k.Line >= n.Line && k.Line <= n.End {
			return n, true
		}
	}
	return Hazard{}, false
}

func keyLess(a, b lineKey) bool {
	if a.Module != b.Module {
		return a.Module < b.Module
	}
	if a.File != b.File {
		return a.File < b.File
	}
	if a.Line != b.Line {
		return a.Line < b.Line
	}
	return a.Check < b.Check
}

// hazardFound reports whether a finding of the hazard's check lies in its
// file between its lines.
func hazardFound(h Hazard, findings []Finding) bool {
	for _, f := range findings {
		file, line, _ := f.Pos()
		if f.Check == h.Check && file == h.File && line >= h.Line && line <= h.End {
			return true
		}
	}
	return false
}

func sortLabels(ls []Label) {
	at := func(l Label) lineKey { return lineKey{l.Module, l.File, l.Line, l.Check} }
	sort.Slice(ls, func(i, j int) bool { return keyLess(at(ls[i]), at(ls[j])) })
}

func sortHazards(hs []Hazard) {
	at := func(h Hazard) lineKey { return lineKey{h.Module, h.File, h.Line, h.Check} }
	sort.Slice(hs, func(i, j int) bool { return keyLess(at(hs[i]), at(hs[j])) })
}

// renderReport writes the report of res; with old, the numbers of old
// stand before the new ones ("old → new").
func renderReport(res, old *Results, ann *Annotations) string {
	ev := evaluate(res, ann)
	var prev *evaluation
	if old != nil {
		prev = evaluate(old, ann)
	}
	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }

	p("# retrylint on real modules\n\n")
	p("Written by `go run ./eval report` from the results of `go run ./eval run`; do not edit. ")
	p("retrylint %s, %s, %d modules, %d packages", res.Retrylint, res.Go, len(res.Modules), totalPackages(res))
	if old != nil {
		p("; compared with the results of retrylint %s (shown as before → after)", old.Retrylint)
	}
	p(".\n\n")

	renderErrors(&b, res)
	renderExamples(&b, prev, ev)

	p("## Per check\n\n")
	p("A finding is one diagnostic; a label is a human's verdict on the findings of one check at one line. ")
	p("False-alarm rate = false / labelled. A hazard is found when a finding of its check lies in its lines. ")
	p("A near-miss is a place where a check must stay silent; near-misses hit counts the findings of the check that lie on one, ")
	p("by the rule of hazards. A hit is not a label and leaves the false-alarm rate alone: it points at a finding to read.\n\n")
	p("| check | findings | labelled | true | false | not-actionable | false-alarm rate | unlabelled | hazards | found | share found | near-misses hit |\n")
	p("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n")
	total, prevTotal := &checkStats{}, &checkStats{}
	for _, c := range ev.checkNames() {
		s := ev.stats(c)
		var ps *checkStats
		if prev != nil {
			ps = prev.stats(c)
			addStats(prevTotal, ps)
		}
		addStats(total, s)
		p("| %s |%s\n", c, statCells(ps, s))
	}
	var pt *checkStats
	if prev != nil {
		pt = prevTotal
	}
	p("| **all** |%s\n\n", statCells(pt, total))

	if prev != nil {
		renderChanges(&b, prev, ev)
	}

	p("## Per module\n\n")
	p("| module | packages |")
	for _, c := range checks {
		p(" %s |", c)
	}
	p(" wall time | peak memory | errors |\n|---|--:|")
	for range checks {
		p("--:|")
	}
	p("--:|--:|--:|\n")
	for _, m := range res.Modules {
		var om *ModuleResult
		if prev != nil {
			om = prev.modules[m.Module]
		}
		counts := checkCounts(m)
		var oc map[string]int
		if om != nil {
			oc = checkCounts(*om)
		}
		p("| %s@%s | %s |", m.Module, m.Version, cell(om != nil, fmt.Sprint(packagesOf(om)), fmt.Sprint(m.Packages)))
		for _, c := range checks {
			p(" %s |", cell(om != nil, fmt.Sprint(oc[c]), fmt.Sprint(counts[c])))
		}
		p(" %s | %s | %s |\n",
			cell(om != nil, secondsText(secondsOf(om)), secondsText(m.Seconds)),
			cell(om != nil, megabytes(rssOf(om)), megabytes(m.PeakRSS)),
			cell(om != nil, fmt.Sprint(errorsOf(om)), fmt.Sprint(len(m.Errors))))
	}
	p("\n")
	if prev != nil {
		var gone []string
		for _, m := range old.Modules {
			if ev.modules[m.Module] == nil {
				gone = append(gone, m.Module)
			}
		}
		if len(gone) > 0 {
			p("Only in the older results: %s.\n\n", strings.Join(gone, ", "))
		}
	}

	renderRules(&b, ev)

	p("## Totals\n\n")
	p("| | |\n|---|--:|\n")
	tot := totals(res)
	var ot totalsT
	if old != nil {
		ot = totals(old)
	}
	p("| modules | %s |\n", cell(old != nil, fmt.Sprint(ot.modules), fmt.Sprint(tot.modules)))
	p("| packages | %s |\n", cell(old != nil, fmt.Sprint(ot.packages), fmt.Sprint(tot.packages)))
	p("| findings | %s |\n", cell(old != nil, fmt.Sprint(ot.findings), fmt.Sprint(tot.findings)))
	p("| retrylint wall time, summed | %s |\n", cell(old != nil, secondsText(ot.seconds), secondsText(tot.seconds)))
	p("| setup (download, copy, fetch), summed | %s |\n", cell(old != nil, secondsText(ot.setup), secondsText(tot.setup)))
	p("| whole run | %s |\n", cell(old != nil, secondsText(ot.whole), secondsText(tot.whole)))
	p("| max peak memory | %s |\n", cell(old != nil, megabytes(ot.maxRSS)+" ("+ot.maxRSSModule+")", megabytes(tot.maxRSS)+" ("+tot.maxRSSModule+")"))
	p("| modules with errors | %s |\n\n", cell(old != nil, fmt.Sprint(ot.withErrors), fmt.Sprint(tot.withErrors)))

	p("## False findings\n\n")
	if len(ev.falseLabels) == 0 {
		p("None labelled.\n\n")
	} else {
		p("| module | at | check | why |\n|---|---|---|---|\n")
		for _, l := range ev.falseLabels {
			p("| %s | %s:%d | %s | %s |\n", l.Module, l.File, l.Line, l.Check, cellText(l.Why))
		}
		p("\n")
	}

	p("## Missed hazards\n\n")
	if len(ev.missed) == 0 {
		p("None missed (%d hazards in the modules run).\n\n", len(ev.missed)+len(ev.found))
	} else {
		p("| module | at | check | why |\n|---|---|---|---|\n")
		for _, h := range ev.missed {
			p("| %s | %s | %s | %s |\n", h.Module, h.At(), h.Check, cellText(h.Why))
		}
		p("\n")
	}

	renderNearHits(&b, prev, ev)

	if len(ev.stale) > 0 {
		p("## Labels that match no finding\n\n")
		p("The line no longer has a finding of the check: a fixed false alarm, a lost true finding, or a label to move.\n\n")
		p("| module | at | check | label | why |\n|---|---|---|---|---|\n")
		for _, l := range ev.stale {
			p("| %s | %s:%d | %s | %s | %s |\n", l.Module, l.File, l.Line, l.Check, l.Label, cellText(l.Why))
		}
		p("\n")
	}
	if len(ev.notRun) > 0 {
		p("## Hazards of modules not run\n\n")
		p("%d hazards name modules that are not in these results and are not counted above:", len(ev.notRun))
		seen := map[string]bool{}
		for _, h := range ev.notRun {
			if !seen[h.Module] {
				seen[h.Module] = true
				p(" %s", h.Module)
			}
		}
		p(".\n")
	}
	return b.String()
}

// renderExamples shows each example, what happened at its line and
// whether that is what it expects; with prev, what happened before too.
func renderExamples(b *strings.Builder, prev, ev *evaluation) {
	if len(ev.examples) == 0 {
		return
	}
	p := func(format string, args ...any) { fmt.Fprintf(b, format, args...) }
	passing := func(e *evaluation) (n int) {
		for _, x := range e.examples {
			if x.pass() {
				n++
			}
		}
		return n
	}
	notRun := 0
	for _, x := range ev.examples {
		if x.Actual == "not run" {
			notRun++
		}
	}
	p("## Examples\n\n")
	p("The named cases the work had to get right (eval/examples.yaml). Actual is reported when a finding of the check lies on the line, as for hazards. ")
	before := ""
	if prev != nil {
		before = fmt.Sprint(passing(prev))
	}
	p("**%s of %d pass**", cell(prev != nil, before, fmt.Sprint(passing(ev))), len(ev.examples))
	switch {
	case notRun == 1:
		p("; 1 names a module not in these results and fails")
	case notRun > 1:
		p("; %d name a module not in these results and fail", notRun)
	}
	p(".\n\n")
	if prev != nil {
		p("| module | at | check | expected | before | actual | | why |\n|---|---|---|---|---|---|---|---|\n")
	} else {
		p("| module | at | check | expected | actual | | why |\n|---|---|---|---|---|---|---|\n")
	}
	for i, x := range ev.examples {
		verdict := "FAIL"
		if x.pass() {
			verdict = "pass"
		}
		p("| %s | %s:%d | %s | %s |", x.Module, x.File, x.Line, x.Check, x.Expect)
		if prev != nil {
			// Both evaluations read the same examples, in the same order.
			p(" %s |", prev.examples[i].Actual)
		}
		p(" %s | %s | %s |\n", x.Actual, verdict, cellText(x.Why))
	}
	p("\n")
}

// renderNearHits lists the finding lines that lie on a near-miss of their
// check, with their labels; with prev, whether the line was hit before.
func renderNearHits(b *strings.Builder, prev, ev *evaluation) {
	p := func(format string, args ...any) { fmt.Fprintf(b, format, args...) }
	p("## Near-misses hit\n\n")
	if len(ev.nearHits) == 0 {
		p("None hit (%d near-misses in the modules run).\n\n", ev.nearMisses)
		return
	}
	p("Finding lines on a place where their check must stay silent (eval/nearmiss), ")
	p("with the near-miss's why and the line's label if it has one. Not counted as false: read them, and label them.\n\n")
	wasHit := map[lineKey]bool{}
	if prev != nil {
		for _, h := range prev.nearHits {
			wasHit[h.Key] = true
		}
		p("| module | at | check | before | label | why |\n|---|---|---|---|---|---|\n")
	} else {
		p("| module | at | check | label | why |\n|---|---|---|---|---|\n")
	}
	for _, h := range ev.nearHits {
		at := fmt.Sprintf("%s:%d", h.Key.File, h.Key.Line)
		if h.NearMiss.End != h.NearMiss.Line {
			at += " (near-miss " + h.NearMiss.At() + ")"
		}
		p("| %s | %s | %s |", h.Key.Module, at, h.Key.Check)
		if prev != nil {
			before := "silent"
			switch {
			case prev.modules[h.Key.Module] == nil:
				before = "not run"
			case wasHit[h.Key]:
				before = "hit"
			}
			p(" %s |", before)
		}
		label := "–"
		if l, ok := ev.labelled[h.Key]; ok {
			label = l.Label
		}
		p(" %s | %s |\n", label, cellText(h.NearMiss.Why))
	}
	p("\n")
}

// renderErrors lists every module's errors, first in the report.
func renderErrors(b *strings.Builder, res *Results) {
	var bad []ModuleResult
	for _, m := range res.Modules {
		if len(m.Errors) > 0 {
			bad = append(bad, m)
		}
	}
	if len(bad) == 0 {
		fmt.Fprintf(b, "No errors: every package loaded and every analysis ran.\n\n")
		return
	}
	fmt.Fprintf(b, "## Errors\n\n**%d of %d modules had errors**: their findings may be incomplete. The results file has every message.\n\n", len(bad), len(res.Modules))
	fmt.Fprintf(b, "| module | kind | package | message |\n|---|---|---|---|\n")
	const shown = 10
	for _, m := range bad {
		for _, e := range firstN(worstFirst(m.Errors), shown) {
			msg := firstLine(e.Message)
			if len(msg) > 300 {
				msg = msg[:300] + "…"
			}
			fmt.Fprintf(b, "| %s | %s | %s | %s |\n", m.Module, e.Kind, cellText(e.Package), cellText(msg))
		}
		if len(m.Errors) > shown {
			fmt.Fprintf(b, "| %s | | | and %d more |\n", m.Module, len(m.Errors)-shown)
		}
	}
	fmt.Fprintf(b, "\n")
}

// errorRank orders the kinds of error from the worst; within a kind, the
// errors that only follow from another (a failed prerequisite, a package
// skipped because it did not load) come last.
var errorRank = map[string]int{"panic": 0, "timeout": 1, "exit": 2, "output": 3, "setup": 4, "load": 5, "analysis": 6, "stderr": 7}

func worstFirst(errs []RunError) []RunError {
	sorted := append([]RunError(nil), errs...)
	follows := func(e RunError) bool {
		return strings.Contains(e.Message, "failed prerequisites") || strings.Contains(e.Message, "skipped due to errors")
	}
	sort.SliceStable(sorted, func(i, j int) bool {
		a, b := sorted[i], sorted[j]
		if errorRank[a.Kind] != errorRank[b.Kind] {
			return errorRank[a.Kind] < errorRank[b.Kind]
		}
		return !follows(a) && follows(b)
	})
	return sorted
}

// renderChanges counts, per check, the finding lines that appeared and
// disappeared between the two results, and lists the labelled ones that
// disappeared and the hazards whose state changed.
func renderChanges(b *strings.Builder, prev, ev *evaluation) {
	p := func(format string, args ...any) { fmt.Fprintf(b, format, args...) }
	lines := func(e *evaluation) map[lineKey]bool {
		set := map[lineKey]bool{}
		for _, m := range e.res.Modules {
			// Only modules in both results are compared.
			if prev.modules[m.Module] == nil || ev.modules[m.Module] == nil {
				continue
			}
			for _, f := range m.Findings {
				set[f.key(m.Module)] = true
			}
		}
		return set
	}
	before, after := lines(prev), lines(ev)
	added, removed := map[string]int{}, map[string]int{}
	var gone []lineKey
	for k := range after {
		if !before[k] {
			added[k.Check]++
		}
	}
	for k := range before {
		if !after[k] {
			removed[k.Check]++
			gone = append(gone, k)
		}
	}
	p("## Changes\n\n")
	p("Finding lines (module, file, line, check) that appeared or disappeared, in the modules of both results.\n\n")
	p("| check | new lines | gone lines |\n|---|--:|--:|\n")
	for _, c := range ev.checkNames() {
		p("| %s | %d | %d |\n", c, added[c], removed[c])
	}
	p("\n")
	sort.Slice(gone, func(i, j int) bool { return keyLess(gone[i], gone[j]) })
	var labelledGone []Label
	for _, k := range gone {
		if l, ok := prev.labelled[k]; ok {
			labelledGone = append(labelledGone, l)
		}
	}
	if len(labelledGone) > 0 {
		p("Labelled findings gone (a true one gone is a lost finding):\n\n| module | at | check | label | why |\n|---|---|---|---|---|\n")
		for _, l := range labelledGone {
			p("| %s | %s:%d | %s | %s | %s |\n", l.Module, l.File, l.Line, l.Check, l.Label, cellText(l.Why))
		}
		p("\n")
	}
	was := map[string]bool{}
	for _, h := range prev.found {
		was[h.Source] = true
	}
	var nowFound, nowMissed []Hazard
	for _, h := range ev.found {
		if !was[h.Source] && prev.modules[h.Module] != nil {
			nowFound = append(nowFound, h)
		}
	}
	for _, h := range ev.missed {
		if was[h.Source] {
			nowMissed = append(nowMissed, h)
		}
	}
	for _, part := range []struct {
		title string
		list  []Hazard
	}{{"Hazards found now, missed before", nowFound}, {"Hazards missed now, found before", nowMissed}} {
		if len(part.list) == 0 {
			continue
		}
		p("%s:\n\n| module | at | check |\n|---|---|---|\n", part.title)
		for _, h := range part.list {
			p("| %s | %s | %s |\n", h.Module, h.At(), h.Check)
		}
		p("\n")
	}
}

func addStats(t, s *checkStats) {
	t.Findings += s.Findings
	t.Labelled += s.Labelled
	t.True += s.True
	t.False += s.False
	t.NotActionable += s.NotActionable
	t.Unlabelled += s.Unlabelled
	t.Hazards += s.Hazards
	t.Found += s.Found
	t.NearMissHits += s.NearMissHits
}

// statCells are a per-check row's cells; with old, "old → new" where
// they differ.
func statCells(old, s *checkStats) string {
	row := func(s *checkStats) []string {
		return []string{
			fmt.Sprint(s.Findings), fmt.Sprint(s.Labelled), fmt.Sprint(s.True), fmt.Sprint(s.False),
			fmt.Sprint(s.NotActionable), ratio(s.False, s.Labelled), fmt.Sprint(s.Unlabelled),
			fmt.Sprint(s.Hazards), fmt.Sprint(s.Found), ratio(s.Found, s.Hazards),
			fmt.Sprint(s.NearMissHits),
		}
	}
	now := row(s)
	var before []string
	if old != nil {
		before = row(old)
	}
	var b strings.Builder
	for i, v := range now {
		if old != nil {
			v = cell(true, before[i], v)
		}
		fmt.Fprintf(&b, " %s |", v)
	}
	return b.String()
}

func ratio(a, b int) string {
	if b == 0 {
		return "–"
	}
	return fmt.Sprintf("%.0f%%", 100*float64(a)/float64(b))
}

// cell is now, or "before → now" when comparing and they differ.
func cell(comparing bool, before, now string) string {
	if !comparing || before == now {
		return now
	}
	return before + " → " + now
}

// cellText makes text fit in one table cell.
func cellText(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	return strings.ReplaceAll(s, "|", `\|`)
}

func checkCounts(m ModuleResult) map[string]int {
	counts := map[string]int{}
	for _, f := range m.Findings {
		counts[f.Check]++
	}
	return counts
}

func packagesOf(m *ModuleResult) int {
	if m == nil {
		return 0
	}
	return m.Packages
}

func secondsOf(m *ModuleResult) float64 {
	if m == nil {
		return 0
	}
	return m.Seconds
}

func rssOf(m *ModuleResult) int64 {
	if m == nil {
		return 0
	}
	return m.PeakRSS
}

func errorsOf(m *ModuleResult) int {
	if m == nil {
		return 0
	}
	return len(m.Errors)
}

func secondsText(s float64) string {
	if s >= 120 {
		return fmt.Sprintf("%dm%02ds", int(s)/60, int(s)%60)
	}
	return fmt.Sprintf("%.1fs", s)
}

func totalPackages(res *Results) int {
	n := 0
	for _, m := range res.Modules {
		n += m.Packages
	}
	return n
}

type totalsT struct {
	modules, packages, findings, withErrors int
	seconds, setup, whole                   float64
	maxRSS                                  int64
	maxRSSModule                            string
}

func totals(res *Results) totalsT {
	t := totalsT{modules: len(res.Modules), whole: res.Seconds}
	for _, m := range res.Modules {
		t.packages += m.Packages
		t.findings += len(m.Findings)
		t.seconds += m.Seconds
		t.setup += m.SetupSeconds
		if len(m.Errors) > 0 {
			t.withErrors++
		}
		if m.PeakRSS > t.maxRSS {
			t.maxRSS, t.maxRSSModule = m.PeakRSS, m.Module
		}
	}
	return t
}
