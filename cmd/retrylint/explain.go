package main

import (
	"bufio"
	"cmp"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/retrylint/retrylint/analyzers"
	"github.com/retrylint/retrylint/analyzers/explain"
	"github.com/retrylint/retrylint/internal/driver"
	"github.com/retrylint/retrylint/rules"
)

const explainUsage = `usage: retrylint explain [-json] [-config FILE] [-tags LIST] FILE:LINE...
       retrylint explain [-json] [-config FILE] [-test] [-tags LIST] PACKAGES

Explain prints the retry model's decisions about the retry sites that
start on (or else span) each line given, and about the loops there that
it kept silent: the rule that made each a site or not, how each of its
properties was judged, and what the checks report on it. On the line of
a finding reported at its cause, away from its site (a library option,
a backoff function's declaration), it prints that site. Given packages,
it prints them for every site and silent loop of the packages.
`

// An explained entry is a site's or silent loop's decisions with the
// findings of the checks within it, or at a cause its trace read or
// whose related positions lie within it.
type explained struct {
	explain.Entry
	Findings []explainedFinding `json:"findings,omitempty"`
	endCol   int
	file     string // absolute
}

type explainedFinding struct {
	Check   string `json:"check"`
	Posn    string `json:"posn"`
	Message string `json:"message"`
	file    string // absolute
	line    int
	col     int
}

// A target is a FILE:LINE argument.
type target struct {
	arg  string
	file string // absolute
	line int
}

