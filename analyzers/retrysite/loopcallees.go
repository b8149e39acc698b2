package retrysite

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

// A retry loop can wait through a function of its own package that
// pauses and then acts (c.reconnect() sleeps its delay, then dials) or
// pauses and returns the next delay (d = c.backoff(d, err)): the wait is
// the callee's, its delay read in the callee's body, where the finding
// goes.

// calleeWaits returns the waits of the function of this package that a
// call in a loop's body calls, when that function pauses: it waits
// outside any loop of its own, and each select it waits in either ends
// the function or lets the timer fire (a select that also takes a reply
// times an operation out; it does not pause between attempts). A function
// that returns a value besides an error, a bool or a duration is an
// operation with a timeout, not a pause.
func (a *analyzer) calleeWaits(call *ast.CallExpr) []*Delay {
	return a.calleeWaitsFrom(call, call, 0)
}

// calleeWaitsFrom is calleeWaits for a call made at depth calls below the
// loop's call via: a pause that hands its delay on to another function of
// the package that pauses (DelayForBackoff(b, n) calls
// DelayForBackoffWithCap(b, 0, n)) waits that function's wait, read in
// its body.
func (a *analyzer) calleeWaitsFrom(call, via *ast.CallExpr, depth int) []*Delay {
	if depth > 2 {
		return nil
	}
	fn := typeutil.StaticCallee(a.pass.TypesInfo, call)
	if fn == nil || fn.Pkg() != a.pass.Pkg {
		return nil
	}
	d := a.decls[fn.Origin()]
	if d == nil || d.Body == nil || !pauseResults(fn) && !nextDelayResult(fn) {
		return nil
	}
	var out, nested []*Delay
	timed, cancels := false, false
	ast.Inspect(d.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit, *ast.ForStmt, *ast.RangeStmt, *ast.GoStmt, *ast.DeferStmt:
			return false
		case *ast.SelectStmt:
			if !a.pauseSelect(n) {
				timed = true
			}
			cancels = cancels || a.contextClause(n)
		case *ast.CallExpr:
			if w := a.waitOf(n); w != nil {
				w.Via = via
				w.eval = a.evaluator(d)
				out = append(out, w)
			} else if ws := a.calleeWaitsFrom(n, via, depth+1); len(ws) > 0 {
				nested = append(nested, ws...) // judged blocking in their own bodies
			}
		}
		return true
	})
	if timed {
		return nil
	}
	out = append(a.blocking(d.Body, out), nested...)
	for _, w := range out {
		w.cancels = cancels
	}
	return out
}

// contextClause says whether a select ends the function when a context is
// done: case <-ctx.Done(): return ctx.Err().
func (a *analyzer) contextClause(sel *ast.SelectStmt) bool {
	for _, c := range sel.Body.List {
		cc := c.(*ast.CommClause)
		es, ok := cc.Comm.(*ast.ExprStmt)
		if !ok || !endsFunction(cc.Body) {
			continue
		}
		u, ok := ast.Unparen(es.X).(*ast.UnaryExpr)
		if !ok || u.Op != token.ARROW {
			continue
		}
		if call, ok := ast.Unparen(u.X).(*ast.CallExpr); ok {
			if fun, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && fun.Sel.Name == "Done" && isContext(a.pass.TypesInfo.TypeOf(fun.X)) {
				return true
			}
		}
	}
	return false
}

// calleeCancel says whether a loop ends with a context through a function
// it waits in: the function returns when the context is done, and the loop
// leaves when the function fails (if err := c.reopen(); err != nil {
// return err }).
func (a *analyzer) calleeCancel(l *loop, delays []*Delay) bool {
	for _, w := range delays {
		if w.Via != nil && w.cancels && a.leavesOnError(l, w.Via) {
			return true
		}
	}
	return false
}

// leavesOnError says whether the loop leaves when call returns an error:
// the call assigns an error that the next if tests, leaving the loop.
func (a *analyzer) leavesOnError(l *loop, call *ast.CallExpr) bool {
	assigns := func(st ast.Stmt) bool {
		as, ok := st.(*ast.AssignStmt)
		return ok && len(as.Rhs) == 1 && ast.Unparen(as.Rhs[0]) == call
	}
	found := false
	walkLoop(l.body, func(n ast.Node) {
		switch n := n.(type) {
		case *ast.IfStmt:
			if n.Init != nil && assigns(n.Init) && a.failureCond(n.Cond) && a.exits(l, n.Body, false) {
				found = true
			}
		case *ast.BlockStmt:
			for i, st := range n.List {
				if i+1 < len(n.List) && assigns(st) {
					if next, ok := n.List[i+1].(*ast.IfStmt); ok && next.Init == nil && a.failureCond(next.Cond) && a.exits(l, next.Body, false) {
						found = true
					}
				}
			}
		}
	})
	return found
}

