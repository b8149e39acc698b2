package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// First contact is the measure that counts: modules the checks were never
// tuned for, whose hazards and near-misses were read and committed before
// the tool ran on them. Each round is a set of its own in a folder of
// eval/first-contact (modules.yaml, hazards/, nearmiss/, labels/, and the
// results.json of the tool as it was), with a round.yaml that says when
// and by which commits.

// firstContactDir is the folder of the rounds, relative to the root.
const firstContactDir = "eval/first-contact"

// Targets for first contact, per check, over the last two rounds.
const (
	targetFalseShare = 0.15 // at most this share of findings false
	targetFoundShare = 0.50 // at least this share of read hazards reported
)

// A round is one first-contact round: its record and its evaluation.
type round struct {
	Dir      string // the folder, relative to the root
	Round    int
	Date     string
	Labelled []string // the commits that recorded the reading, before the tool ran
	Tool     string   // the commit of the retrylint that ran
	ev       *evaluation
}

var commitPattern = regexp.MustCompile(`^[0-9a-f]{7,40}$`)

// loadRound reads the round in dir (relative to root): round.yaml, its
// annotations and its results.
func loadRound(root, dir string) (*round, error) {
	file := filepath.Join(root, dir, "round.yaml")
	name := filepath.ToSlash(filepath.Join(dir, "round.yaml"))
	doc, err := readYAML(file, name)
	if err != nil {
		return nil, err
	}
	if len(doc.Content) == 0 {
		return nil, fmt.Errorf("%s: empty", name)
	}
	var rec struct {
		Round    int      `yaml:"round"`
		Date     string   `yaml:"date"`
		Labelled []string `yaml:"labelled"`
		Tool     string   `yaml:"tool"`
	}
	if err := decodeStrict(doc.Content[0], &rec, []string{"round", "date", "labelled", "tool"}); err != nil {
		return nil, fmt.Errorf("%s:%v", name, err)
	}
	var errs []error
	if rec.Round <= 0 {
		errs = append(errs, fmt.Errorf("%s: round: want a number from 1", name))
	}
	if len(rec.Labelled) == 0 {
		errs = append(errs, fmt.Errorf("%s: labelled: want the commits that recorded the hazards and near-misses before the tool ran", name))
	}
	for _, c := range append(append([]string(nil), rec.Labelled...), rec.Tool) {
		if !commitPattern.MatchString(c) {
			errs = append(errs, fmt.Errorf("%s: %q is not a commit", name, c))
		}
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	p := paths{root: root, set: dir}
	ann, err := loadAnnotations(p, root)
	if err != nil {
		return nil, err
	}
	res, err := readResults(p.eval("results.json"))
	if err != nil {
		return nil, fmt.Errorf("%s: %v (run the tool of the round: go run ./eval run -set %s -rev %s)", dir, err, dir, rec.Tool)
	}
	return &round{
		Dir: filepath.ToSlash(dir), Round: rec.Round, Date: rec.Date,
		Labelled: rec.Labelled, Tool: rec.Tool,
		ev: evaluate(res, ann),
	}, nil
}

// loadRounds reads every round under root's eval/first-contact, in round
// order; there may be none.
func loadRounds(root string) ([]*round, error) {
	dirs, _ := filepath.Glob(filepath.Join(root, firstContactDir, "*", "round.yaml"))
	var rounds []*round
	var errs []error
	for _, f := range dirs {
		dir, _ := filepath.Rel(root, filepath.Dir(f))
		r, err := loadRound(root, dir)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		rounds = append(rounds, r)
	}
	sort.Slice(rounds, func(i, j int) bool { return rounds[i].Round < rounds[j].Round })
	for i := 1; i < len(rounds); i++ {
		if rounds[i].Round == rounds[i-1].Round {
			errs = append(errs, fmt.Errorf("%s and %s are both round %d", rounds[i-1].Dir, rounds[i].Dir, rounds[i].Round))
		}
	}
	return rounds, errors.Join(errs...)
}

// contactStats sums the per-check numbers of rounds.
func contactStats(rounds []*round) map[string]*checkStats {
	sum := map[string]*checkStats{}
	for _, c := range checks {
		sum[c] = &checkStats{}
	}
	for _, r := range rounds {
		for _, c := range r.ev.checkNames() {
			if sum[c] == nil {
				sum[c] = &checkStats{}
			}
			addStats(sum[c], r.ev.stats(c))
		}
	}
	return sum
}

// renderContactTable writes the per-check table of first contact: the
// false alarms as a share of all findings (an unlabelled finding is not
// yet known to be right), and the read hazards reported.
func renderContactTable(b *strings.Builder, stats map[string]*checkStats, targets bool) {
	p := func(format string, args ...any) { fmt.Fprintf(b, format, args...) }
	p("| check | findings | true | false | not actionable | unlabelled | false share | read hazards | reported | share reported |")
	if targets {
		p(" targets met |")
	}
	p("\n|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|")
	if targets {
		p("---|")
	}
	p("\n")
	total := &checkStats{}
	row := func(name string, s *checkStats) {
		p("| %s | %d | %d | %d | %d | %d | %s | %d | %d | %s |", name, s.Findings, s.True, s.False, s.NotActionable,
			s.Unlabelled, ratio(s.False, s.Findings), s.Hazards, s.Found, ratio(s.Found, s.Hazards))
		if targets {
			p(" %s |", targetsMet(s))
		}
		p("\n")
	}
	for _, c := range checks {
		s := stats[c]
		if s.Findings == 0 && s.Hazards == 0 {
			continue
		}
		addStats(total, s)
		row(c, s)
	}
	row("**all**", total)
	p("\n")
}

// targetsMet says whether a check meets the first-contact targets.
func targetsMet(s *checkStats) string {
	var miss []string
	if s.Findings > 0 && float64(s.False) > targetFalseShare*float64(s.Findings) {
		miss = append(miss, "false alarms")
	}
	if s.Unlabelled > 0 {
		miss = append(miss, "unlabelled findings")
	}
	if s.Hazards > 0 && float64(s.Found) < targetFoundShare*float64(s.Hazards) {
		miss = append(miss, "hazards reported")
	}
	if len(miss) == 0 {
		return "yes"
	}
	return "no: " + strings.Join(miss, ", ")
}

// renderContactHeadline writes the numbers of the last two rounds, the
// ones the project is judged by; "" when there is no round.
func renderContactHeadline(rounds []*round, heading string) string {
	if len(rounds) == 0 {
		return ""
	}
	last := rounds[max(0, len(rounds)-2):]
	var names []string
	modules := 0
	for _, r := range last {
		names = append(names, fmt.Sprintf("%d", r.Round))
		modules += len(r.ev.res.Modules)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "## %s\n\n", heading)
	fmt.Fprintf(&b, "Round %s: %d modules the checks had never run on, their hazards read and committed before the tool ran. ",
		strings.Join(names, " and "), modules)
	fmt.Fprintf(&b, "The targets: at most %.0f%% of findings false, at least %.0f%% of read hazards reported, per check.\n\n", 100*targetFalseShare, 100*targetFoundShare)
	renderContactTable(&b, contactStats(last), true)
	return b.String()
}

// renderFirstContact writes eval/first-contact.md: the headline, then each
// round with its record, its numbers and its modules.
func renderFirstContact(root string, rounds []*round) string {
	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	p("# First contact\n\n")
	p("Written by `go run ./eval first-contact` from the rounds in `first-contact/`; do not edit.\n\n")
	p("Each round takes modules that retry and that neither the evaluation set nor testdata has seen. ")
	p("Their hazards and near-misses are read by hand and committed first (the round's `labelled` commits); ")
	p("then the tool as it was (`tool`) runs on them, every finding is labelled, and the numbers below are counted. ")
	p("Only then is the tool changed for them, and they join the development set. ")
	p("A finding is one diagnostic; false share = false / findings; a read hazard is reported when a finding of its check lies in its lines.\n\n")
	p("%s", renderContactHeadline(rounds, "The last two rounds"))
	for i := len(rounds) - 1; i >= 0; i-- {
		r := rounds[i]
		p("## Round %d (%s)\n\n", r.Round, r.Date)
		p("Read and committed in %s; the tool at %s, in [%s](%s). ", strings.Join(r.Labelled, ", "), r.Tool,
			strings.TrimPrefix(r.Dir, "eval/"), strings.TrimPrefix(r.Dir, "eval/"))
		if notes := path.Join(r.Dir, "notes.md"); fileExists(filepath.Join(root, notes)) {
			p("What the tool got wrong, by class: [%s](%s).", strings.TrimPrefix(notes, "eval/"), strings.TrimPrefix(notes, "eval/"))
		}
		p("\n\n")
		renderContactTable(&b, contactStats([]*round{r}), false)
		p("| module | findings | true | false | read hazards | reported |\n|---|--:|--:|--:|--:|--:|\n")
		for _, m := range r.ev.res.Modules {
			var s checkStats
			moduleStats(r.ev, m.Module, &s)
			p("| %s@%s | %d | %d | %d | %d | %d |\n", m.Module, m.Version, s.Findings, s.True, s.False, s.Hazards, s.Found)
		}
		p("\n")
	}
	return b.String()
}

// moduleStats adds up one module's findings, their labels and its read
// hazards.
func moduleStats(ev *evaluation, module string, s *checkStats) {
	m := ev.modules[module]
	for _, f := range m.Findings {
		s.Findings++
		switch ev.labelled[f.key(module)].Label {
		case "true":
			s.True++
		case "false":
			s.False++
		}
	}
	for _, h := range append(append([]Hazard(nil), ev.found...), ev.missed...) {
		if h.Module == module {
			s.Hazards++
		}
	}
	for _, h := range ev.found {
		if h.Module == module {
			s.Found++
		}
	}
}

func fileExists(name string) bool {
	_, err := os.Stat(name)
	return err == nil
}

func cmdFirstContact(root string, args []string) error {
	if len(args) > 0 {
		return fmt.Errorf("first-contact: unexpected arguments %q", args)
	}
	rounds, err := loadRounds(root)
	if err != nil {
		return err
	}
	file := filepath.Join(root, "eval", "first-contact.md")
	if err := os.WriteFile(file, []byte(renderFirstContact(root, rounds)), 0o644); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "eval: first contact in %s\n", file)
	return nil
}

