package onconflict

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/effects"
	"github.com/retrylint/retrylint/analyzers/internal/analysisutil"
	"github.com/retrylint/retrylint/analyzers/internal/check"
	"github.com/retrylint/retrylint/analyzers/internal/report"
	"github.com/retrylint/retrylint/analyzers/internal/sqlextract"
	"github.com/retrylint/retrylint/analyzers/retrysite"
	"github.com/retrylint/retrylint/rules"
	"github.com/retrylint/retrylint/sqlcheck"
)

//go:embed doc.go
var doc string

// Analyzer reports appending INSERTs, with the builtin rules.
var Analyzer = New(sqlextract.Analyzer, retrysite.Analyzer, effects.Analyzer, rules.Default())

// New returns an onconflict analyzer that reads the queries of extract
// and, with scope retried (the default), the retry sites of site and the
// effects of eff, which say which statements a retry's operation reaches.
func New(extract, site, eff *analysis.Analyzer, r *rules.Rules) *analysis.Analyzer {
	a := check.New("onconflict", doc, extract, r, func(pass *analysis.Pass, result *sqlextract.Result) {
		var retried func(*sqlextract.Query) *retry
		if r.OnconflictScope == "retried" {
			retried = reachedBy(pass, pass.ResultOf[site].(*retrysite.Result), pass.ResultOf[eff].(*effects.Result))
		}
		run(pass, result, retried)
	})
	a.Requires = append(a.Requires, site, eff)
	return a
}

// retry is the retry that reaches a statement, and how.
type retry struct {
	site  *retrysite.Site
	chain []effects.Hop // the calls from the operation to the statement; nil inside the operation
	body  ast.Node      // the operation's own code: a closure, a loop's body, a function of the package
}

// reachedBy returns, for a query, the first retry of the package whose
// operation runs it: in its own body (a closure, a loop's body), or
// through the calls the effects facts followed, in this package.
// Statements in other packages are reported by nonidempotent, at the
// retry: their package was analysed before the retry was seen.
func reachedBy(pass *analysis.Pass, sites *retrysite.Result, eff *effects.Result) func(*sqlextract.Query) *retry {
	reached := map[string]*retry{} // by the query call's position, as effects write it
	var direct []*retry
	pkg := pass.Pkg.Path()
	note := func(s *retrysite.Site, e *effects.Effect) {
		if e == nil || e.Class != effects.Appends || e.QueryPkg != pkg {
			return
		}
		if _, ok := reached[e.Query]; !ok {
			reached[e.Query] = &retry{site: s, chain: e.Chain}
		}
	}
	for _, s := range sites.Sites {
		if s.Poller || s.Operation == nil {
			continue // a poller is not a retry of one operation; a client's requests are not statements
		}
		r := &retry{site: s, body: s.Operation}
		direct = append(direct, r)
		if fn := s.OperationFunc(pass.TypesInfo); fn != nil {
			d := analysisutil.FuncDecl(pass, fn)
			if s.RollsBack() || d == nil || d.Body == nil {
				if !s.RollsBack() {
					note(s, eff.Func(fn)) // a transaction function passed by name: its SQL is taken to run on the transaction
				}
				r.body = nil
				continue
			}
			// A function of the package (a handler's method, a function
			// passed by name): its statements are the operation's, each
			// one reported, as in a closure.
			r.body = d.Body
		}
		ast.Inspect(r.body, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok && !s.OnTransaction(pass.TypesInfo, call) {
				note(s, eff.Calls[call])
			}
			return true
		})
	}
	return func(q *sqlextract.Query) *retry {
		for _, r := range direct {
			if op := r.body; op != nil && op.Pos() <= q.Call.Pos() && q.Call.End() <= op.End() && !r.site.OnTransaction(pass.TypesInfo, q.Call) {
				return r
			}
		}
		return reached[posn(pass, q.Call.Pos())]
	}
}

func posn(pass *analysis.Pass, pos token.Pos) string {
	p := pass.Fset.Position(pos)
	return fmt.Sprintf("%s:%d:%d", filepath.Base(p.Filename), p.Line, p.Column)
}

const (
	why    = "a second execution after a lost acknowledgement writes the rows again"
	remedy = "merge on a key from the input (ON CONFLICT (key) DO UPDATE) or replace the unit (delete then insert in one transaction)"
)

// remedyIn is the remedy in the syntax of dialect d: for a text that is
// MySQL's or SQLite's without knowing which, a form both accept.
func remedyIn(d sqlcheck.Dialect) string {
	switch d {
	case sqlcheck.MySQL:
		return "merge on a unique key from the input (INSERT ... ON DUPLICATE KEY UPDATE) or replace the unit (delete then insert in one transaction)"
	case sqlcheck.SQLite:
		return "merge on a key from the input (ON CONFLICT (key) DO UPDATE, or INSERT OR REPLACE) or replace the unit (delete then insert in one transaction)"
	case sqlcheck.MySQLOrSQLite:
		return "replace on a unique key from the input (REPLACE INTO, which MySQL and SQLite both accept) or replace the unit (delete then insert in one transaction)"
	}
	return remedy
}

