// Package report is how every retrylint check reports: it gives each
// diagnostic the URL of the check's page in docs/ and the check's name as
// its category, and it drops the diagnostics a //retrylint:ignore
// directive suppresses.
//
// A directive names the checks it silences and says why the retry is safe:
//
//	//retrylint:ignore nojitter the peer rate-limits us; a fixed delay is fine
//	//retrylint:ignore nojitter,unbounded <reason>
//	//retrylint:ignore all <reason>
//
// It applies to its own line, or, standing alone on its line, to the line
// below. The reason is required: a directive without one suppresses
// nothing and is itself reported, as is a directive that names no check
// or a name that is no check (see CheckDirectives). The reason ends
// before a word that starts with "//", so that a directive can carry a
// trailing comment.
//
// Nothing is reported in a _test.go file, nor, unless the configuration
// says test-support: include, in a package that exists for tests (see
// TestSupport).
package report

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/token"
	"runtime"
	"slices"
	"strings"
	"sync"
	"weak"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/rules"
)

// docsBase is where the checks' pages live; each page is <name>.md.
const docsBase = "https://github.com/retrylint/retrylint/blob/main/docs/checks/"

// URL is the address of the documentation page of a check.
func URL(check string) string { return docsBase + check + ".md" }

// prefix starts a directive. Like //go: directives it has no space after
// the slashes, so that prose mentioning it is not mistaken for one.
const prefix = "//retrylint:ignore"

// directive is one parsed //retrylint:ignore comment.
type directive struct {
	pos    token.Pos // of the comment
	line   int       // of the comment, in its file, before //line adjustment
	alone  bool      // nothing but blanks precede it on its line
	checks []string  // the check names, or "all"
	reason string
}

// names reports whether the directive names check.
func (d *directive) names(check string) bool {
	for _, c := range d.checks {
		if c == check || c == "all" {
			return true
		}
	}
	return false
}

// covers reports whether the directive applies to a diagnostic on line.
func (d *directive) covers(line int) bool {
	return d.line == line || d.alone && d.line == line-1
}

// fileDirectives caches the directives of the files of one pass. It holds
// no reference to the pass, so that the pass can be collected (see For).
type fileDirectives struct {
	mu    sync.Mutex
	files map[*ast.File][]*directive
	// testSupport: the pass reports in a test-support package (set
	// before its run by Configure, when the configuration says so).
	testSupport bool
}

// cache maps a pass, weakly held, to its directives: the simple
// Report(pass, d) form then parses each file once per pass too, and the
// entry goes when the pass does.
var cache sync.Map // weak.Pointer[analysis.Pass] -> *fileDirectives

// A Reporter reports the diagnostics of one pass.
type Reporter struct {
	pass  *analysis.Pass
	cache *fileDirectives
}

// For returns the Reporter of pass. A check may keep it for its run or
// call For again: every Reporter of a pass shares one parse per file.
func For(pass *analysis.Pass) *Reporter {
	key := weak.Make(pass)
	if v, ok := cache.Load(key); ok {
		return &Reporter{pass, v.(*fileDirectives)}
	}
	v, loaded := cache.LoadOrStore(key, &fileDirectives{files: map[*ast.File][]*directive{}})
	if !loaded {
		runtime.AddCleanup(pass, func(key weak.Pointer[analysis.Pass]) { cache.Delete(key) }, key)
	}
	return &Reporter{pass, v.(*fileDirectives)}
}

// Report reports d through pass, unless a directive suppresses it. See
// Reporter.Report.
func Report(pass *analysis.Pass, d analysis.Diagnostic) { For(pass).Report(d) }

// Report fills in d's URL and Category where they are empty (the check's
// page in docs/, the check's name) and reports it, unless it is in a
// _test.go file or a test-support package (a retry in a test, or in the
// code that serves tests, harms no production dependency) or a
// //retrylint:ignore directive with a reason names the check on d's line
// or alone on the line above.
func (r *Reporter) Report(d analysis.Diagnostic) {
	check := r.pass.Analyzer.Name
	if r.Ignored(check, d.Pos) {
		return
	}
	if d.URL == "" {
		d.URL = URL(check)
	}
	if d.Category == "" {
		d.Category = check
	}
	r.pass.Report(d)
}