// cmdCollect writes the results file of a set from the outputs of
// `retrylint -json` kept in its results/ folder, one file per module
// (positions relative to the module's root), when the tool was run by
// hand on copies of the modules rather than by `run`. Each output is the
// module's whose path is the longest prefix of its packages'; tool names
// the commit that made the outputs.
func cmdCollect(root string, args []string) error {
	fs := flag.NewFlagSet("collect", flag.ExitOnError)
	set := setFlag(fs, paths{root: root})
	tool := fs.String("tool", "", "the commit of the retrylint that made the outputs")
	fs.Parse(args)
	if fs.NArg() > 0 || *tool == "" {
		return fmt.Errorf("collect: usage: go run ./eval collect -set DIR -tool COMMIT")
	}
	p, err := set()
	if err != nil {
		return err
	}
	mods, err := loadModules(p.eval("modules.yaml"), root)
	if err != nil {
		return err
	}
	outputs, _ := filepath.Glob(p.eval("results", "*.json"))
	sort.Strings(outputs)
	byModule := map[string]*ModuleResult{}
	for _, file := range outputs {
		data, err := os.ReadFile(file)
		if err != nil {
			return err
		}
		findings, errs, err := parseTree(data, positions{})
		if err != nil {
			return fmt.Errorf("%s: %v", rel(root, file), err)
		}
		var tree map[string]json.RawMessage
		json.Unmarshal(data, &tree)
		var owner *Module
		for pkg := range tree {
			for i := range mods {
				m := &mods[i]
				if (pkg == m.Module || strings.HasPrefix(pkg, m.Module+"/")) && (owner == nil || len(m.Module) > len(owner.Module)) {
					owner = m
				}
			}
		}
		if owner == nil && len(tree) > 0 {
			return fmt.Errorf("%s: its packages belong to no module of %s", rel(root, file), rel(root, p.eval("modules.yaml")))
		}
		if owner == nil {
			continue // an empty tree: nothing found, for a module named below
		}
		if byModule[owner.Module] != nil {
			return fmt.Errorf("%s: a second output for %s", rel(root, file), owner.Module)
		}
		byModule[owner.Module] = &ModuleResult{
			Module: owner.Module, Version: owner.Version, Patterns: owner.Packages,
			Findings: findings, Errors: errs,
		}
	}
	res := &Results{Retrylint: *tool}
	for _, m := range mods {
		r := byModule[m.Module]
		if r == nil {
			// An empty tree ({}) names no package: the module's run
			// found nothing.
			r = &ModuleResult{Module: m.Module, Version: m.Version, Patterns: m.Packages}
		}
		res.Modules = append(res.Modules, *r)
	}
	if err := writeResults(p.eval("results.json"), res); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "eval: results in %s\n", p.eval("results.json"))
	return nil
}
