package nojitter

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/retrylint/retrylint/analyzers/internal/analysisutil"
	"github.com/retrylint/retrylint/analyzers/internal/check"
	"github.com/retrylint/retrylint/analyzers/internal/report"
	"github.com/retrylint/retrylint/analyzers/retrysite"
	"github.com/retrylint/retrylint/rules"
)

//go:embed doc.go
var doc string

// Analyzer reports backoff without jitter, with the builtin rules.
var Analyzer = New(retrysite.Analyzer, rules.Default())

// New returns a nojitter analyzer that reads the sites of site.
func New(site *analysis.Analyzer, r *rules.Rules) *analysis.Analyzer {
	return check.New("nojitter", doc, site, r, run)
}

const why = "clients that failed together retry together, in step, against a dependency that is already failing"

func run(pass *analysis.Pass, result *retrysite.Result) {
	reported := map[token.Pos]bool{}
	emit := func(d analysis.Diagnostic) {
		if !reported[d.Pos] {
			reported[d.Pos] = true
			report.Report(pass, d)
		}
	}
	// A backoff function of this package is reported once, at its
	// declaration, not at each retry that takes its delays.
	for _, b := range result.Backoffs {
		emit(backoffDiagnostic(pass, b))
	}
	backoffUse := func(s *retrysite.Site, cause *retrysite.Cause) {
		switch b := cause.Backoff; {
		case b.Node != nil:
			emit(backoffDiagnostic(pass, b))
		case !b.Reported:
			emit(remoteBackoffDiagnostic(pass, s, cause))
		}
	}
	for _, s := range result.Sites {
		switch s.Kind {
		case retrysite.Declared:
			// The orchestrator's delays are its configuration, not code.
		case retrysite.Framework, retrysite.Transaction:
			// The framework's delays are its own: the user cannot
			// randomise them.
		case retrysite.Loop, retrysite.Redelivery:
			if op := s.Policy.AtOnce; op != nil && len(s.Delays) == 0 {
				emit(analysis.Diagnostic{Pos: s.Node.Pos(), End: s.HeadEnd(),
					Message: fmt.Sprintf("%s goes round at once when %s fails, with no wait between attempts: %s; wait a random, growing delay before each retry (full jitter: rand.N(d))",
						s.Name(), analysisutil.Short(pass, op.Fun), why)})
				continue
			}
			for _, d := range s.Delays {
				if d.Jitter != retrysite.No {
					continue
				}
				if d.Cause != nil && d.Cause.Backoff != nil {
					backoffUse(s, d.Cause)
					continue
				}
				if d.Cause != nil {
					emit(configDiagnostic(pass, s, d.Cause))
					continue
				}
				emit(loopDiagnostic(pass, s, d))
			}
		case retrysite.Helper:
			// The helper's own site reports what it decides; its caller is
			// reported only for the backoff it passes in.
			if s.Helper.PolicyParam < 0 || s.Policy.Jitter != retrysite.No || s.Policy.JitterCause == nil {
				continue
			}
			if s.Policy.JitterCause.Backoff != nil {
				backoffUse(s, s.Policy.JitterCause)
				continue
			}
			emit(configDiagnostic(pass, s, s.Policy.JitterCause))
		default:
			if s.Policy.Jitter != retrysite.No {
				continue
			}
			cause := s.Policy.JitterCause
			if cause != nil && cause.Backoff != nil {
				backoffUse(s, cause)
				continue
			}
			if cause == nil {
				cause = &retrysite.Cause{Node: s.Node}
			}
			emit(configDiagnostic(pass, s, cause))
		}
	}
}

func inPackage(pass *analysis.Pass, n ast.Node) bool {
	return analysisutil.File(pass, n.Pos()) != nil
}

// configDiagnostic reports a library configuration without jitter, at the
// configuration.
func configDiagnostic(pass *analysis.Pass, s *retrysite.Site, cause *retrysite.Cause) analysis.Diagnostic {
	node := cause.Node
	if !inPackage(pass, node) {
		node = s.Node
	}
	remedy := "add a random component to the delay"
	if cause.Remedy != "" {
		remedy = cause.Remedy
	}
	var fixes []analysis.SuggestedFix
	if fix := analysisutil.RuleFix(pass, cause.Fix, node, cause.Library); fix != nil && node == cause.Node {
		remedy = strings.ToLower(fix.Message[:1]) + fix.Message[1:]
		fixes = append(fixes, *fix)
	}
	var msg string
	if node == s.Node {
		msg = fmt.Sprintf("%s retries with no jitter: %s; %s", s.Name(), why, remedy)
	} else {
		what := cause.Label
		if what == "" {
			what = analysisutil.Describe(pass, node)
		}
		msg = fmt.Sprintf("%s gives the retry at line %d no jitter: %s; %s",
			what, pass.Fset.Position(s.Node.Pos()).Line, why, remedy)
	}
	return analysis.Diagnostic{Pos: node.Pos(), End: node.End(), Message: msg, SuggestedFixes: fixes}
}

