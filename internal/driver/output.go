package driver

import (
	"cmp"
	"encoding/json"
	"fmt"
	"go/token"
	"io"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	"golang.org/x/tools/go/analysis"
)

// Diagnostic is a diagnostic with its positions resolved, so that it
// outlives the package's syntax and can be cached. Its JSON form is the
// one go/analysis drivers print.
type Diagnostic struct {
	Category string    `json:"category,omitempty"`
	Posn     string    `json:"posn"`
	End      string    `json:"end"`
	Message  string    `json:"message"`
	Fixes    []Fix     `json:"suggested_fixes,omitempty"`
	Related  []Related `json:"related,omitempty"`

	// Start and Stop are Posn and End as positions; TextEnd is the end
	// as text output's duplicate check reads it.
	Start   Position `json:"-"`
	Stop    Position `json:"-"`
	TextEnd string   `json:"-"`
}

// A Position is a point of a file: its line and column count from 1, its
// offset (in bytes) from 0.
type Position struct {
	File                 string
	Line, Column, Offset int
}

// A Fix is a suggested fix: edits to apply together.
type Fix struct {
	Message string `json:"message"`
	Edits   []Edit `json:"edits"`
}

// An Edit replaces the bytes [Start, End) of a file with New.
type Edit struct {
	Filename string `json:"filename"`
	Start    int    `json:"start"`
	End      int    `json:"end"`
	New      string `json:"new"`
}

// Related is a diagnostic's related information.
type Related struct {
	Posn    string   `json:"posn"`
	End     string   `json:"end"`
	Message string   `json:"message"`
	Start   Position `json:"-"`
	Stop    Position `json:"-"`
}

// PackageResult is what the checks reported on one package named by the
// patterns, in the order of Options.Analyzers, or, with Failure set, why
// it was not analysed. A result with a Failure and no ID is a failure of
// no one package: a pattern that named none, or the go command's.
type PackageResult struct {
	ID      string
	Diags   map[string][]Diagnostic // by check name
	Failure *Failure
}

// A Failure is what kept a package named, or every package, from being
// analysed. The run prints it as one line, "retrylint: " and Message, after
// the compiler's errors.
type Failure struct {
	// ID is the package's, or "" for a failure that is no package's.
	ID string
	// Check is the check that failed on the package, which was
	// analysed; "" when the package was not.
	Check string
	// Message says what was not analysed and why: "example.com/m/broken
	// not analysed: it does not type-check".
	Message string
	// Errors are the errors of the package that caused the failure (the
	// package itself, or the dependency it depends on).
	Errors []Error
}

// An Error is one error of the parser, the type-checker or the go
// command in a package, at a position if it has one.
type Error struct {
	Posn    string // file:line:column, or ""
	Start   Position
	Message string
}

func (e Error) String() string {
	if e.Posn == "" {
		return e.Message
	}
	return e.Posn + ": " + e.Message
}

func position(p token.Position) Position {
	return Position{p.Filename, p.Line, p.Column, p.Offset}
}

func (r *run) diagnostic(d analysis.Diagnostic) Diagnostic {
	pos := r.fset.Position(d.Pos)
	end := r.fset.Position(cmp.Or(d.End, d.Pos))
	out := Diagnostic{
		Category: d.Category,
		Posn:     pos.String(),
		End:      end.String(),
		Message:  d.Message,
		Start:    position(pos),
		Stop:     position(end),
		TextEnd:  r.fset.Position(d.End).String(),
	}
	for _, f := range d.SuggestedFixes {
		var edits []Edit
		for _, e := range f.TextEdits {
			start := r.fset.Position(e.Pos)
			edits = append(edits, Edit{Filename: start.Filename, Start: start.Offset, End: r.fset.Position(e.End).Offset, New: string(e.NewText)})
		}
		out.Fixes = append(out.Fixes, Fix{Message: f.Message, Edits: edits})
	}
	for _, rel := range d.Related {
		p := r.fset.Position(rel.Pos)
		e := r.fset.Position(cmp.Or(rel.End, rel.Pos))
		out.Related = append(out.Related, Related{Posn: p.String(), End: e.String(), Message: rel.Message, Start: position(p), Stop: position(e)})
	}
	return out
}

