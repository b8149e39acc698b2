package inventory

import (
	"fmt"
	"go/ast"
	"go/types"
	"strings"
	"time"

	"github.com/retrylint/retrylint/analyzers/retrysite"
)

// ScheduleFact carries the numbers of a retry helper's own retry to the
// calls of the helper: its attempt and elapsed-time caps and its
// worst-case wait, when they are constants that no argument changes.
type ScheduleFact struct {
	Attempts int64 // 0: not known
	Elapsed  int64 // nanoseconds; 0: not known
	Wait     int64 // nanoseconds, when Known
	Known    bool
	How      string
}

func (*ScheduleFact) AFact() {}

func (f *ScheduleFact) String() string {
	if !f.Known {
		return fmt.Sprintf("schedule(attempts=%d elapsed=%s wait=unknown: %s)", f.Attempts, time.Duration(f.Elapsed), f.How)
	}
	return fmt.Sprintf("schedule(attempts=%d elapsed=%s wait=%s: %s)", f.Attempts, time.Duration(f.Elapsed), time.Duration(f.Wait), f.How)
}

// exportSchedules exports the schedule of each function of the package
// that retries one of its function-typed parameters (a helper): the
// schedule of the site that retries it, or why it is not known. Helpers
// that call helpers of the package are found round after round.
func (l *lister) exportSchedules(sites []*retrysite.Site) {
	l.helpers = map[*types.Func]*ScheduleFact{}
	// A helper that calls a helper of this package waits for that one's
	// schedule, round after round; what is left waits no more.
	for final := false; ; {
		grown := false
		for _, s := range sites {
			fn := l.funcOf(s.Enclosing)
			if fn == nil || l.helpers[fn] != nil || !l.retriesParam(s) {
				continue
			}
			if s.Kind == retrysite.Helper && s.Callee != nil && s.Callee.Pkg() == l.pass.Pkg && l.helpers[s.Callee.Origin()] == nil && !final {
				continue
			}
			sched := l.schedule(s)
			f := &ScheduleFact{Attempts: sched.attempts, Elapsed: int64(sched.elapsed), Wait: int64(sched.wait), Known: sched.known, How: sched.how}
			if s.Policy.Attempts != retrysite.Yes {
				f.Attempts = 0
			}
			if s.Policy.Elapsed != retrysite.Yes {
				f.Elapsed = 0
			}
			l.helpers[fn] = f
			grown = true
		}
		if final {
			break
		}
		final = !grown
	}
	for fn, f := range l.helpers {
		l.pass.ExportObjectFact(fn, f)
	}
}

func (l *lister) funcOf(d *ast.FuncDecl) *types.Func {
	if d == nil {
		return nil
	}
	fn, _ := l.pass.TypesInfo.Defs[d.Name].(*types.Func)
	return fn
}

// retriesParam says whether a site retries a function-typed parameter of
// its function, and takes its numbers from none of them: what makes its
// function a helper whose calls have the site's numbers.
func (l *lister) retriesParam(s *retrysite.Site) bool {
	if s.Operation == nil || s.Enclosing == nil || s.Policy.Param >= 0 || s.Policy.ClassifierParam >= 0 {
		return false
	}
	if s.Kind == retrysite.Helper && s.Helper != nil && s.Helper.PolicyParam >= 0 {
		return false
	}
	params := map[*types.Var]bool{}
	for _, field := range s.Enclosing.Type.Params.List {
		for _, name := range field.Names {
			if v, ok := l.pass.TypesInfo.Defs[name].(*types.Var); ok {
				if _, isFunc := v.Type().Underlying().(*types.Signature); isFunc {
					params[v] = true
				}
			}
		}
	}
	// As retrysite finds helpers: in a closure (func() error { return
	// op() }) only a call of the parameter is the operation; in a loop's
	// body or a function value, any use of it.
	called := map[*ast.Ident]bool{}
	_, isLit := s.Operation.(*ast.FuncLit)
	if isLit {
		ast.Inspect(s.Operation, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
					called[id] = true
				}
			}
			return true
		})
	}
	found := false
	ast.Inspect(s.Operation, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && (!isLit || called[id]) {
			if v := l.varOf(id); v != nil && params[v] {
				found = true
			}
		}
		return !found
	})
	return found
}

// helperSchedule is the schedule of a call of a helper: the helper's, by
// its fact, when the call passes it no policy.
func (l *lister) helperSchedule(s *retrysite.Site) schedule {
	if s.Callee == nil {
		return unknownSchedule("the helper is called through a variable")
	}
	if s.Helper != nil && s.Helper.PolicyParam >= 0 {
		return unknownSchedule("the caller passes the helper its policy")
	}
	fn := s.Callee.Origin()
	f := l.helpers[fn]
	if f == nil && fn.Pkg() != l.pass.Pkg {
		var imported ScheduleFact
		if l.pass.ImportObjectFact(fn, &imported) {
			f = &imported
		}
	}
	if f == nil {
		return unknownSchedule("the helper's numbers are not known")
	}
	how := f.How
	if how != "" && !strings.HasPrefix(how, "the helper's: ") {
		how = "the helper's: " + how
	}
	return schedule{attempts: f.Attempts, elapsed: time.Duration(f.Elapsed), wait: time.Duration(f.Wait), known: f.Known, how: how}
}