// backoffDiagnostic reports a backoff function of this package without
// jitter at its declaration, with the retries that use it as related
// information.
func backoffDiagnostic(pass *analysis.Pass, b *retrysite.Backoff) analysis.Diagnostic {
	end := b.Node.End()
	switch n := b.Node.(type) {
	case *ast.FuncDecl:
		end = n.Type.End()
	case *ast.FuncLit:
		end = n.Type.End()
	}
	d := analysis.Diagnostic{Pos: b.Node.Pos(), End: end,
		Message: fmt.Sprintf("%s computes delays with no jitter: %s; randomise each delay (full jitter: rand.N(d))", b.Name, why)}
	if b.Unless != "" {
		d.Message = fmt.Sprintf("%s computes delays with no jitter unless %s is set: %s; randomise the default delays (full jitter: rand.N(d))", b.Name, b.Unless, why)
	}
	for i, use := range b.Uses {
		if i == 3 {
			break
		}
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: use.Pos(), End: use.End(), Message: "used as a retry delay here"})
	}
	return d
}

// remoteBackoffDiagnostic reports, where a retry uses it, another
// package's backoff function without jitter that its own package does not
// report.
func remoteBackoffDiagnostic(pass *analysis.Pass, s *retrysite.Site, cause *retrysite.Cause) analysis.Diagnostic {
	node := cause.Node
	if !inPackage(pass, node) {
		node = s.Node
	}
	return analysis.Diagnostic{Pos: node.Pos(), End: node.End(),
		Message: fmt.Sprintf("%s computes the delays of the retry at line %d with no jitter: %s; randomise each delay it returns (full jitter: rand.N(d))",
			cause.Backoff.Name, pass.Fset.Position(s.Node.Pos()).Line, why)}
}

// loopDiagnostic reports a hand-written delay without jitter, at the
// delay, with full jitter as the fix.
func loopDiagnostic(pass *analysis.Pass, s *retrysite.Site, d *retrysite.Delay) analysis.Diagnostic {
	var msg string
	switch tv := pass.TypesInfo.Types[d.Expr]; {
	case d.Growing:
		msg = fmt.Sprintf("%s backs off by %s with no jitter: %s; randomise each delay (full jitter: rand.N(d))", s.Name(), analysisutil.Short(pass, d.Expr), why)
	case tv.Value != nil:
		msg = fmt.Sprintf("%s waits a fixed %s between attempts with no jitter: %s; randomise the delay (full jitter: rand.N(d))", s.Name(), analysisutil.Short(pass, d.Expr), why)
	default:
		msg = fmt.Sprintf("%s waits %s between attempts with no jitter: %s; randomise the delay (full jitter: rand.N(d))", s.Name(), analysisutil.Short(pass, d.Expr), why)
	}
	diag := analysis.Diagnostic{Pos: d.Expr.Pos(), End: d.Expr.End(), Message: msg}
	if tickerPeriod(pass, d) {
		// A ticker's period drawn once is no jitter between its ticks,
		// and rand.N may draw 0, which NewTicker refuses: no fix.
		return diag
	}
	if fix := fullJitter(pass, d.Expr); fix != nil {
		diag.SuggestedFixes = []analysis.SuggestedFix{*fix}
	}
	return diag
}

// universal says whether name, at pos, is the builtin of that name:
// nothing declared in the package or around pos hides it.
func universal(pass *analysis.Pass, pos token.Pos, name string) bool {
	scope := pass.Pkg.Scope().Innermost(pos)
	if scope == nil {
		scope = pass.Pkg.Scope()
	}
	_, obj := scope.LookupParent(name, pos)
	return obj == types.Universe.Lookup(name)
}

// tickerPeriod says whether a delay is the period of a ticker
// (time.NewTicker(d)) that paces the loop.
func tickerPeriod(pass *analysis.Pass, d *retrysite.Delay) bool {
	fn, ok := typeutil.Callee(pass.TypesInfo, d.Wait).(*types.Func)
	return ok && fn.Pkg() != nil && fn.Pkg().Path() == "time" && fn.Name() == "NewTicker"
}

// fullJitter wraps a delay in rand.N from math/rand/v2, under the name
// the file imports it by, or imports it: as rand, or, when something
// in the file or its package is already called rand (crypto/rand, a
// variable), under a name nothing is called.
func fullJitter(pass *analysis.Pass, delay ast.Expr) *analysis.SuggestedFix {
	f := analysisutil.File(pass, delay.Pos())
	if f == nil {
		return nil
	}
	name := analysisutil.ImportName(pass, f, randV2)
	var edits []analysis.TextEdit
	switch name {
	case ".":
		return nil // its N is a bare name, which another may hide
	case "", "_":
		name = freeName(pass, f, "rand", "mathrand", "randv2")
		if name == "" {
			return nil
		}
		edit, ok := addImport(pass, f, name)
		if !ok {
			return nil
		}
		edits = append(edits, edit)
	}
	// rand.N panics on 0 and below: a delay that is not a constant may
	// be 0 (a setting left unset), so it is drawn from at least 1ns.
	open, end := name+".N(", ")"
	if tv := pass.TypesInfo.Types[delay]; tv.Value == nil {
		if !universal(pass, delay.Pos(), "max") {
			return nil // max is another's name here
		}
		open, end = name+".N(max(", ", 1))"
	}
	edits = append(edits,
		analysis.TextEdit{Pos: delay.Pos(), End: delay.Pos(), NewText: []byte(open)},
		analysis.TextEdit{Pos: delay.End(), End: delay.End(), NewText: []byte(end)})
	return &analysis.SuggestedFix{Message: "Add full jitter", TextEdits: edits}
}