// failures lists what the run could not analyse, in go list's order:
// the failures that are no package's, then one for each package named
// that was not analysed. A package and its test variants share one: the
// first of them to fail says why.
func (r *run) failures() []Failure {
	out := slices.Clone(r.fatal)
	said := map[string]bool{}
	for _, n := range r.roots {
		if !n.failed {
			continue
		}
		if n.pattern != "" {
			out = append(out, Failure{Message: n.pattern})
			continue
		}
		pkg := cmp.Or(n.p.ForTest, n.path)
		if said[pkg] {
			continue
		}
		said[pkg] = true
		c := n.culprit()
		out = append(out, Failure{ID: n.id, Message: n.id + " not analysed: " + n.reason(), Errors: c.loadErrs})
	}
	return out
}

// shadowed reports whether a package named by the patterns is left out of
// the output because another stands for it, as under go vet: a package
// whose tests are in the package is reported as its test variant, which
// holds its files and the tests', unless that variant failed; a package recompiled for another's
// tests (an intermediate variant) only gives facts.
func (r *run) shadowed(n *node) bool {
	if !n.root {
		return false
	}
	if n.uni == "" {
		// A test variant that could not be analysed (its tests do not
		// type-check without a build tag) leaves the package to speak
		// for its own files.
		v := r.byID[n.id+" ["+n.id+".test]"]
		return v != nil && v.root && !v.failed
	}
	return n.p.ForTest != n.path && n.p.ForTest+"_test" != n.path
}

// reportedID is the name of a package in the output: its import path,
// for a test variant too, as go vet names it. The run has one package
// of each name that is not shadowed.
func reportedID(n *node) string { return n.path }

// reason says why a package was not analysed: "it does not type-check".
func (n *node) reason() string {
	if c := n.culprit(); c != n {
		return "it depends on " + c.path + ", which " + c.why
	}
	return "it " + n.why
}

