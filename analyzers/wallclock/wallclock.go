package wallclock

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/clockunits"
	"github.com/retrylint/retrylint/analyzers/internal/analysisutil"
	"github.com/retrylint/retrylint/analyzers/internal/report"
	"github.com/retrylint/retrylint/analyzers/retrysite"
	"github.com/retrylint/retrylint/rules"
)

//go:embed doc.go
var doc string

// Analyzer reports units derived from the wall clock inside retried
// operations, with the builtin rules.
var Analyzer = New(retrysite.Analyzer, clockunits.Analyzer, rules.Default())

// New returns a wallclock analyzer over the sites of site and the units
// of units.
func New(site, units *analysis.Analyzer, r *rules.Rules) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:     "wallclock",
		Doc:      analysisutil.Doc(doc),
		URL:      report.URL("wallclock"),
		Requires: []*analysis.Analyzer{site, units},
		Run: func(pass *analysis.Pass) (any, error) {
			if !r.Enabled("wallclock") {
				return nil, nil
			}
			report.CheckDirectives(pass, report.Checks, r.Enabled)
			run(pass, pass.ResultOf[site].(*retrysite.Result), pass.ResultOf[units].(*clockunits.Result))
			return nil, nil
		},
	}
}

// finding is a clock read of this package that retried operations make a
// unit of.
type finding struct {
	unit    *clockunits.Unit
	op      string // the function that is the operation, or ""
	sites   []*retrysite.Site
	related []analysis.RelatedInformation
}

func run(pass *analysis.Pass, result *retrysite.Result, units *clockunits.Result) {
	var order []*ast.CallExpr
	local := map[*ast.CallExpr]*finding{}
	for _, s := range result.Sites {
		if s.Poller || s.Supervisor || s.Kind == retrysite.Client {
			// A poller's rounds and a supervisor's restarts are no retry
			// of one unit of work: a long-running loop reads the clock
			// afresh by design. A client's operation is its requests.
			continue
		}
		var found []*clockunits.Unit
		opName := ""
		if fn := s.OperationFunc(pass.TypesInfo); fn != nil {
			found = units.Of(fn)
			opName = clockunits.Name(fn)
		} else {
			found = units.In(s.Operation)
		}
		reported := map[string]bool{}
		for _, u := range found {
			if u.Clock != nil {
				f := local[u.Clock]
				if f == nil {
					f = &finding{unit: u, op: opName}
					local[u.Clock] = f
					order = append(order, u.Clock)
				}
				if !slices.Contains(f.sites, s) {
					f.sites = append(f.sites, s)
					f.related = append(f.related, analysis.RelatedInformation{Pos: s.Node.Pos(), End: s.HeadEnd(), Message: "retried by " + s.Name() + " here"})
				}
				continue
			}
			// The clock is read in another package: report at the retry.
			if reported[u.Posn] {
				continue
			}
			reported[u.Posn] = true
			via := u.Via
			if via == "" {
				via = opName
			}
			msg := fmt.Sprintf("%s runs %s again, which derives the %s from the wall clock (%s, at %s): %s", s.Name(), via, u.Noun, u.What, u.Posn, remedy(u.Noun))
			report.Report(pass, analysis.Diagnostic{Pos: s.Node.Pos(), End: s.HeadEnd(), Message: msg, Related: declared(s)})
		}
	}
	for _, clock := range order {
		f := local[clock]
		u := f.unit
		operation := "the operation that " + subject(f.sites[0]) + " runs again"
		if n := len(f.sites); n > 1 {
			operation = fmt.Sprintf("the operations that %d retries run again", n)
		}
		var where string
		switch {
		case f.op == "" && u.Via == "":
			where = "in " + operation
		case f.op == "":
			where = "in " + u.Via + ", called by " + operation
		case u.Via == "":
			where = "in " + f.op + ", " + operation
		default:
			where = "in " + u.Via + ", called by " + f.op + ", " + operation
		}
		msg := fmt.Sprintf("%s() here becomes the %s %s %s: %s", types.ExprString(clock.Fun), u.Noun, u.What, where, remedy(u.Noun))
		related := f.related
		for _, s := range f.sites {
			related = append(related, declared(s)...)
		}
		report.Report(pass, analysis.Diagnostic{Pos: clock.Pos(), End: clock.End(), Message: msg, Related: related})
	}
}

// subject names a site as the subject of a sentence.
func subject(s *retrysite.Site) string {
	if s.Kind == retrysite.Loop {
		return "the " + s.Name()
	}
	return s.Name()
}

// declared points at the directive that declares a site retried.
func declared(s *retrysite.Site) []analysis.RelatedInformation {
	if d := s.Declaration; d != nil && d.Directive != nil {
		return []analysis.RelatedInformation{{Pos: d.Directive.Pos(), End: d.Directive.End(), Message: "declared retried by " + d.By + " here"}}
	}
	return nil
}

func remedy(noun string) string {
	return fmt.Sprintf("a later attempt can compute a different %s than the first and write or read another unit; take the %s as input (a parameter, the job's args, the activity input, the schedule's logical time), computed once outside the retry", noun, noun)
}
