package retrysite

import (
	"go/ast"
	"go/types"
	"maps"

	"golang.org/x/tools/go/types/typeutil"
)

// A retry loop can hand its attempt counter to the function of its
// package that runs one attempt, which waits first, for a delay computed
// from that counter (if attempt > 0 { sleep(backoff(attempt)) }), and
// then does the work; the loop goes round on what the function returns,
// its error or a verdict beside it (retry, err := c.attempt(ctx, cmd,
// n); if err == nil || !retry { return err }). The wait is the callee's:
// its delay is read in the callee's body, where the finding goes, and the
// verdict it returns, not the loop, tells the errors apart.

// attemptWaits returns the waits of the function of this package that a
// call in a loop's body calls with one of the loop's counters, when that
// function waits, outside any loop or function literal of its own, on a
// delay that depends on the counter's parameter, before any other call
// that can fail.
func (a *analyzer) attemptWaits(l *loop, call *ast.CallExpr) []*Delay {
	fn := typeutil.StaticCallee(a.pass.TypesInfo, call)
	if fn == nil || fn.Pkg() != a.pass.Pkg {
		return nil
	}
	d := a.decls[fn.Origin()]
	if d == nil || d.Body == nil {
		return nil
	}
	param := a.counterParam(l, call, d)
	if param == nil {
		return nil
	}
	var out []*Delay
	cancels := false
	for _, st := range d.Body.List {
		var waits []*Delay
		works := false
		ast.Inspect(st, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit, *ast.ForStmt, *ast.RangeStmt, *ast.GoStmt, *ast.DeferStmt:
				return false
			case *ast.SelectStmt:
				cancels = cancels || a.contextClause(n)
			case *ast.CallExpr:
				if w := a.waitOf(n); w != nil {
					if a.mentions(w.Expr, map[*types.Var]bool{param: true}) {
						w.Via = call
						w.eval = a.evaluator(d)
						waits = append(waits, w)
					}
					return false
				}
				if returnsError(a.pass.TypesInfo, n) {
					works = true
				}
			}
			return true
		})
		if len(waits) > 0 && !works {
			out = append(out, a.blocking(d.Body, waits)...)
			break
		}
		if works {
			break // the work comes first: a wait after it is not between attempts
		}
	}
	for _, w := range out {
		w.cancels = cancels
	}
	return out
}

// counterParam returns the callee's parameter that a call passes one of
// the loop's counters in, or nil.
func (a *analyzer) counterParam(l *loop, call *ast.CallExpr, d *ast.FuncDecl) *types.Var {
	counters := maps.Clone(a.counters(l))
	if fs, ok := l.node.(*ast.ForStmt); ok {
		if as, ok := fs.Init.(*ast.AssignStmt); ok {
			for _, lhs := range as.Lhs {
				if id, ok := lhs.(*ast.Ident); ok {
					if v, ok := a.pass.TypesInfo.ObjectOf(id).(*types.Var); ok && isNumeric(v.Type()) {
						counters[v] = true // for attempt := 0; ...; attempt++
					}
				}
			}
		}
	}
	var params []*types.Var
	for _, f := range d.Type.Params.List {
		for _, name := range f.Names {
			v, _ := a.pass.TypesInfo.Defs[name].(*types.Var)
			params = append(params, v)
		}
		if len(f.Names) == 0 {
			params = append(params, nil)
		}
	}
	for i, arg := range call.Args {
		id, ok := ast.Unparen(arg).(*ast.Ident)
		if !ok || i >= len(params) || params[i] == nil {
			continue
		}
		if v, ok := a.pass.TypesInfo.Uses[id].(*types.Var); ok && counters[v] {
			return params[i]
		}
	}
	return nil
}

// returnsError says whether a call returns an error: an attempt's work.
func returnsError(info *types.Info, call *ast.CallExpr) bool {
	t := info.TypeOf(call.Fun)
	if t == nil {
		return false
	}
	sig, ok := t.Underlying().(*types.Signature)
	if !ok {
		return false
	}
	for i := range sig.Results().Len() {
		if isErrorType(sig.Results().At(i).Type()) {
			return true
		}
	}
	return false
}

// attemptVerdict says whether the loop goes round on the verdict of a
// function it waits in through its attempt counter: it assigns a boolean
// result of that call and tests it.
func (a *analyzer) attemptVerdict(l *loop, delays []*Delay) bool {
	vias := map[*ast.CallExpr]bool{}
	for _, w := range delays {
		if w.Via != nil {
			vias[w.Via] = true
		}
	}
	if len(vias) == 0 {
		return false
	}
	verdicts := map[*types.Var]bool{}
	walkLoop(l.body, func(n ast.Node) {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Rhs) != 1 || len(as.Lhs) < 2 {
			return
		}
		if call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr); !ok || !vias[call] {
			return
		}
		for _, lhs := range as.Lhs {
			if id, ok := ast.Unparen(lhs).(*ast.Ident); ok {
				if v, ok := a.pass.TypesInfo.ObjectOf(id).(*types.Var); ok && isBoolType(v.Type()) {
					verdicts[v] = true
				}
			}
		}
	})
	found := false
	walkLoop(l.body, func(n ast.Node) {
		if ifs, ok := n.(*ast.IfStmt); ok && !found && a.mentions(ifs.Cond, verdicts) {
			found = true
		}
	})
	return len(verdicts) > 0 && found
}