func run(pass *analysis.Pass, result *sqlextract.Result, retried func(*sqlextract.Query) *retry) {
	for _, q := range result.Queries {
		var by *retry
		if retried != nil {
			by = retried(q)
		}
		if q.SQL != nil {
			unmatched(pass, q)
		}
		if retried != nil && by == nil {
			continue
		}
		related := by.related(pass)
		if q.Table != "" {
			if !result.ReplacedInTx(q, q.Table) {
				report.Report(pass, analysis.Diagnostic{Pos: q.Call.Pos(), End: q.Call.End(), Related: related,
					Message: fmt.Sprintf("%s copies rows into %s, which appends%s: %s; %s", q.Callee.Name(), q.Table, by.says(), why, remedy)})
			}
			continue
		}
		if q.SQL == nil {
			if q.Sink.Table != nil && int(*q.Sink.Table) < len(q.Call.Args) && q.Tx == nil {
				// A copy into a table named at run time appends all the
				// same; in a transaction, a delete of the same table may
				// come first, which cannot be told without the name.
				report.Report(pass, analysis.Diagnostic{Pos: q.Call.Pos(), End: q.Call.End(), Related: related,
					Message: fmt.Sprintf("%s copies rows into a table named at run time, which appends%s: %s; %s", q.Callee.Name(), by.says(), why, remedy)})
			}
			continue
		}
		for _, st := range q.SQL.Statements {
			if st.Effect != sqlcheck.Appends || st.Temp || result.ReplacedInTx(q, st.Table) {
				continue
			}
			reason := ""
			if st.Reason != "" {
				reason = " (" + st.Reason + ")"
			}
			table := displayTable(st.Table)
			if table == "a table named at run time" && q.Tx != nil {
				// In a transaction, a delete of the same table may come
				// first, which cannot be told without the name.
				continue
			}
			fix := remedyIn(q.SQL.Dialect)
			if q.Remedy != "" {
				fix = q.Remedy
			}
			report.Report(pass, analysis.Diagnostic{Pos: q.Pos(st.Offset), Related: related,
				Message: fmt.Sprintf("%s into %s appends%s%s: %s; %s", what(q, st), table, reason, by.says(), why, fix)})
		}
	}
}

// displayTable names a target table in a message: a part named at run
// time is said so.
func displayTable(table string) string {
	name, ok := sqlcheck.TableName(table)
	switch {
	case !ok:
		return "a table named at run time"
	case name != table:
		return name + " (in a schema named at run time)"
	}
	return name
}

// what names the statement: its kind, or the ORM call that runs it.
func what(q *sqlextract.Query, st sqlcheck.Statement) string {
	if q.Remedy != "" {
		return q.Callee.Name() + "'s INSERT"
	}
	return strings.ToUpper(string(st.Kind))
}

// unmatched reports an ON CONFLICT target that no key of the table
// matches, whatever the scope: the statement fails on every execution.
func unmatched(pass *analysis.Pass, q *sqlextract.Query) {
	for _, st := range q.SQL.Statements {
		if !st.Unmatched || st.Definition == nil {
			continue
		}
		cols := make([]string, len(st.Keys))
		for i, k := range st.Keys {
			cols[i] = k.Column
		}
		target := strings.Join(cols, ", ")
		report.Report(pass, analysis.Diagnostic{Pos: q.Pos(st.Offset),
			Message: fmt.Sprintf("ON CONFLICT (%s) matches no primary key or unique constraint of %s (defined at %s): the database rejects the INSERT on every execution; add a unique constraint or index on (%s), or name a key the table has",
				target, st.Definition.Name, st.Definition.Where(), target)})
	}
}

// says names the retry in the message, when there is one.
func (r *retry) says() string {
	if r == nil {
		return ""
	}
	if r.site.Kind == retrysite.Declared {
		return ", in " + r.site.Name() // the name says who retries
	}
	return ", retried by " + r.site.Name()
}

// related is the retry and the calls that lead from its operation to
// the statement.
func (r *retry) related(pass *analysis.Pass) []analysis.RelatedInformation {
	if r == nil {
		return nil
	}
	by := "retried by " + r.site.Name()
	if r.site.Kind == retrysite.Declared {
		by = r.site.Name()
	}
	out := []analysis.RelatedInformation{{Pos: r.site.Node.Pos(), Message: by}}
	return append(out, effects.Related(r.site.Node.Pos(), r.chain)...)
}