// runExplain serves `retrylint explain`. It returns the exit status: 0,
// 1 when packages could not be loaded or analysed or a line holds
// nothing to explain, 2 for a bad command line.
func runExplain(args []string, r *rules.Rules, config string) int {
	fs := flag.NewFlagSet("retrylint explain", flag.ContinueOnError)
	fs.Usage = func() {
		fmt.Fprint(os.Stderr, explainUsage)
		fs.PrintDefaults()
	}
	asJSON := fs.Bool("json", false, "print the decisions as JSON")
	fs.String("config", "", usageConfig)
	tests := fs.Bool("test", false, "with packages, explain the sites of their tests too")
	useCache := fs.Bool("cache", true, usageCache)
	tags := fs.String("tags", "", usageTags)
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	if fs.NArg() == 0 {
		fmt.Fprint(os.Stderr, explainUsage)
		return 2
	}
	targets, patterns, err := explainArgs(fs.Args())
	if err != nil {
		fmt.Fprintf(os.Stderr, "retrylint explain: %v\n", err)
		return 2
	}
	wd, _ := os.Getwd()
	all := analyzers.Explain(r)
	run := func(dir string, patterns []string, tests bool) ([]*explained, int) {
		var entries []*explained
		var findings []driver.Diagnostic
		var names []string
		opt := driver.Options{
			Analyzers:    all,
			Relevant:     analyzers.Relevant(r),
			Named:        r.RetriedPackages(),
			SQL:          r.SinkPackages(),
			SQLFacts:     "sqlextract",
			SchemaDigest: func(dir string) []byte { return analyzers.SchemaDigest(dir, r) },
			Tests:        tests,
			Dir:          dir,
			Stdout:       os.Stdout,
			Stderr:       os.Stderr,
			Report: func(results []driver.PackageResult) error {
				for _, res := range results {
					for _, d := range res.Diags["explain"] {
						e, err := explain.Decode(d.Message)
						if err != nil {
							return fmt.Errorf("%s: %v", d.Posn, err)
						}
						e.File, e.Line, e.Column, e.EndLine = relative(wd, d.Start.File), d.Start.Line, d.Start.Column, d.Stop.Line
						entries = append(entries, &explained{Entry: e, endCol: d.Stop.Column, file: d.Start.File})
					}
					for _, a := range all[1:] {
						for _, d := range res.Diags[a.Name] {
							findings = append(findings, d)
							names = append(names, a.Name)
						}
					}
				}
				return nil
			},
		}
		if *tags != "" {
			opt.BuildFlags = []string{"-tags=" + tagList(*tags)}
		}
		setRunEnv(&opt, *useCache, config)
		exit := driver.Run(patterns, opt)
		for i, d := range findings {
			f := explainedFinding{Check: names[i], Posn: fmt.Sprintf("%s:%d:%d", relative(wd, d.Start.File), d.Start.Line, d.Start.Column), Message: d.Message, file: d.Start.File, line: d.Start.Line, col: d.Start.Column}
			attached := false
			for _, e := range entries {
				if e.Site && e.file == d.Start.File && within(d.Start.Line, d.Start.Column, e) {
					e.Findings = append(e.Findings, f)
					attached = true
				}
			}
			if attached {
				continue
			}
			// A finding outside its site's span is at the cause: a step
			// of the site's trace read it (a library option built lines
			// before the call it configures), or the finding names the
			// site's wait as related (a backoff function, reported at
			// its declaration).
			// The related site may be in another file than the finding (a
			// backoff function declared in one file, used in another).
			for _, e := range entries {
				if !e.Site {
					continue
				}
				read := e.file == d.Start.File && slices.ContainsFunc(e.Trace, func(st explain.Step) bool { return st.Line == d.Start.Line })
				related := slices.ContainsFunc(d.Related, func(r driver.Related) bool {
					return r.Start.File == e.file && within(r.Start.Line, r.Start.Column, e)
				})
				if read || related {
					e.Findings = append(e.Findings, f)
					attached = true
				}
			}
			if !attached {
				// No site claims it: show the finding on its own line,
				// so that explain never says "no site" where a finding is.
				e := explain.Entry{Head: "a finding no traced site claims (its site's trace does not read this line)", Site: true,
					File: relative(wd, d.Start.File), Line: d.Start.Line, Column: d.Start.Column, EndLine: d.Start.Line}
				entries = append(entries, &explained{Entry: e, endCol: d.Start.Column, file: d.Start.File, Findings: []explainedFinding{f}})
			}
		}
		return entries, exit
	}

	var out []*explained
	exit := 0
	if len(patterns) > 0 {
		entries, status := run("", patterns, *tests)
		out, exit = entries, status
	} else {
		// One run per folder, with the tests when a file named is one.
		byDir := map[string][]target{}
		var dirs []string
		for _, t := range targets {
			dir := filepath.Dir(t.file)
			if byDir[dir] == nil {
				dirs = append(dirs, dir)
			}
			byDir[dir] = append(byDir[dir], t)
		}
		for _, dir := range dirs {
			withTests := slices.ContainsFunc(byDir[dir], func(t target) bool { return strings.HasSuffix(t.file, "_test.go") })
			entries, status := run(dir, []string{"."}, withTests)
			exit = max(exit, status)
			for _, t := range byDir[dir] {
				chosen := onLine(entries, t)
				if len(chosen) == 0 && status == 0 {
					fmt.Fprintf(os.Stderr, "retrylint explain: %s: no retry site, and no loop the retry model looked at, starts on or spans this line\n", t.arg)
					exit = 1
				}
				out = append(out, chosen...)
			}
		}
	}
	slices.SortStableFunc(out, func(x, y *explained) int {
		return cmp.Or(strings.Compare(x.File, y.File), cmp.Compare(x.Line, y.Line), cmp.Compare(x.Column, y.Column))
	})
	out = slices.CompactFunc(out, func(x, y *explained) bool { return x == y })
	w := bufio.NewWriter(os.Stdout)
	if *asJSON {
		if out == nil {
			out = []*explained{}
		}
		enc := json.NewEncoder(w)
		enc.SetIndent("", "\t")
		err = enc.Encode(out)
	} else {
		writeExplained(w, out)
	}
	if err == nil {
		err = w.Flush()
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "retrylint explain: %v\n", err)
		return 1
	}
	return exit
}