// Ignored says whether check's diagnostic at pos would be dropped: pos is
// in a _test.go file, the pass's package is a test-support package whose
// findings the configuration leaves out, or a directive with a reason
// names the check on its line or alone on the line above. A pass that
// records, for a check that reports later (a join at the end of a run),
// what would be reported at pos asks it first.
func (r *Reporter) Ignored(check string, pos token.Pos) bool {
	if tf := r.pass.Fset.File(pos); tf != nil && strings.HasSuffix(tf.Name(), "_test.go") {
		return true
	}
	if r.SilentPackage() {
		return true
	}
	if f := r.fileOf(pos); f != nil {
		line := r.pass.Fset.PositionFor(pos, false).Line
		for _, dir := range r.directives(f) {
			if dir.reason != "" && dir.names(check) && dir.covers(line) {
				return true
			}
		}
	}
	return false
}

// SilentPackage says whether the pass's package reports nothing: a
// test-support package, unless the configuration includes them.
func (r *Reporter) SilentPackage() bool {
	return !r.includesTestSupport() && TestSupport(r.pass.Pkg)
}

// includesTestSupport says whether the pass reports in a test-support
// package.
func (r *Reporter) includesTestSupport() bool {
	r.cache.mu.Lock()
	defer r.cache.mu.Unlock()
	return r.cache.testSupport
}

// Configure returns run, the Run of an analyzer built with r, with the
// settings of r that say what its passes report: with test-support:
// include, their Reporters report in test-support packages too. Every
// analyzer whose passes report, or record what a later join reports,
// needs it; without it, they report as the builtin rules say.
func Configure(r *rules.Rules, run func(*analysis.Pass) (any, error)) func(*analysis.Pass) (any, error) {
	if !r.IncludeTestSupport {
		return run
	}
	return func(pass *analysis.Pass) (any, error) {
		rep := For(pass)
		rep.cache.mu.Lock()
		rep.cache.testSupport = true
		rep.cache.mu.Unlock()
		return run(pass)
	}
}

// InOrder returns run with the diagnostics it reports handed on in the
// order of their positions: file name, line and column, then end, then
// message. A check reports in the order it finds things, and the order of
// token.Pos across the files of a package is the order in which the
// loader, which parses them in parallel, happened to add them to the file
// set: without this, two runs on the same code print differently.
func InOrder(run func(*analysis.Pass) (any, error)) func(*analysis.Pass) (any, error) {
	return func(pass *analysis.Pass) (any, error) {
		report := pass.Report
		var diags []analysis.Diagnostic
		pass.Report = func(d analysis.Diagnostic) { diags = append(diags, d) }
		result, err := run(pass)
		pass.Report = report
		byPosition := func(x, y token.Pos) int {
			p, q := pass.Fset.Position(x), pass.Fset.Position(y)
			return cmp.Or(strings.Compare(p.Filename, q.Filename), cmp.Compare(p.Line, q.Line), cmp.Compare(p.Column, q.Column))
		}
		slices.SortStableFunc(diags, func(x, y analysis.Diagnostic) int {
			return cmp.Or(byPosition(x.Pos, y.Pos), byPosition(cmp.Or(x.End, x.Pos), cmp.Or(y.End, y.Pos)), strings.Compare(x.Message, y.Message))
		})
		for _, d := range diags {
			report(d)
		}
		return result, err
	}
}

// Checks are the names a directive may give, besides "all": the checks,
// sorted. A test of the analyzers package keeps it equal to theirs.
var Checks = []string{"catchall", "executionkey", "nojitter", "nonidempotent", "onconflict", "unbounded", "wallclock"}

// CheckDirectives reports the //retrylint:ignore directives that silence
// nothing. Each check calls it once per run; checks are the names a
// directive may give, and enabled says which checks run.
//
// A directive that names the pass's check but gives no reason is
// reported by that check. A directive that names no check, or a name that
// is no check (a misspelling silences nothing), is reported by one check
// only: the first of checks that runs.
func CheckDirectives(pass *analysis.Pass, checks []string, enabled func(check string) bool) {
	For(pass).CheckDirectives(checks, enabled)
}

