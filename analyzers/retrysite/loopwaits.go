package retrysite

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/retrylint/retrylint/analyzers/internal/failedge"
)

// Which of a retry loop's waits are backoffs: not a timer that bounds a
// send, not a delay the peer asked for, not the wait of a loop whose
// attempts reach no dependency.

// deadlines are the timers of a loop that bound a send: select { case ch
// <- msg: case <-timer.C: drop }. They time the work out; they do not
// pause between attempts.
func (a *analyzer) deadlines(l *loop) map[*ast.CallExpr]bool {
	out := map[*ast.CallExpr]bool{}
	timers := map[types.Object]bool{}
	walkLoop(l.body, func(n ast.Node) {
		sel, ok := n.(*ast.SelectStmt)
		if !ok {
			return
		}
		sends := false
		for _, c := range sel.Body.List {
			if _, ok := c.(*ast.CommClause).Comm.(*ast.SendStmt); ok {
				sends = true
			}
		}
		if !sends {
			return
		}
		for _, c := range sel.Body.List {
			es, ok := c.(*ast.CommClause).Comm.(*ast.ExprStmt)
			if !ok {
				continue
			}
			u, ok := ast.Unparen(es.X).(*ast.UnaryExpr)
			if !ok || u.Op != token.ARROW {
				continue
			}
			switch ch := ast.Unparen(u.X).(type) {
			case *ast.CallExpr:
				out[ch] = true // <-time.After(d)
			case *ast.SelectorExpr:
				if id, ok := ast.Unparen(ch.X).(*ast.Ident); ok && ch.Sel.Name == "C" {
					timers[a.pass.TypesInfo.ObjectOf(id)] = true
				}
			}
		}
	})
	if len(timers) == 0 {
		return out
	}
	walkLoop(l.body, func(n ast.Node) {
		switch n := n.(type) {
		case *ast.CallExpr: // timer.Reset(d)
			if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok {
				if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok && timers[a.pass.TypesInfo.ObjectOf(id)] {
					out[n] = true
				}
			}
		case *ast.AssignStmt: // timer := time.NewTimer(d)
			for i, lhs := range n.Lhs {
				if id, ok := ast.Unparen(lhs).(*ast.Ident); ok && timers[a.pass.TypesInfo.ObjectOf(id)] && i < len(n.Rhs) {
					if call, ok := ast.Unparen(n.Rhs[i]).(*ast.CallExpr); ok {
						out[call] = true
					}
				}
			}
		}
	})
	return out
}

// serverPaced says whether a delay is one the peer asked for: a value
// named for the Retry-After header, directly or through a local variable
// any assignment of which is one (in max(retryAfter, own), a floor the
// peer may set).
func (a *analyzer) serverPaced(e *evaluator, x ast.Expr, depth int) bool {
	return a.pacedBy(e, x, depth, false)
}

// serverPacedAlways is serverPaced through a local variable every
// assignment of which is the peer's: wait := delay, then wait =
// retryAfter only when the server sent one, is the client's own backoff
// the other times.
func (a *analyzer) serverPacedAlways(e *evaluator, x ast.Expr) bool {
	return a.pacedBy(e, x, 0, true)
}

func (a *analyzer) pacedBy(e *evaluator, x ast.Expr, depth int, every bool) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		var name string
		switch n := n.(type) {
		case *ast.Ident:
			name = n.Name
			if v, ok := a.pass.TypesInfo.Uses[n].(*types.Var); ok && depth < 2 && !v.IsField() {
				defs := e.scope.Defs[v]
				paced := every && len(defs) > 0
				for _, d := range defs {
					p := a.pacedBy(e, d.Expr, depth+1, every)
					if every && !p {
						paced = false
					}
					if !every && p {
						paced = true
					}
				}
				found = found || paced
			}
		case *ast.BasicLit:
			name = n.Value
		}
		if k := strings.ToLower(strings.NewReplacer("-", "", "_", "").Replace(name)); strings.Contains(k, "retryafter") {
			found = true
		}
		return !found
	})
	return found
}

// localAttempts says whether the attempts of a loop reach no dependency
// (localCall): the operation whose failure the definition says takes it
// round, or else every call whose error the loop assigns.
func (a *analyzer) localAttempts(l *loop) bool {
	if def, ok := a.definition(l.node); ok && def.Op.IsValid() {
		var op *ast.CallExpr
		ast.Inspect(l.node, func(n ast.Node) bool {
			if c, ok := n.(*ast.CallExpr); ok && (c.Lparen == def.Op || c.Pos() == def.Op) {
				op = c
			}
			return op == nil
		})
		if op != nil {
			if fn := calleeOf(a.pass.TypesInfo, op); fn != nil && a.localCall(fn, 0) {
				return true
			}
		}
	}
	n := 0
	local := true
	walkLoop(l.body, func(node ast.Node) {
		as, ok := node.(*ast.AssignStmt)
		if !ok || len(as.Rhs) != 1 {
			return
		}
		call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
		if !ok {
			return
		}
		assignsError := false
		for _, lhs := range as.Lhs {
			if id, ok := ast.Unparen(lhs).(*ast.Ident); ok {
				if v, ok := a.pass.TypesInfo.ObjectOf(id).(*types.Var); ok && types.Identical(v.Type(), types.Universe.Lookup("error").Type()) {
					assignsError = true
				}
			}
		}
		if !assignsError {
			return
		}
		n++
		if fn := calleeOf(a.pass.TypesInfo, call); fn == nil || !a.localCall(fn, 0) {
			local = false
		}
	})
	return n > 0 && local
}

