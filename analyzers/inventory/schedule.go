package inventory

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"math"
	"time"

	"github.com/retrylint/retrylint/analyzers/internal/localvars"
	"github.com/retrylint/retrylint/analyzers/retrysite"
)

// schedule is what the inventory knows of a site's numbers: its
// attempt and elapsed-time caps, and its worst-case total wait.
type schedule struct {
	attempts int64         // most attempts, the first included; 0 if not known
	elapsed  time.Duration // the elapsed-time cap; 0 if not known
	wait     time.Duration // the worst-case total wait, when known
	known    bool          // wait is known
	how      string        // how wait was computed, or why it is not known
}

func unknownSchedule(why string) schedule { return schedule{how: why} }

// fill writes the schedule's numbers into a row, where the site's policy
// agrees that the cap they belong to holds.
func (s schedule) fill(row *Row, p retrysite.Policy) {
	if p.Attempts == retrysite.Yes && s.attempts > 0 {
		row.Attempts.Max = s.attempts
	}
	if p.Elapsed == retrysite.Yes && s.elapsed > 0 {
		row.Elapsed.Max = duration(s.elapsed)
	}
	switch {
	case p.Attempts == retrysite.No && p.Elapsed == retrysite.No:
		row.WorstWait = WorstWait{Status: "unbounded", How: "no attempt or elapsed-time cap: it waits until the operation succeeds"}
		if p.Cancel == retrysite.Yes {
			row.WorstWait.How += " or the retry is cancelled"
		}
	case s.known && (p.Attempts == retrysite.Yes || p.Elapsed == retrysite.Yes):
		row.WorstWait = WorstWait{Status: "known", Max: duration(s.wait), How: s.how}
	default:
		how := s.how
		if how == "" || s.known {
			how = "the site's caps are not known"
		}
		row.WorstWait = WorstWait{Status: "unknown", How: how}
	}
}

// schedule computes a site's numbers.
func (l *lister) schedule(s *retrysite.Site) schedule {
	switch s.Kind {
	case retrysite.Loop:
		switch s.Node.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			return l.loopSchedule(s)
		}
		return unknownSchedule("a retry by recursion or goto: its attempts are not counted")
	case retrysite.Library:
		return l.librarySchedule(s)
	case retrysite.Helper:
		return l.helperSchedule(s)
	case retrysite.Client:
		return l.librarySchedule(s)
	case retrysite.Declared:
		return schedule{attempts: int64(s.Declaration.Attempts), how: "a declared retry: its waits are the orchestrator's"}
	case retrysite.Framework, retrysite.Transaction:
		return unknownSchedule("a framework's retry: its waits are the framework's")
	}
	return unknownSchedule("a redelivery: its waits are its queue's")
}

// varOf returns the variable an identifier names, or nil.
func (l *lister) varOf(x ast.Expr) *types.Var {
	id, ok := ast.Unparen(x).(*ast.Ident)
	if !ok {
		return nil
	}
	if v, ok := l.pass.TypesInfo.Defs[id].(*types.Var); ok {
		return v
	}
	v, _ := l.pass.TypesInfo.Uses[id].(*types.Var)
	return v
}

// assignedIn says whether n assigns v, changes it by ++ or --, or takes
// its address.
func (l *lister) assignedIn(v *types.Var, n ast.Node) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		switch m := m.(type) {
		case *ast.AssignStmt:
			for _, lhs := range m.Lhs {
				if l.varOf(lhs) == v {
					found = true
				}
			}
		case *ast.IncDecStmt:
			if l.varOf(m.X) == v {
				found = true
			}
		case *ast.UnaryExpr:
			if m.Op == token.AND && l.varOf(m.X) == v {
				found = true
			}
		}
		return !found
	})
	return found
}

// intConst returns the value of an integer expression that the
// evaluator finds to be one value.
func (l *lister) intConst(scope *localvars.Scope, x ast.Expr) (int64, bool) {
	iv, ok := (&evaluator{l: l, scope: scope}).eval(x)
	if !ok || !iv.isPoint() {
		return 0, false
	}
	c := truncate(iv.lo)
	if c.Kind() != constant.Int {
		return 0, false
	}
	return constant.Int64Val(c)
}

// durationConst is intConst for a time.Duration.
func (l *lister) durationConst(scope *localvars.Scope, x ast.Expr) (time.Duration, bool) {
	if !isDuration(l.pass.TypesInfo.TypeOf(x)) {
		return 0, false
	}
	v, ok := l.intConst(scope, x)
	return time.Duration(v), ok
}

// addressTaken says whether the file that declares v takes its address:
// localvars records every assignment, in closures too, and &v is the one
// way left to change v.
func (l *lister) addressTaken(v *types.Var) bool {
	for _, f := range l.pass.Files {
		if f.Pos() <= v.Pos() && v.Pos() <= f.End() {
			found := false
			ast.Inspect(f, func(m ast.Node) bool {
				if u, ok := m.(*ast.UnaryExpr); ok && u.Op == token.AND && l.varOf(u.X) == v {
					found = true
				}
				return !found
			})
			return found
		}
	}
	return true
}

func isDuration(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "time" && n.Obj().Name() == "Duration"
}

// isFunc says whether call calls the package-level function pkg.name.
func isFunc(info *types.Info, call *ast.CallExpr, pkg, name string) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	fn, ok := info.Uses[sel.Sel].(*types.Func)
	return ok && fn.Pkg() != nil && fn.Pkg().Path() == pkg && fn.Name() == name
}

// addDuration adds, saturating.
func addDuration(x, y time.Duration) time.Duration {
	if x > math.MaxInt64-y {
		return math.MaxInt64
	}
	return x + y
}

// mulDuration multiplies; ok is false on overflow.
func mulDuration(d time.Duration, n int64) (time.Duration, bool) {
	if n != 0 && d > time.Duration(math.MaxInt64/n) {
		return 0, false
	}
	return d * time.Duration(n), true
}