// CheckDirectives: see the function of the same name.
func (r *Reporter) CheckDirectives(checks []string, enabled func(check string) bool) {
	check := r.pass.Analyzer.Name
	first := slices.IndexFunc(checks, enabled)
	owner := first >= 0 && checks[first] == check
	report := func(pos token.Pos, msg string) {
		r.pass.Report(analysis.Diagnostic{Pos: pos, Category: check, URL: URL(check), Message: msg})
	}
	for _, f := range r.pass.Files {
		for _, dir := range r.directives(f) {
			if owner && len(dir.checks) == 0 {
				report(dir.pos, "retrylint:ignore names no check, so it silences nothing: //retrylint:ignore <check> <why this retry is safe>")
				continue
			}
			if owner {
				for _, name := range dir.checks {
					if name != "all" && !slices.Contains(checks, name) {
						report(dir.pos, fmt.Sprintf("retrylint:ignore names no check %q%s, so it silences nothing", name, nearest(name, checks)))
					}
				}
			}
			if dir.reason == "" && dir.names(check) {
				report(dir.pos, "retrylint:ignore needs a reason: //retrylint:ignore <check> <why this retry is safe>")
			}
		}
	}
}

// nearest names the check closest to a misspelt name, or lists them all.
func nearest(name string, checks []string) string {
	if best := rules.Nearest(name, append([]string{"all"}, checks...)); best != "" {
		return fmt.Sprintf(" (did you mean %s?)", best)
	}
	return fmt.Sprintf(" (checks: all, %s)", strings.Join(checks, ", "))
}

// fileOf returns the file of the pass that holds pos, or nil.
func (r *Reporter) fileOf(pos token.Pos) *ast.File {
	for _, f := range r.pass.Files {
		if f.FileStart <= pos && pos <= f.FileEnd {
			return f
		}
	}
	return nil
}

// directives returns the directives of f, parsing them on first use.
func (r *Reporter) directives(f *ast.File) []*directive {
	r.cache.mu.Lock()
	defer r.cache.mu.Unlock()
	dirs, ok := r.cache.files[f]
	if !ok {
		dirs = parse(r.pass.Fset, f)
		r.cache.files[f] = dirs
	}
	return dirs
}

// parse finds the directives of f.
func parse(fset *token.FileSet, f *ast.File) []*directive {
	var dirs []*directive
	for _, group := range f.Comments {
		for _, c := range group.List {
			rest, ok := strings.CutPrefix(c.Text, prefix)
			if !ok || rest != "" && rest[0] != ' ' && rest[0] != '\t' {
				continue // not ours, or a longer word such as //retrylint:ignored
			}
			fields := strings.Fields(rest)
			for i, field := range fields {
				if strings.HasPrefix(field, "//") { // a trailing comment
					fields = fields[:i]
					break
				}
			}
			dir := &directive{pos: c.Pos(), line: fset.PositionFor(c.Pos(), false).Line}
			if len(fields) > 0 {
				dir.checks = strings.Split(fields[0], ",")
				dir.reason = strings.Join(fields[1:], " ")
			}
			dirs = append(dirs, dir)
		}
	}
	if len(dirs) > 0 {
		markAlone(fset, f, dirs)
	}
	return dirs
}

// markAlone sets alone on the directives that no code precedes on their
// line. Code on a line shows as a node that starts there, or ends there
// (a closing "})" starts no node), before the comment.
func markAlone(fset *token.FileSet, f *ast.File, dirs []*directive) {
	column := map[int]int{} // line -> column of the directive on it
	for _, d := range dirs {
		column[d.line] = fset.PositionFor(d.pos, false).Column
	}
	codeBefore := map[int]bool{}
	seen := func(pos token.Pos) {
		if !pos.IsValid() {
			return
		}
		p := fset.PositionFor(pos, false)
		if col, ok := column[p.Line]; ok && p.Column < col {
			codeBefore[p.Line] = true
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n.(type) {
		case nil, *ast.Comment, *ast.CommentGroup:
			return false
		}
		seen(n.Pos())
		if end := n.End(); end.IsValid() {
			seen(end - 1)
		}
		return true
	})
	for _, d := range dirs {
		d.alone = !codeBefore[d.line]
	}
}
