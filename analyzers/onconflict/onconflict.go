package onconflict

import (
	_ "embed"
	"fmt"
	"strings"

	"golang.org/x/tools/go/analysis"

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
var Analyzer = New(sqlextract.Analyzer, retrysite.Analyzer, rules.Default())

// New returns an onconflict analyzer that reads the queries of extract
// and, with scope retried, the retry sites of site.
func New(extract, site *analysis.Analyzer, r *rules.Rules) *analysis.Analyzer {
	a := check.New("onconflict", doc, extract, r, func(pass *analysis.Pass, result *sqlextract.Result) {
		var retried func(*sqlextract.Query) bool
		if r.OnconflictScope == "retried" {
			retried = inOperation(pass.ResultOf[site].(*retrysite.Result))
		}
		run(pass, result, retried)
	})
	a.Requires = append(a.Requires, site)
	return a
}

// inOperation says whether a query is run inside a retry site's operation
// in its own function: a closure passed to a retry, or a retry loop's
// body. Queries reached from a retry through other functions are
// reported by nonidempotent, at the retry.
func inOperation(sites *retrysite.Result) func(*sqlextract.Query) bool {
	return func(q *sqlextract.Query) bool {
		for _, s := range sites.Sites {
			if s.Poller {
				continue // not a retry of one operation: only its waits are judged
			}
			if op := s.Operation; op != nil && op.Pos() <= q.Call.Pos() && q.Call.End() <= op.End() {
				return true
			}
		}
		return false
	}
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

func run(pass *analysis.Pass, result *sqlextract.Result, retried func(*sqlextract.Query) bool) {
	for _, q := range result.Queries {
		if retried != nil && !retried(q) {
			continue
		}
		if q.Table != "" {
			if !result.ReplacedInTx(q, q.Table) {
				report.Report(pass, analysis.Diagnostic{Pos: q.Call.Pos(), End: q.Call.End(),
					Message: fmt.Sprintf("%s copies rows into %s, which appends: %s; %s", q.Callee.Name(), q.Table, why, remedy)})
			}
			continue
		}
		if q.SQL == nil {
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
			table := st.Table
			if strings.Contains(table, "%") || strings.HasPrefix(table, "fmtarg") {
				table = "a table named at run time"
			}
			report.Report(pass, analysis.Diagnostic{Pos: q.Pos(st.Offset),
				Message: fmt.Sprintf("%s into %s appends%s: %s; %s", strings.ToUpper(string(st.Kind)), table, reason, why, remedyIn(q.SQL.Dialect))})
		}
	}
}