// print prints the errors of every package, each once (a package and its
// test variant share theirs), and a line for each failure; then, for each
// package named, what each check reported. It returns the exit status.
func (r *run) print() int {
	exit := 0
	printed := map[string]bool{}
	for _, n := range r.nodes {
		for _, e := range n.loadErrs {
			if text := e.String(); !printed[text] {
				printed[text] = true
				fmt.Fprintln(r.opt.Stderr, text)
			}
			exit = 1
		}
	}
	failures := r.failures()
	for _, f := range failures {
		fmt.Fprintln(r.opt.Stderr, "retrylint: "+f.Message)
		exit = 1
	}
	if r.opt.Report != nil {
		var results []PackageResult
		for _, f := range failures {
			results = append(results, PackageResult{ID: f.ID, Failure: &f})
		}
		for _, n := range r.roots {
			if len(n.diags) > 0 && !r.shadowed(n) {
				results = append(results, PackageResult{ID: reportedID(n), Diags: n.diags})
			}
		}
		for _, n := range r.nodes {
			if r.shadowed(n) {
				continue
			}
			for _, e := range n.errs {
				fmt.Fprintln(r.opt.Stderr, e)
				exit = 1
				check, msg, _ := strings.Cut(e, ": ")
				results = append(results, PackageResult{ID: reportedID(n), Failure: &Failure{ID: reportedID(n), Check: check, Message: msg}})
			}
		}
		if err := r.opt.Report(results); err != nil {
			fmt.Fprintln(r.opt.Stderr, err)
			return 1
		}
		return exit
	}
	if r.opt.JSON {
		tree := map[string]map[string]any{}
		for _, n := range r.nodes {
			failed := n.root && n.failed && n.pattern == ""
			if len(n.errs) == 0 && (!n.root || len(n.diags) == 0) && !failed || r.shadowed(n) {
				continue
			}
			m := map[string]any{}
			if failed {
				// go/analysis's tree has an error under each analyzer
				// that could not run: here the checks asked for.
				for _, a := range r.opt.Analyzers {
					m[a.Name] = struct {
						Err string `json:"error"`
					}{"not analysed: " + n.reason()}
				}
			}
			for _, e := range n.errs {
				name, msg, _ := strings.Cut(e, ": ")
				m[name] = struct {
					Err string `json:"error"`
				}{msg}
			}
			if n.root {
				for name, diags := range n.diags {
					if len(diags) > 0 {
						m[name] = diags
					}
				}
			}
			if len(m) > 0 {
				tree[reportedID(n)] = m
			}
		}
		data, err := json.MarshalIndent(tree, "", "\t")
		if err != nil {
			fmt.Fprintln(r.opt.Stderr, err)
			return 1
		}
		fmt.Fprintf(r.opt.Stdout, "%s\n", data)
		return exit
	}
	type seenKey struct{ posn, end, analyzer, message string }
	seen := map[seenKey]bool{}
	found := false
	var out strings.Builder
	for _, n := range r.nodes {
		if r.shadowed(n) {
			continue
		}
		for _, e := range n.errs {
			fmt.Fprintln(&out, e)
			exit = 1
		}
	}
	// The go/analysis checker's order: check by check, and within a
	// check, package by package.
	for _, a := range r.opt.Analyzers {
		for _, n := range r.roots {
			if r.shadowed(n) {
				continue
			}
			for _, d := range n.diags[a.Name] {
				k := seenKey{d.Posn, d.TextEnd, a.Name, d.Message}
				if seen[k] {
					continue
				}
				seen[k] = true
				found = true
				r.printPlain(&out, a.Name, d)
			}
		}
	}
	io.WriteString(r.opt.Stderr, out.String())
	if exit == 0 && found {
		exit = 3
	}
	return exit
}

// printPlain prints a diagnostic, ended by the name of the check that
// reported it (the name a //retrylint:ignore directive takes), and its
// related information, each with the lines around it when asked.
func (r *run) printPlain(w io.Writer, check string, d Diagnostic) {
	fmt.Fprintf(w, "%s: %s (%s)\n", d.Posn, d.Message, check)
	r.context(w, d.Start, d.Stop)
	for _, rel := range d.Related {
		fmt.Fprintf(w, "%s: \t%s\n", rel.Posn, rel.Message)
		r.context(w, rel.Start, rel.Stop)
	}
}

func (r *run) context(w io.Writer, start, stop Position) {
	c := r.opt.Context
	if c < 0 {
		return
	}
	data, _ := os.ReadFile(start.File)
	lines := strings.Split(string(data), "\n")
	for i := start.Line - c; i <= stop.Line+c; i++ {
		if 1 <= i && i <= len(lines) {
			fmt.Fprintf(w, "%d\t%s\n", i, lines[i-1])
		}
	}
}

// progress shows packages done of the total on one line of a terminal,
// once a run has taken long enough for it to help.
type progress struct {
	mu      sync.Mutex
	w       io.Writer
	n       int
	total   int
	started time.Time
	last    time.Time
}

func newProgress(w io.Writer, total int) *progress {
	return &progress{w: w, total: total, started: time.Now()}
}

func (p *progress) done() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.n++
	if now := time.Now(); now.Sub(p.started) >= 500*time.Millisecond && now.Sub(p.last) >= 100*time.Millisecond {
		p.last = now
		fmt.Fprintf(p.w, "\rretrylint: %d/%d packages", p.n, p.total)
	}
}

func (p *progress) finish() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.last.IsZero() {
		fmt.Fprint(p.w, "\r\033[K")
	}
}
