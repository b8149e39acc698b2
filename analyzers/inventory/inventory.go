package inventory

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/types"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/effects"
	"github.com/retrylint/retrylint/analyzers/internal/analysisutil"
	"github.com/retrylint/retrylint/analyzers/internal/report"
	"github.com/retrylint/retrylint/analyzers/internal/sqlextract"
	"github.com/retrylint/retrylint/analyzers/retrysite"
	"github.com/retrylint/retrylint/rules"
)

//go:embed doc.go
var doc string

// Category is the category of the inventory's diagnostics.
const Category = "inventory"

// Analyzer lists retry sites with the builtin rules.
var Analyzer = New(retrysite.Analyzer, effects.Analyzer, sqlextract.Analyzer, rules.Default())

// New returns an inventory analyzer over the sites of site, the effects
// of eff and the queries of extract (the one eff reads).
func New(site, eff, extract *analysis.Analyzer, r *rules.Rules) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:     "inventory",
		Doc:      analysisutil.Doc(doc),
		URL:      "https://github.com/retrylint/retrylint/blob/main/docs/inventory.md",
		Requires: []*analysis.Analyzer{site, eff, extract},
		Run: func(pass *analysis.Pass) (any, error) {
			l := &lister{
				pass:    pass,
				rules:   r,
				eff:     pass.ResultOf[eff].(*effects.Result),
				queries: map[*ast.CallExpr]*sqlextract.Query{},
				decls:   map[*types.Func]*ast.FuncDecl{},
			}
			l.extract = pass.ResultOf[extract].(*sqlextract.Result)
			for _, q := range l.extract.Queries {
				l.queries[q.Call] = q
			}
			l.run(pass.ResultOf[site].(*retrysite.Result))
			return nil, nil
		},
		FactTypes: []analysis.Fact{new(ScheduleFact)},
	}
}

// lister is the state of one pass.
type lister struct {
	pass    *analysis.Pass
	rules   *rules.Rules
	eff     *effects.Result
	extract *sqlextract.Result
	queries map[*ast.CallExpr]*sqlextract.Query
	decls   map[*types.Func]*ast.FuncDecl
	helpers map[*types.Func]*ScheduleFact // the schedules of the package's helpers
}

func (l *lister) run(result *retrysite.Result) {
	for _, f := range l.pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				if fn, ok := l.pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
					l.decls[fn] = fd
				}
			}
		}
	}
	l.exportSchedules(result.Sites)
	if !l.rules.IncludeTestSupport && report.TestSupport(l.pass.Pkg) {
		// A test-support package's retries are not the product's policy,
		// as a test's are not; the schedules of its helpers, exported
		// above, still serve the callers that list theirs.
		return
	}
	for _, s := range result.Sites {
		row := Row{
			Package:    l.pass.Pkg.Path(),
			Function:   funcName(l.pass, s.Enclosing),
			Mechanism:  l.mechanism(s),
			Operation:  l.operation(s),
			Classified: tri(s.Policy.Classified),
			Jitter:     tri(s.Policy.Jitter),
			Attempts:   Attempts{Capped: tri(s.Policy.Attempts)},
			Elapsed:    Elapsed{Capped: tri(s.Policy.Elapsed)},
			Cancel:     tri(s.Policy.Cancel),
		}
		sched := l.schedule(s)
		sched.fill(&row, s.Policy)
		l.pass.Report(analysis.Diagnostic{Pos: s.Node.Pos(), End: s.HeadEnd(), Category: Category, Message: encode(row)})
	}
}

func tri(t retrysite.Tri) string {
	switch t {
	case retrysite.Yes:
		return "yes"
	case retrysite.No:
		return "no"
	}
	return "unknown"
}

// funcName names a declared function as the inventory does: F, (T).M or
// (*T).M.
func funcName(pass *analysis.Pass, d *ast.FuncDecl) string {
	if d == nil {
		return ""
	}
	fn, ok := pass.TypesInfo.Defs[d.Name].(*types.Func)
	if !ok {
		return d.Name.Name
	}
	recv := fn.Type().(*types.Signature).Recv()
	if recv == nil {
		return fn.Name()
	}
	t := recv.Type()
	ptr := ""
	if p, ok := t.(*types.Pointer); ok {
		t, ptr = p.Elem(), "*"
	}
	name := types.TypeString(t, func(*types.Package) string { return "" })
	if i := strings.IndexByte(name, '['); i >= 0 {
		name = name[:i] // a generic receiver: its type parameters say nothing here
	}
	return fmt.Sprintf("(%s%s).%s", ptr, name, fn.Name())
}

// mechanism says how a site retries.
func (l *lister) mechanism(s *retrysite.Site) Mechanism {
	m := Mechanism{Name: s.Name()}
	if s.Callee != nil && s.Kind != retrysite.Loop && s.Kind != retrysite.Redelivery {
		m.Name = funcLabel(s.Callee)
	}
	switch s.Kind {
	case retrysite.Library:
		m.Kind = "library"
	case retrysite.Client:
		m.Kind = "client"
		if s.Callee == nil {
			if lit, ok := s.Node.(*ast.CompositeLit); ok {
				m.Callee = types.TypeString(l.pass.TypesInfo.TypeOf(lit), nil)
			}
		}
	case retrysite.Helper:
		m.Kind = "helper"
	case retrysite.Redelivery:
		m.Kind = "redelivery"
	case retrysite.Framework, retrysite.Transaction:
		m.Kind = s.Kind.String()
		m.Name += " (" + s.Framework + ")"
	case retrysite.Declared:
		m.Kind = "declared"
		m.Name = fmt.Sprintf("%s (declared %s)", s.Declaration.By, s.Declaration.Where)
	default:
		m.Kind = "loop"
		if _, ok := s.Node.(*ast.CallExpr); ok {
			m.Kind = "recursion"
		}
	}
	if s.Callee != nil {
		m.Callee = rules.FuncKey(s.Callee)
	}
	switch {
	case s.Poller:
		m.Shape = "poller"
	case s.Supervisor:
		m.Shape = "supervisor"
	case s.BestEffort:
		m.Shape = "best-effort"
	}
	return m
}

// posn writes a position as effects' witness chains do: file.go:12:9.
func (l *lister) posn(n ast.Node) string {
	p := l.pass.Fset.Position(n.Pos())
	return fmt.Sprintf("%s:%d:%d", filepath.Base(p.Filename), p.Line, p.Column)
}