// explainArgs splits the arguments into FILE:LINE targets or package
// patterns; it refuses a mix, and a file that does not exist.
func explainArgs(args []string) ([]target, []string, error) {
	var targets []target
	var patterns []string
	for _, a := range args {
		file, line, ok := fileLine(a)
		if !ok {
			patterns = append(patterns, a)
			continue
		}
		abs, err := filepath.Abs(file)
		if err != nil {
			return nil, nil, err
		}
		if st, err := os.Stat(abs); err != nil {
			return nil, nil, fmt.Errorf("%s: no such file", file)
		} else if st.IsDir() {
			return nil, nil, fmt.Errorf("%s: a folder, not a Go file", file)
		}
		targets = append(targets, target{arg: a, file: abs, line: line})
	}
	if len(targets) > 0 && len(patterns) > 0 {
		return nil, nil, fmt.Errorf("give either FILE:LINE arguments or packages, not both (%s, %s)", targets[0].arg, patterns[0])
	}
	return targets, patterns, nil
}

// fileLine reads FILE.go:LINE or FILE.go:LINE:COLUMN.
func fileLine(arg string) (string, int, bool) {
	i := strings.Index(arg, ".go:")
	if i < 0 {
		return "", 0, false
	}
	file, rest := arg[:i+len(".go")], arg[i+len(".go:"):]
	if j := strings.IndexByte(rest, ':'); j >= 0 {
		if _, err := strconv.Atoi(rest[j+1:]); err != nil {
			return "", 0, false
		}
		rest = rest[:j]
	}
	line, err := strconv.Atoi(rest)
	if err != nil || line < 1 {
		return "", 0, false
	}
	return file, line, true
}

// onLine returns the entries that start on the target's line, or else
// the innermost of those that span it.
func onLine(entries []*explained, t target) []*explained {
	var starts, spans []*explained
	for _, e := range entries {
		if e.file != t.file {
			continue
		}
		switch {
		case e.Line == t.line:
			starts = append(starts, e)
		case e.Line < t.line && t.line <= e.EndLine:
			spans = append(spans, e)
		}
	}
	if len(starts) == 0 && len(spans) == 0 {
		// The line of a finding reported at its cause, away from the site.
		for _, e := range entries {
			if slices.ContainsFunc(e.Findings, func(f explainedFinding) bool { return f.file == t.file && f.line == t.line }) {
				starts = append(starts, e)
			}
		}
	}
	if len(starts) > 0 || len(spans) == 0 {
		return starts
	}
	inner := slices.MinFunc(spans, func(x, y *explained) int { return cmp.Compare(x.EndLine-x.Line, y.EndLine-y.Line) })
	return slices.DeleteFunc(spans, func(e *explained) bool { return e.Line < inner.Line || e.EndLine > inner.EndLine })
}

// within says whether line:col lies in the entry's span.
func within(line, col int, e *explained) bool {
	after := line > e.Line || line == e.Line && col >= e.Column
	before := line < e.EndLine || line == e.EndLine && col <= e.endCol
	return after && before
}

func writeExplained(w io.Writer, out []*explained) {
	for i, e := range out {
		if i > 0 {
			fmt.Fprintln(w)
		}
		fmt.Fprintf(w, "%s:%d:%d: %s\n", e.File, e.Line, e.Column, e.Head)
		for _, st := range e.Trace {
			fmt.Fprintf(w, "  %s\n", st.Text)
		}
		switch {
		case e.Site && len(e.Findings) == 0 && e.Unreported != "":
			fmt.Fprintf(w, "  reported: nothing (%s)\n", e.Unreported)
		case e.Site && len(e.Findings) == 0:
			fmt.Fprintln(w, "  reported: nothing")
		}
		for _, f := range e.Findings {
			at := fmt.Sprintf("%d:%d", f.line, f.col)
			if f.file != e.file {
				at = f.Posn // in another file than its site
			}
			fmt.Fprintf(w, "  reported at %s: %s (%s)\n", at, f.Message, f.Check)
		}
	}
}
