package nonidempotent

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/types"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

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
			report.CheckDirectives(pass, report.Checks, r.Enabled)
			c := &checker{pass: pass, rules: r, eff: pass.ResultOf[eff].(*effects.Result)}
			c.run(pass.ResultOf[site].(*retrysite.Result))
			return nil, nil
		},
	}
}

var remedies = map[string]string{
	effects.Appends:    "a retry after a lost acknowledgement writes it again; replace the unit (merge on a key from the input, or delete-then-insert in one transaction), or do not retry",
	effects.Increments: "a retry after a lost acknowledgement adds again; set the value from the input instead of adding to it, or do not retry",
	effects.External:   "a retry after a lost acknowledgement does it again; send an idempotency key derived from the input, or do not retry",
}

// anyMethodRemedy follows the message of a retry that re-sends its
// caller's requests.
const anyMethodRemedy = "a retry after a lost response sends a POST or PATCH again; retry only idempotent methods, or set an idempotency key derived from the input"

// anyCommandRemedy follows the message of a retry that re-sends its
// caller's commands.
const anyCommandRemedy = "a retry after a lost reply runs a write the server already applied again; retry only commands known to be idempotent (reads), or only failures before the command was written"

// rollbackRemedy follows the message of a retried transaction whose
// function has an effect off the transaction (%s: the effect's call).
const rollbackRemedy = "the transaction's statements roll back, %s does not; move it after the commit, or key it by the input"

type checker struct {
	pass  *analysis.Pass
	rules *rules.Rules
	eff   *effects.Result
	decls map[*types.Func]*ast.FuncDecl
}

func (c *checker) run(sites *retrysite.Result) {
	pass := c.pass
	for _, m := range sites.Malformed {
		report.Report(pass, analysis.Diagnostic{Pos: m.Node.Pos(), End: m.Node.End(), Message: m.Message})
	}
	for _, s := range sites.Sites {
		if s.Poller {
			continue // not a retry of one operation: only its waits are judged
		}
		if s.Kind == retrysite.Framework && s.Policy.Attempts == retrysite.Unknown {
			continue // options not known here may make one attempt
		}
		if s.AfterRefusal {
			continue // each attempt follows an answer that says the last did not act
		}
		if c.gated(s) {
			continue // the helper retries only what its caller declares idempotent (gates.go)
		}
		e, via := c.operationEffect(s)
		if e == nil {
			continue
		}
		first := via
		if len(e.Chain) > 0 {
			first = e.Chain[0].Name
		}
		related := effects.Related(s.Node.Pos(), e.Chain)
		if d := s.Declaration; d != nil && d.Directive != nil {
			related = append(related, analysis.RelatedInformation{Pos: d.Directive.Pos(), End: d.Directive.End(), Message: "declared retried by " + d.By + " here"})
		}
		msg := fmt.Sprintf("%s repeats %s, which %s: %s", s.Name(), first, e.What, remedies[e.Class])
		if s.RollsBack() {
			msg = fmt.Sprintf("%s repeats %s, which %s: %s", s.Name(), first, e.What, fmt.Sprintf(rollbackRemedy, first))
		}
		if e.Class == effects.AnyMethod {
			if c.methodLimited(s) || c.keyed(s) {
				continue
			}
			msg = fmt.Sprintf("%s re-sends requests of any method through %s, POST included, with no idempotency key: %s", s.Name(), first, anyMethodRemedy)
		}
		if e.Class == effects.AnyCommand {
			msg = fmt.Sprintf("%s re-sends commands of any kind through %s, which %s its caller built, non-idempotent ones (an increment, a push, a publish) included: %s", s.Name(), first, e.What, anyCommandRemedy)
		}
		report.Report(pass, analysis.Diagnostic{Pos: s.Node.Pos(), End: s.HeadEnd(), Related: related, Message: msg})
	}
}

// operationEffect returns the first effect of a site's operation: the
// calls of a loop's body or of a closure, or the function passed. A
// caller's request or command re-sent (AnyMethod, AnyCommand) comes after
// any other effect.
func (c *checker) operationEffect(s *retrysite.Site) (*effects.Effect, string) {
	if s.Kind == retrysite.Client {
		return c.clientEffect(s), ""
	}
	if s.Operation == nil {
		return nil, ""
	}
	if fn := s.OperationFunc(c.pass.TypesInfo); fn != nil {
		e := c.eff.Func(fn)
		if s.RollsBack() && e != nil && e.QueryPkg != "" {
			// A transaction function passed by name: its SQL is taken to
			// run on the transaction it is given; what it does beyond
			// SQL is not rolled back.
			e = c.eff.Beyond(fn)
		}
		if e != nil && !c.onconflicts(e) {
			return e, name(fn)
		}
		return nil, ""
	}
	var found []*effects.Effect
	ast.Inspect(s.Operation, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			e := c.eff.Calls[call]
			if e != nil && c.rolledBack(s, call, e) {
				e = c.beyond(call)
			}
			if e != nil && c.eff.StableKey(e, s.Operation) {
				e = nil // its key is made once, before the retry: every attempt sends it
			}
			if e != nil && !c.onconflicts(e) {
				found = append(found, e)
			}
		}
		return true
	})
	return effects.Preferred(found), ""
}

// onconflicts reports whether an effect is an SQL append in this
// package: onconflict reports it at the statement, with the retry, so
// that one defect is reported once. An append in another package is
// this check's: that package was analysed before any retry of it was
// seen.
func (c *checker) onconflicts(e *effects.Effect) bool {
	return e.Class == effects.Appends && e.QueryPkg == c.pass.Pkg.Path() && c.rules.Enabled("onconflict")
}

func name(fn *types.Func) string {
	return strings.NewReplacer(fn.Pkg().Path()+".", fn.Pkg().Name()+".").Replace(rules.FuncKey(fn))
}

// rolledBack says whether an effect of a call in the operation of a
// retried transaction is SQL run on the transaction: the next attempt
// starts after its rollback.
func (c *checker) rolledBack(s *retrysite.Site, call *ast.CallExpr, e *effects.Effect) bool {
	return s.RollsBack() && e.QueryPkg != "" && s.OnTransaction(c.pass.TypesInfo, call)
}

// beyond returns the effect of a call on the transaction that is not
// SQL: what its callee does after its statements (beyond.go in effects).
func (c *checker) beyond(call *ast.CallExpr) *effects.Effect {
	fn, _ := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
	if fn == nil || fn.Pkg() == nil {
		return nil
	}
	b := c.eff.Beyond(fn)
	if b == nil || b.QueryPkg != "" {
		return nil
	}
	p := c.pass.Fset.Position(call.Pos())
	hop := effects.Hop{Name: name(fn), Posn: fmt.Sprintf("%s:%d:%d", filepath.Base(p.Filename), p.Line, p.Column)}
	return &effects.Effect{Class: b.Class, What: b.What, Chain: append([]effects.Hop{hop}, b.Chain...)}
}