// localCall says whether a call of fn reaches no dependency: the rules
// say so (a file, a lock file, a listener), or fn is a function of this
// package that makes such calls and no other call that can fail (a
// createLockfile that opens and writes a file). A call through an
// interface, or of another package the rules do not name, may reach
// anything.
func (a *analyzer) localCall(fn *types.Func, depth int) bool {
	fn = fn.Origin()
	if a.rules.IsLocal(fn) {
		return true
	}
	d := a.decls[fn]
	if d == nil || d.Body == nil || depth > 3 {
		return false
	}
	if local, ok := a.locals[fn]; ok {
		return local
	}
	if a.locals == nil {
		a.locals = map[*types.Func]bool{}
	}
	a.locals[fn] = false // a recursion is not shown local by itself
	local, calls := true, 0
	ast.Inspect(d.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || !local {
			return local
		}
		if !returnsError(a.pass.TypesInfo, call) {
			return true
		}
		calls++
		if callee := calleeOf(a.pass.TypesInfo, call); callee == nil || !a.localCall(callee, depth+1) {
			local = false
		}
		return true
	})
	// A function that calls nothing that can fail says nothing of where
	// its failures come from.
	local = local && calls > 0
	a.locals[fn] = local
	return local
}

// pauseWords name calls that may pause: a loop that makes one may wait
// in it, however the model reads it.
var pauseWords = []string{"wait", "sleep", "backoff", "delay", "pause", "throttle", "limit"}

// atOnce returns the call of the operation a loop with no wait goes
// round on, when the definition calls the loop a retry on that call's
// failure (not on a refusal the service answered), the call reaches
// another process, and nothing in the loop may pause: no select, no
// receive, no call whose name speaks of waiting. Otherwise nil, and why
// not.
func (a *analyzer) atOnce(l *loop) (*ast.CallExpr, string) {
	def, ok := a.definition(l.node)
	if !ok {
		return nil, "the definition did not see the loop"
	}
	if def.Kind != failedge.Retry || !def.Op.IsValid() {
		return nil, "no operation the definition found retried"
	}
	if def.Refusal {
		return nil, "each attempt follows a refusal the service answered"
	}
	if r, ok := l.node.(*ast.RangeStmt); ok && r.Key != nil {
		if _, count := a.pass.TypesInfo.TypeOf(r.X).Underlying().(*types.Basic); !count {
			// for _, addr := range servers: each round takes the next
			// element (a server, a database name), a failover walk.
			return nil, fmt.Sprintf("each round takes the next element of %s: a walk over candidates", short(r.X))
		}
	}
	if x := a.indexedWalk(l.node); x != nil {
		return nil, fmt.Sprintf("each round takes the next element, %s: a walk over candidates", short(x))
	}
	var op *ast.CallExpr
	ast.Inspect(l.node, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok && (c.Lparen == def.Op || c.Pos() == def.Op) {
			op = c
		}
		return op == nil
	})
	if op == nil {
		return nil, "no operation the definition found retried"
	}
	if fn := calleeOf(a.pass.TypesInfo, op); fn == nil || !a.reachesProcess(fn) {
		return nil, fmt.Sprintf("%s reaches no other process the model knows of", short(op.Fun))
	}
	if p := a.mayPause(l.node); p != nil {
		return nil, fmt.Sprintf("it may pause in %s", short(p))
	}
	return op, ""
}

// indexedWalk returns, for a counted for loop (for i := 0; i < n; i++),
// an element its body assigns by the counter (nc.current = pool[i]):
// each round works on the next candidate. Nil otherwise.
func (a *analyzer) indexedWalk(loop ast.Node) ast.Expr {
	fs, ok := loop.(*ast.ForStmt)
	if !ok || fs.Post == nil {
		return nil
	}
	inc, ok := fs.Post.(*ast.IncDecStmt)
	if !ok {
		return nil
	}
	id, ok := ast.Unparen(inc.X).(*ast.Ident)
	if !ok {
		return nil
	}
	counter := a.pass.TypesInfo.ObjectOf(id)
	var found ast.Expr
	ast.Inspect(fs.Body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || found != nil {
			return found == nil
		}
		for _, rhs := range as.Rhs {
			if ix, ok := ast.Unparen(rhs).(*ast.IndexExpr); ok {
				if j, ok := ast.Unparen(ix.Index).(*ast.Ident); ok && a.pass.TypesInfo.ObjectOf(j) == counter {
					found = ix
				}
			}
		}
		return found == nil
	})
	return found
}

// mayPause returns what in a loop may wait: a select, a receive, a range
// over a channel, a wait of the rules, or a call whose name says it
// waits (limiter.Wait, b.Backoff()); nil when nothing may.
func (a *analyzer) mayPause(loop ast.Node) ast.Node {
	info := a.pass.TypesInfo
	var pause ast.Node
	ast.Inspect(loop, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false // runs elsewhere, or is judged where it is called
		case *ast.SelectStmt:
			pause = n
		case *ast.UnaryExpr:
			if n.Op == token.ARROW {
				pause = n
			}
		case *ast.RangeStmt:
			if _, ok := info.TypeOf(n.X).Underlying().(*types.Chan); ok {
				pause = n.X
			}
		case *ast.CallExpr:
			var name string
			switch f := ast.Unparen(n.Fun).(type) {
			case *ast.Ident:
				name = f.Name
			case *ast.SelectorExpr:
				name = f.Sel.Name
			}
			if fn := calleeOf(info, n); fn != nil && a.isWait(fn) {
				pause = n
			}
			lower := strings.ToLower(name)
			for _, w := range pauseWords {
				if strings.Contains(lower, w) {
					pause = n
				}
			}
		}
		return pause == nil
	})
	return pause
}