// blocking keeps the waits that block in body: a sleep, a time.After
// received from, a timer whose channel is received from. Arming a timer
// whose channel another goroutine reads (nc.ptmr.Reset(d), with ptmr from
// time.AfterFunc) is no pause.
func (a *analyzer) blocking(body *ast.BlockStmt, waits []*Delay) []*Delay {
	received := map[ast.Expr]bool{}
	timers := map[types.Object]bool{}
	assigned := map[*ast.CallExpr]types.Object{}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.UnaryExpr:
			if n.Op != token.ARROW {
				break
			}
			switch ch := ast.Unparen(n.X).(type) {
			case *ast.CallExpr:
				received[ch] = true
			case *ast.SelectorExpr:
				if id, ok := ast.Unparen(ch.X).(*ast.Ident); ok && ch.Sel.Name == "C" {
					timers[a.pass.TypesInfo.ObjectOf(id)] = true
				}
			}
		case *ast.AssignStmt:
			if len(n.Lhs) == len(n.Rhs) {
				for i, rhs := range n.Rhs {
					if call, ok := ast.Unparen(rhs).(*ast.CallExpr); ok {
						if id, ok := ast.Unparen(n.Lhs[i]).(*ast.Ident); ok {
							assigned[call] = a.pass.TypesInfo.ObjectOf(id)
						}
					}
				}
			}
		}
		return true
	})
	var out []*Delay
	for _, w := range waits {
		t := a.pass.TypesInfo.TypeOf(w.Wait)
		if _, isChan := t.Underlying().(*types.Chan); isChan {
			if received[w.Wait] {
				out = append(out, w)
			}
			continue
		}
		if isTimer(t) {
			if obj := assigned[w.Wait]; obj != nil && timers[obj] {
				out = append(out, w)
			}
			continue
		}
		if sel, ok := ast.Unparen(w.Wait.Fun).(*ast.SelectorExpr); ok && isTimer(a.pass.TypesInfo.TypeOf(sel.X)) {
			if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok && timers[a.pass.TypesInfo.ObjectOf(id)] {
				out = append(out, w)
			}
			continue
		}
		out = append(out, w)
	}
	return out
}

// isTimer says whether t is *time.Timer.
func isTimer(t types.Type) bool {
	if t == nil {
		return false
	}
	p, ok := t.(*types.Pointer)
	if !ok {
		return false
	}
	named, ok := types.Unalias(p.Elem()).(*types.Named)
	return ok && named.Obj().Pkg() != nil && named.Obj().Pkg().Path() == "time" && named.Obj().Name() == "Timer"
}

// pauseSelect says whether a select only pauses: every clause that is not
// a timer's takes a stop signal (ctx.Done(), a chan struct{}) and leaves
// the function. A clause that takes a reply makes the timer a timeout.
func (a *analyzer) pauseSelect(sel *ast.SelectStmt) bool {
	for _, c := range sel.Body.List {
		cc := c.(*ast.CommClause)
		if cc.Comm == nil {
			return false // default: it does not block
		}
		if a.timerClause(cc) || a.stopClause(cc) && endsFunction(cc.Body) {
			continue
		}
		return false
	}
	return true
}

// stopClause says whether a clause receives a stop signal: from a channel
// of empty structs, as a context's Done and a quit channel are.
func (a *analyzer) stopClause(cc *ast.CommClause) bool {
	es, ok := cc.Comm.(*ast.ExprStmt)
	if !ok {
		return false
	}
	u, ok := ast.Unparen(es.X).(*ast.UnaryExpr)
	if !ok || u.Op != token.ARROW {
		return false
	}
	ch, ok := a.pass.TypesInfo.TypeOf(u.X).Underlying().(*types.Chan)
	if !ok {
		return false
	}
	st, ok := ch.Elem().Underlying().(*types.Struct)
	return ok && st.NumFields() == 0
}

// timerClause says whether a clause receives from a timer: <-time.After(d),
// <-t.C.
func (a *analyzer) timerClause(cc *ast.CommClause) bool {
	received := receivedFrom(cc.Comm)
	if received == nil {
		return false
	}
	switch ch := ast.Unparen(received).(type) {
	case *ast.CallExpr:
		return a.waitOf(ch) != nil
	case *ast.SelectorExpr:
		return ch.Sel.Name == "C"
	}
	return false
}

// endsFunction says whether a list of statements ends with a return or a
// panic.
func endsFunction(list []ast.Stmt) bool {
	if len(list) == 0 {
		return false
	}
	switch st := list[len(list)-1].(type) {
	case *ast.ReturnStmt:
		return true
	case *ast.ExprStmt:
		if call, ok := st.X.(*ast.CallExpr); ok {
			if id, ok := call.Fun.(*ast.Ident); ok && id.Name == "panic" {
				return true
			}
		}
	}
	return false
}

// nextDelayResult says whether fn returns one duration: the next delay of
// a backoff that also waits.
func nextDelayResult(fn *types.Func) bool {
	res := fn.Type().(*types.Signature).Results()
	return res.Len() == 1 && isDuration(res.At(0).Type())
}
