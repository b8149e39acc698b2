package nonidempotent

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/effects"
	"github.com/retrylint/retrylint/analyzers/internal/analysisutil"
	"github.com/retrylint/retrylint/analyzers/internal/report"
	"github.com/retrylint/retrylint/analyzers/retrysite"
	"github.com/retrylint/retrylint/rules"
)

//go:embed doc.go
var doc string

// Analyzer reports non-idempotent retries, with the builtin rules.
var Analyzer = New(retrysite.Analyzer, effects.Analyzer, rules.Default())

// New returns a nonidempotent analyzer over the sites of site and the
// effects of eff.
func New(site, eff *analysis.Analyzer, r *rules.Rules) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:     "nonidempotent",
		Doc:      analysisutil.Doc(doc),
		URL:      report.URL("nonidempotent"),
		Requires: []*analysis.Analyzer{site, eff},
		Run: func(pass *analysis.Pass) (any, error) {
			if !r.Enabled("nonidempotent") {
				return nil, nil
			}
			report.CheckDirectives(pass)
			run(pass, pass.ResultOf[site].(*retrysite.Result), pass.ResultOf[eff].(*effects.Result))
			return nil, nil
		},
	}
}

var remedies = map[string]string{
	effects.Appends:    "a retry after a lost acknowledgement writes it again; replace the unit (merge on a key from the input, or delete-then-insert in one transaction), or do not retry",
	effects.Increments: "a retry after a lost acknowledgement adds again; set the value from the input instead of adding to it, or do not retry",
	effects.External:   "a retry after a lost acknowledgement does it again; send an idempotency key derived from the input, or do not retry",
}

func run(pass *analysis.Pass, sites *retrysite.Result, eff *effects.Result) {
	for _, s := range sites.Sites {
		e, via := operationEffect(pass, s, eff)
		if e == nil {
			continue
		}
		first := via
		if len(e.Chain) > 0 {
			first = e.Chain[0].Name
		}
		related := make([]analysis.RelatedInformation, len(e.Chain))
		for i, h := range e.Chain {
			related[i] = analysis.RelatedInformation{Pos: s.Node.Pos(), Message: fmt.Sprintf("%s at %s", h.Name, h.Posn)}
		}
		end := s.HeadEnd()
		report.Report(pass, analysis.Diagnostic{Pos: s.Node.Pos(), End: end, Related: related,
			Message: fmt.Sprintf("%s repeats %s, which %s: %s", s.Name(), first, e.What, remedies[e.Class])})
	}
}

// operationEffect returns the first effect of a site's operation: the
// calls of a loop's body or of a closure, or the function passed.
func operationEffect(pass *analysis.Pass, s *retrysite.Site, eff *effects.Result) (*effects.Effect, string) {
	if s.Kind == retrysite.Client {
		return clientEffect(pass, s, eff), ""
	}
	if s.Operation == nil {
		return nil, ""
	}
	if fn := s.OperationFunc(pass.TypesInfo); fn != nil {
		if e := eff.Func(fn); e != nil {
			return e, name(fn)
		}
		return nil, ""
	}
	var found *effects.Effect
	ast.Inspect(s.Operation, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && found == nil {
			found = eff.Calls[call]
		}
		return found == nil
	})
	return found, ""
}

func name(fn *types.Func) string {
	return strings.NewReplacer(fn.Pkg().Path()+".", fn.Pkg().Name()+".").Replace(rules.FuncKey(fn))
}

// clientEffect returns the first effect of the requests sent, in the same
// function, through the retrying client a site constructs: every request
// through it is retried.
func clientEffect(pass *analysis.Pass, s *retrysite.Site, eff *effects.Result) *effects.Effect {
	if s.Enclosing == nil {
		return nil
	}
	var client *types.Var
	ast.Inspect(s.Enclosing.Body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != len(as.Rhs) {
			return client == nil
		}
		for i, rhs := range as.Rhs {
			if ast.Unparen(rhs) == s.Node {
				if id, ok := as.Lhs[i].(*ast.Ident); ok {
					client, _ = pass.TypesInfo.ObjectOf(id).(*types.Var)
				}
			}
		}
		return client == nil
	})
	if client == nil {
		return nil
	}
	var found *effects.Effect
	ast.Inspect(s.Enclosing.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || found != nil {
			return found == nil
		}
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok && pass.TypesInfo.Uses[id] == client {
				found = eff.Calls[call]
			}
		}
		return found == nil
	})
	return found
}