const randV2 = "math/rand/v2"

// freeName returns the first of names that no identifier of the file
// spells and the package does not declare: an import under it can
// neither clash nor be hidden, and every fix in the file picks the same.
func freeName(pass *analysis.Pass, f *ast.File, names ...string) string {
	used := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			used[id.Name] = true
		}
		return true
	})
	for _, spec := range f.Imports {
		if spec.Name == nil {
			if pkg, ok := pass.TypesInfo.Implicits[spec].(*types.PkgName); ok {
				used[pkg.Name()] = true
			}
		}
	}
	for _, name := range names {
		if !used[name] && pass.Pkg.Scope().Lookup(name) == nil {
			return name
		}
	}
	return ""
}

func isCgo(s ast.Spec) bool { return s.(*ast.ImportSpec).Path.Value == `"C"` }

// addImport adds math/rand/v2 to the file's first import declaration as
// one line, leaving the others where they are: among the standard
// library's imports, before the first that sorts after it, or after the
// last; a lone import "x" becomes a block of the two. Under a name other
// than rand the import is named.
func addImport(pass *analysis.Pass, f *ast.File, name string) (analysis.TextEdit, bool) {
	spec := strconv.Quote(randV2)
	if name != "rand" {
		spec = name + " " + spec
	}
	var decl *ast.GenDecl
	for _, d := range f.Decls {
		// import "C" keeps its cgo preamble only alone.
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.IMPORT && !slices.ContainsFunc(g.Specs, isCgo) {
			decl = g
			break
		}
	}
	switch {
	case decl == nil || len(decl.Specs) == 0:
		return analysis.TextEdit{}, false
	case !decl.Lparen.IsValid():
		// import "time" becomes a block of two.
		other := analysisutil.Source(pass, decl.Specs[0])
		lines := []string{spec, other}
		if path := decl.Specs[0].(*ast.ImportSpec).Path.Value; path < strconv.Quote(randV2) {
			lines = []string{other, spec}
		}
		return analysis.TextEdit{Pos: decl.Pos(), End: decl.End(), NewText: []byte("import (\n\t" + strings.Join(lines, "\n\t") + "\n)")}, true
	}
	line := func(p token.Pos) int { return pass.Fset.Position(p).Line }
	tf := pass.Fset.File(decl.Pos())
	// Each spec on a line of its own, and the parentheses on others: a
	// line can then go in between.
	for i, s := range decl.Specs {
		if line(s.Pos()) == line(decl.Lparen) || line(s.End()) == line(decl.Rparen) ||
			i > 0 && line(s.Pos()) == line(decl.Specs[i-1].End()) {
			return analysis.TextEdit{}, false
		}
	}
	standard := func(s ast.Spec) bool {
		path, err := strconv.Unquote(s.(*ast.ImportSpec).Path.Value)
		first, _, _ := strings.Cut(path, "/")
		return err == nil && !strings.Contains(first, ".")
	}
	content, ok := analysisutil.Content(pass, tf)
	if !ok {
		return analysis.TextEdit{}, false
	}
	// indent is the white space a spec's line starts with.
	indent := func(s ast.Spec) string {
		return string(content[tf.Offset(tf.LineStart(line(s.Pos()))):tf.Offset(s.Pos())])
	}
	at := func(s ast.Spec, text string) (analysis.TextEdit, bool) {
		start := tf.LineStart(line(s.Pos()))
		return analysis.TextEdit{Pos: start, End: start, NewText: []byte(text)}, true
	}
	// The first group of standard imports: specs on consecutive lines.
	first, last := -1, -1
	for i, s := range decl.Specs {
		if first < 0 {
			if standard(s) {
				first, last = i, i
			}
			continue
		}
		if !standard(s) || line(s.Pos()) != line(decl.Specs[i-1].End())+1 {
			break
		}
		last = i
	}
	if first < 0 {
		// No standard import: a group of its own before the others.
		return at(decl.Specs[0], indent(decl.Specs[0])+spec+"\n\n")
	}
	for i := first; i <= last; i++ {
		s := decl.Specs[i]
		if s.(*ast.ImportSpec).Path.Value > strconv.Quote(randV2) {
			return at(s, indent(s)+spec+"\n")
		}
	}
	s := decl.Specs[last]
	next := tf.LineStart(line(s.End()) + 1)
	return analysis.TextEdit{Pos: next, End: next, NewText: []byte(indent(s) + spec + "\n")}, true
}
