package retrysite

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/types/typeutil"
)

// loopCaps finds what bounds a retry loop: a counted condition or exit, a
// clock comparison, a context's Done or Err, a stop channel or signal,
// or a context handed to the operation whose error leaves the loop.
func (a *analyzer) loopCaps(e *evaluator, l *loop) Policy {
	p := unknownPolicy()
	p.Attempts, p.Elapsed, p.Cancel = No, No, No
	counters := a.counters(l)
	bound := func(x ast.Expr) {
		switch a.capKind(e, x, counters) {
		case capAttempts:
			if p.Attempts != Yes {
				p.set(ruleCapsCounted, "attempts", Yes, x, "bounded by %s", short(x))
			}
		case capElapsed:
			if p.Elapsed != Yes {
				p.set(ruleCapsClock, "elapsed", Yes, x, "bounded by %s", short(x))
			}
		}
	}
	stop := func(x ast.Node, format string, args ...any) {
		if p.Cancel != Yes {
			p.set(ruleCancelStop, "cancel", Yes, x, format, args...)
		}
	}
	switch n := l.node.(type) {
	case *ast.ForStmt:
		if l.cond != nil {
			bound(l.cond)
			if a.stopSignal(l.cond) {
				stop(l.cond, "goes round while %s", short(l.cond)) // for b.Ongoing() { ... }
			}
			if a.stateTest(l, l.cond) && p.Cancel != Yes {
				p.set(ruleCancelState, "cancel", Yes, l.cond, "goes round while %s, a state the loop does not set", short(l.cond))
			}
			if a.stopSignal(l.cond) || a.refsContext(l.cond) || a.stateTest(l, l.cond) {
				// The loop falls out when told to stop: what follows says
				// how it leaves.
				if len(l.after) == 0 {
					l.quietStop = true
				}
				l.noteStop(a, &ast.BlockStmt{List: l.after})
			}
		}
	case *ast.RangeStmt:
		// Over a number, a slice of delays, a map or a string: counted.
		if _, isFunc := a.pass.TypesInfo.TypeOf(n.X).Underlying().(*types.Signature); !isFunc {
			p.set(ruleCapsRange, "attempts", Yes, n.X, "ranges over %s", short(n.X))
		}
	}
	errorExit := false
	decisions := a.retryDecisions(l)
	var visit func(list []ast.Stmt, inSwitch bool)
	visit = func(list []ast.Stmt, inSwitch bool) {
		for i, st := range list {
			switch st := st.(type) {
			case *ast.IfStmt:
				if a.goesRound(l, st.Body) && (l.gotoLoop || a.exitsAfter(l, list[i+1:], inSwitch)) {
					// if attempt < max { continue }; return err. A goto
					// loop goes round only by its goto: what guards the
					// goto bounds it.
					bound(st.Cond)
					if a.stateTest(l, st.Cond) && p.Cancel != Yes {
						// if c.status() == connecting { goto retry }
						p.set(ruleCancelState, "cancel", Yes, st.Cond, "goes round only while %s, a state the loop does not set", short(st.Cond))
					}
					// if h.WaitOrSkip(ctx, attempts, err) { goto retry }: a
					// decision handed the count, or a context, that the loop
					// goes round only on.
					not := negated(st.Cond)
					if a.decisionCounts(l, not, decisions, counters) && p.Attempts != Yes {
						p.set(ruleCapsDecision, "attempts", Yes, st.Cond, "goes round only when %s, a decision handed the attempt count", short(st.Cond))
					}
					if ctx := a.decisionContext(e, st.Cond); ctx != nil && p.Cancel != Yes {
						p.set(ruleCancelDecision, "cancel", Yes, st.Cond, "goes round only when %s, a decision handed %s, which can be cancelled", short(st.Cond), short(ctx))
					}
				}
				if a.exits(l, st.Body, inSwitch) {
					bound(st.Cond)
					if a.decisionCounts(l, st.Cond, decisions, counters) && p.Attempts != Yes {
						// ok := c.shouldRetry(err, attempt); if !ok { break }
						p.set(ruleCapsDecision, "attempts", Yes, st.Cond, "leaves when %s, a decision handed the attempt count", short(st.Cond))
					}
					if a.stopSignal(st.Cond) && !l.callsYield(a, st.Cond) && !a.negatedDecision(st.Cond, decisions) && !a.mentions(st.Cond, decisions) {
						stop(st.Cond, "leaves when %s", short(st.Cond)) // if p.closed() { return }
						l.noteStop(a, st.Body)
					}
					if ctx := a.decisionContext(e, st.Cond); ctx != nil && p.Cancel != Yes {
						// if !c.isRetryable(err, ctx) { return }
						p.set(ruleCancelDecision, "cancel", Yes, st.Cond, "leaves when %s, a decision handed %s, which can be cancelled", short(st.Cond), short(ctx))
					}
					if a.stateTest(l, st.Cond) && p.Cancel != Yes {
						// if c.status() != reconnecting { return }
						p.set(ruleCancelState, "cancel", Yes, st.Cond, "leaves when %s, a state the loop does not set", short(st.Cond))
					}
					if a.refsError(st.Cond) && !a.successCond(st.Cond) {
						errorExit = true
					}
				}
				if st.Else != nil && a.exits(l, st.Else, inSwitch) {
					// if policy.ShouldRetry(err, n) { wait } else { return
					// err }: the loop leaves when the condition is false.
					bound(st.Cond)
					not := negated(st.Cond)
					if a.decisionCounts(l, not, decisions, counters) && p.Attempts != Yes {
						p.set(ruleCapsDecision, "attempts", Yes, st.Cond, "leaves when %s is false, a decision handed the attempt count", short(st.Cond))
					}
				}
				visit(st.Body.List, inSwitch)
				if st.Else != nil {
					visit([]ast.Stmt{st.Else}, inSwitch)
				}
			case *ast.BlockStmt:
				visit(st.List, inSwitch)
			case *ast.RangeStmt:
				// A goto loop goes round from inside a loop it holds
				// (for _, r := range replies { if retryable(r) { goto
				// retry } }): what guards that goto bounds it too. A
				// break or continue there belongs to the inner loop.
				if l.gotoLoop {
					visit(st.Body.List, true)
				}
			case *ast.ForStmt:
				if l.gotoLoop {
					visit(st.Body.List, true)
				}
			case *ast.SwitchStmt:
				for _, c := range st.Body.List {
					cc := c.(*ast.CaseClause)
					if len(cc.Body) > 0 && a.exits(l, cc.Body[len(cc.Body)-1], true) {
						for _, x := range cc.List {
							bound(x)
						}
					}
					visit(cc.Body, true)
				}
			case *ast.SelectStmt:
				for _, c := range st.Body.List {
					cc := c.(*ast.CommClause)
					if len(cc.Body) > 0 && a.exits(l, cc.Body[len(cc.Body)-1], true) {
						if a.stopChannel(cc.Comm) {
							stop(cc.Comm, "leaves on %s", short(receivedFrom(cc.Comm))) // case <-s.done: return
						}
						if a.stopChannel(cc.Comm) || a.doneChannel(cc.Comm) {
							l.noteStop(a, &ast.BlockStmt{List: cc.Body})
						}
					}
					visit(cc.Body, true)
				}
			case *ast.LabeledStmt:
				visit([]ast.Stmt{st.Stmt}, inSwitch)
			}
		}
	}
	visit(l.body.List, false)

	// Cancellation: the loop looks at a context, waits through a helper
	// that takes one, or hands one to its operation and leaves on an
	// error (a cancelled operation fails with the context's error).
	handsContext := false
	check := func(n ast.Node) {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return
		}
		var ctx ast.Expr
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && (sel.Sel.Name == "Done" || sel.Sel.Name == "Err") && isContext(a.pass.TypesInfo.TypeOf(sel.X)) {
			ctx = sel.X
		} else {
			for _, arg := range call.Args {
				if isContext(a.pass.TypesInfo.TypeOf(arg)) {
					if a.waitOf(call) != nil {
						ctx = arg
					} else if t, _ := e.context(arg); t == Yes {
						handsContext = true
					}
				}
			}
		}
		if ctx == nil {
			return
		}
		t, param := e.context(ctx)
		if t == Yes && p.Cancel != Yes {
			p.ContextParam = param
			p.set(ruleCancelContext, "cancel", Yes, call, "%s, with a context that can be cancelled", short(call))
		}
	}
	walkLoop(l.body, check)
	if l.cond != nil {
		ast.Inspect(l.cond, func(n ast.Node) bool { check(n); return true })
	}
	if handsContext && errorExit && p.Cancel != Yes {
		p.set(ruleCancelHanded, "cancel", Yes, l.node, "hands a context that can be cancelled to its operation, and leaves on an error")
	}
	if !p.decided("attempts") {
		p.decide(ruleCapsNone, "attempts", l.node, "no counter bounds its condition, exits or go-rounds")
	}
	if !p.decided("elapsed") {
		p.decide(ruleCapsNone, "elapsed", l.node, "no clock or deadline bounds its condition, exits or go-rounds")
	}
	if !p.decided("cancel") {
		p.decide(ruleCancelNone, "cancel", l.node, "no context or stop signal ends it")
	}
	return p
}

// stopChannel says whether a select case receives from a channel that
// signals the end of the work (<-s.done, <-stopC): not a timer's, which
// is the wait.
// receivedFrom returns the channel a select clause receives from (<-ch,
// v := <-ch, v, ok = <-ch), or nil for a send or default.
func receivedFrom(comm ast.Stmt) ast.Expr {
	var x ast.Expr
	switch c := comm.(type) {
	case *ast.ExprStmt:
		x = c.X
	case *ast.AssignStmt:
		if len(c.Rhs) == 1 {
			x = c.Rhs[0]
		}
	}
	u, ok := ast.Unparen(x).(*ast.UnaryExpr)
	if !ok || u.Op != token.ARROW {
		return nil
	}
	return u.X
}

func (a *analyzer) stopChannel(comm ast.Stmt) bool {
	received := receivedFrom(comm)
	if received == nil {
		return false
	}
	switch ch := ast.Unparen(received).(type) {
	case *ast.CallExpr:
		// time.After(d), ctx.Done(): the wait, or a context, judged
		// apart. A channel of empty signals that another call hands out
		// (s.shutSig.SoftStopChan(), w.Dying()) is a stop channel.
		return a.signalChannelCall(ch)
	case *ast.SelectorExpr:
		if ch.Sel.Name == "C" {
			if named := namedOf(a.pass.TypesInfo.TypeOf(ch.X)); named != nil && named.Obj().Pkg() != nil && named.Obj().Pkg().Path() == "time" {
				return false // a timer's or a ticker's channel
			}
		}
	}
	return true
}

type capKind int

const (
	capNone capKind = iota
	capAttempts
	capElapsed
)

// capKind says whether a condition that ends the loop bounds it: a
// comparison of an attempt counter, of the clock, or of a backoff's
// delay with its stop value.
func (a *analyzer) capKind(e *evaluator, x ast.Expr, counters map[*types.Var]bool) capKind {
	kind := capNone
	ast.Inspect(x, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && kind == capNone && a.clockOrder(e, call) {
			kind = capElapsed // time.Now().Before(deadline)
			return false
		}
		b, ok := n.(*ast.BinaryExpr)
		if !ok || kind != capNone {
			return kind == capNone
		}
		switch b.Op {
		case token.LSS, token.LEQ, token.GTR, token.GEQ, token.EQL, token.NEQ:
		default:
			return true
		}
		for _, side := range []ast.Expr{b.X, b.Y} {
			switch {
			case a.clock(e, side):
				kind = capElapsed
			case a.mentions(side, counters):
				kind = capAttempts
			case b.Op != token.EQL && b.Op != token.NEQ && isCallOrConversion(side):
				kind = capAttempts // b.Attempt() >= max
			case (b.Op == token.EQL || b.Op == token.NEQ) && a.isDurationConst(side) && !a.isDurationConst(otherSide(b, side)) && a.canStop(e, otherSide(b, side)):
				kind = capAttempts // d == backoff.Stop
			}
		}
		return true
	})
	return kind
}

// clockOrder says whether a call orders two times, one of them read from
// the clock: time.Now().Before(deadline), deadline.After(time.Now()).
func (a *analyzer) clockOrder(e *evaluator, call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || len(call.Args) != 1 {
		return false
	}
	fn, ok := a.pass.TypesInfo.Uses[sel.Sel].(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Pkg().Path() != "time" || fn.Signature().Recv() == nil {
		return false
	}
	switch fn.Name() {
	case "Before", "After", "Compare":
	default:
		return false
	}
	return a.clock(e, sel.X) || a.clock(e, call.Args[0])
}

func otherSide(b *ast.BinaryExpr, side ast.Expr) ast.Expr {
	if side == b.X {
		return b.Y
	}
	return b.X
}

func isCallOrConversion(x ast.Expr) bool {
	_, ok := ast.Unparen(x).(*ast.CallExpr)
	return ok
}

func (a *analyzer) isDurationConst(x ast.Expr) bool {
	tv, ok := a.pass.TypesInfo.Types[x]
	if !ok || tv.Value == nil {
		return false
	}
	named, ok := types.Unalias(tv.Type).(*types.Named)
	return ok && named.Obj().Pkg() != nil && named.Obj().Pkg().Path() == "time" && named.Obj().Name() == "Duration"
}

// counters are the variables (and fields) a loop counts with: incremented,
// decremented, multiplied or shifted in its body or post statement (a
// buffer that doubles until a limit counts the attempts as surely as
// i++), and the variables it derives from them (d := 1 << attempt).
// The map is computed once per loop and shared: a caller that adds to it
// copies it first.
func (a *analyzer) counters(l *loop) map[*types.Var]bool {
	if l.counters != nil {
		return l.counters
	}
	out := map[*types.Var]bool{}
	defer func() { l.counters = out }()
	add := func(x ast.Expr) {
		var id *ast.Ident
		switch x := ast.Unparen(x).(type) {
		case *ast.Ident:
			id = x
		case *ast.SelectorExpr:
			id = x.Sel // a count kept in a field: cmd.sent++
		}
		if v, ok := a.pass.TypesInfo.ObjectOf(id).(*types.Var); ok && id != nil {
			out[v] = true
		}
	}
	var derived []*ast.AssignStmt
	root := ast.Node(l.node)
	if l.gotoLoop {
		root = l.body
	}
	ast.Inspect(root, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IncDecStmt:
			add(n.X)
		case *ast.AssignStmt:
			if n.Tok == token.ADD_ASSIGN || n.Tok == token.SUB_ASSIGN || n.Tok == token.MUL_ASSIGN || n.Tok == token.SHL_ASSIGN {
				for _, lhs := range n.Lhs {
					add(lhs)
				}
			} else if len(n.Lhs) == len(n.Rhs) {
				derived = append(derived, n)
			}
		}
		return true
	})
	for range 2 { // derived from a counter, or from a derived variable
		for _, as := range derived {
			for i, rhs := range as.Rhs {
				if len(out) > 0 && isNumeric(a.pass.TypesInfo.TypeOf(as.Lhs[i])) && a.mentions(rhs, out) {
					add(as.Lhs[i])
				}
			}
		}
	}
	return out
}

func (a *analyzer) mentions(x ast.Expr, vars map[*types.Var]bool) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := a.pass.TypesInfo.Uses[id].(*types.Var); ok && vars[v] {
				found = true
			}
		}
		return !found
	})
	return found
}

// clock says whether an expression reads the clock (a function of the
// rules' clocks), directly or through a local variable.
func (a *analyzer) clock(e *evaluator, x ast.Expr) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if fn, ok := typeutil.Callee(a.pass.TypesInfo, n).(*types.Func); ok && a.rules.IsClock(fn) {
				found = true
			}
		case *ast.Ident:
			if v, ok := a.pass.TypesInfo.Uses[n].(*types.Var); ok && !e.seen[v] {
				if c, done := e.clockVars[v]; done {
					found = found || c
					break
				}
				if e.seen == nil {
					e.seen = map[*types.Var]bool{}
				}
				e.seen[v] = true
				c := false
				for _, d := range e.scope.Defs[v] {
					if a.clock(e, d.Expr) {
						c = true
						break
					}
				}
				delete(e.seen, v)
				if e.clockVars == nil {
					e.clockVars = map[*types.Var]bool{}
				}
				e.clockVars[v] = c // read once: a chain of variables is not walked on every way to it
				found = found || c
			}
		}
		return !found
	})
	return found
}

func isContext(t types.Type) bool {
	if t == nil {
		return false
	}
	named, ok := types.Unalias(t).(*types.Named)
	return ok && named.Obj().Pkg() != nil && named.Obj().Pkg().Path() == "context" && named.Obj().Name() == "Context"
}

// stopSignal says whether a condition that leaves a loop asks whether the
// work should stop: a call (or its negation) returning a bool that looks
// at no error, p.closed(), stopping.Load(). It ends the loop from outside,
// as a context would.
func (a *analyzer) stopSignal(cond ast.Expr) bool {
	x := ast.Unparen(cond)
	if u, ok := x.(*ast.UnaryExpr); ok && u.Op == token.NOT {
		x = ast.Unparen(u.X)
	}
	if a.stopError(x) {
		return true // if err == pool.ErrClosed { return }
	}
	switch x := x.(type) {
	case *ast.CallExpr:
		// p.closed(), stopping.Load(); not a time's order
		// (time.Now().Before(deadline)), which is a clock's bound.
		if sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr); ok {
			if fn, ok := a.pass.TypesInfo.Uses[sel.Sel].(*types.Func); ok && fn.Pkg() != nil && fn.Pkg().Path() == "time" {
				return false
			}
		}
	case *ast.Ident, *ast.SelectorExpr:
		// a flag read under a lock.
	default:
		return false
	}
	if a.refsError(x) || a.errorVerdict(x) {
		return false
	}
	t, ok := a.pass.TypesInfo.TypeOf(x).(*types.Basic)
	return ok && t.Kind() == types.Bool
}

// errorVerdict says whether x is a local variable set from a verdict on
// an error (delay, ok := r.handleError(err)): leaving when it says no is
// a classification, not a stop signal from outside.
func (a *analyzer) errorVerdict(x ast.Expr) bool {
	id, ok := x.(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := a.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok {
		return false
	}
	d := a.enclosingDecl(id.Pos())
	if d == nil {
		return false
	}
	for _, def := range a.scopeOf(d).Defs[v] {
		if call, ok := ast.Unparen(def.Expr).(*ast.CallExpr); ok && a.predicateOfError(call) {
			return true
		}
	}
	return false
}

// stateTest says whether cond compares a state with a constant (a
// connection's status, a mode): a field or a method's answer of a
// variable from outside the loop that the loop does not assign, so that
// another goroutine moves it on (Disconnect, Close). The operation's own
// results are the loop's variables and are not state.
func (a *analyzer) stateTest(l *loop, cond ast.Expr) bool {
	x := ast.Unparen(cond)
	if u, ok := x.(*ast.UnaryExpr); ok && u.Op == token.NOT {
		x = ast.Unparen(u.X)
	}
	b, ok := x.(*ast.BinaryExpr)
	if !ok || (b.Op != token.EQL && b.Op != token.NEQ) {
		return false
	}
	for _, side := range []ast.Expr{b.X, b.Y} {
		other := otherSide(b, side)
		if tv := a.pass.TypesInfo.Types[other]; tv.Value == nil || a.isNil(other) {
			continue
		}
		if a.isError(side) {
			continue
		}
		if root := a.stateRoot(side); root != nil && !(l.node.Pos() <= root.Pos() && root.Pos() < l.node.End()) && !a.assignedIn(l, root) {
			return true
		}
	}
	return false
}

// negated is !(cond): the condition under which a loop guarded by cond
// leaves, for the readers of exits.
func negated(cond ast.Expr) ast.Expr {
	return &ast.UnaryExpr{OpPos: cond.Pos(), Op: token.NOT, X: &ast.ParenExpr{Lparen: cond.Pos(), X: cond, Rparen: cond.End()}}
}

// decisionContext returns the context a condition hands to a call that
// decides (a function or method answering a bool: isRetryable(err, ctx),
// WaitOrSkipRetry(ctx, n, err)), when that context can be cancelled: a
// decision that sees the context can stop the loop when it is done. A
// function value (an iterator's yield) is no such decision.
func (a *analyzer) decisionContext(e *evaluator, cond ast.Expr) ast.Expr {
	var found ast.Expr
	ast.Inspect(cond, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || found != nil {
			return found == nil
		}
		if _, isFunc := typeutil.Callee(a.pass.TypesInfo, call).(*types.Func); !isFunc {
			return true
		}
		if t, ok := a.pass.TypesInfo.TypeOf(call).(*types.Basic); !ok || t.Kind() != types.Bool {
			return true
		}
		for _, arg := range call.Args {
			if isContext(a.pass.TypesInfo.TypeOf(arg)) {
				if t, _ := e.context(arg); t == Yes {
					found = arg
				}
			}
		}
		return found == nil
	})
	return found
}

// stateRoot returns the variable a field selection or a method call
// reads its state from (c in c.status.ConnectionStatus()), or nil.
func (a *analyzer) stateRoot(x ast.Expr) *types.Var {
	switch x := ast.Unparen(x).(type) {
	case *ast.CallExpr:
		if fn, ok := typeutil.Callee(a.pass.TypesInfo, x).(*types.Func); ok && fn.Pkg() != nil && fn.Pkg().Path() == "sync/atomic" && strings.HasPrefix(fn.Name(), "Load") && len(x.Args) == 1 {
			// atomic.LoadUint32(&c.stop): a read of c's state
			if u, ok := ast.Unparen(x.Args[0]).(*ast.UnaryExpr); ok && u.Op == token.AND {
				return a.stateRoot(u.X)
			}
			return nil
		}
		sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr)
		if !ok || a.pass.TypesInfo.Selections[sel] == nil {
			return nil // a function, not a method
		}
		return a.receiverRoot(sel.X)
	case *ast.SelectorExpr:
		if a.pass.TypesInfo.Selections[x] == nil {
			return nil // a qualified name
		}
		return a.receiverRoot(x.X)
	}
	return nil
}

// receiverRoot returns the variable at the root of the receiver of a
// method or a field: c in c.status, or in c.conn.status.
func (a *analyzer) receiverRoot(x ast.Expr) *types.Var {
	if id, ok := ast.Unparen(x).(*ast.Ident); ok {
		v, _ := a.pass.TypesInfo.Uses[id].(*types.Var)
		return v
	}
	return a.stateRoot(x)
}

// assignedIn says whether the loop assigns v.
func (a *analyzer) assignedIn(l *loop, v *types.Var) bool {
	found := false
	walkLoop(l.body, func(n ast.Node) {
		as, ok := n.(*ast.AssignStmt)
		if !ok {
			return
		}
		for _, lhs := range as.Lhs {
			if id, ok := ast.Unparen(lhs).(*ast.Ident); ok && a.pass.TypesInfo.ObjectOf(id) == v {
				found = true
			}
		}
	})
	return found
}

// stopError says whether a condition compares an error with one that says
// the client was closed or shut down (ErrClosed, ErrServerClosed,
// ErrShutdown): a stop signal written as an error.
func (a *analyzer) stopError(x ast.Expr) bool {
	var target ast.Expr
	switch x := x.(type) {
	case *ast.BinaryExpr:
		if x.Op != token.EQL {
			return false
		}
		switch {
		case a.isError(x.X) && !a.isNil(x.Y):
			target = x.Y
		case a.isError(x.Y) && !a.isNil(x.X):
			target = x.X
		}
	case *ast.CallExpr:
		if fn, ok := typeutil.Callee(a.pass.TypesInfo, x).(*types.Func); ok && fn.Pkg() != nil && fn.Pkg().Path() == "errors" && fn.Name() == "Is" && len(x.Args) == 2 {
			target = x.Args[1]
		}
	}
	var name string
	switch t := ast.Unparen(target).(type) {
	case *ast.Ident:
		name = t.Name
	case *ast.SelectorExpr:
		name = t.Sel.Name
	}
	lower := strings.ToLower(name)
	return strings.Contains(lower, "closed") || strings.Contains(lower, "shutdown")
}

func isNumeric(t types.Type) bool {
	if t == nil {
		return false
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsNumeric != 0
}

// callsYield says whether x calls the loop's yield function.
func (l *loop) callsYield(a *analyzer, x ast.Expr) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && l.yield != nil {
			if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok && a.pass.TypesInfo.Uses[id] == l.yield {
				found = true
			}
		}
		return !found
	})
	return found
}

// canStop says whether the backoff whose next delay x is can return its
// stop value: a sentinel comparison is a cap only then. A backoff with
// neither an attempt nor an elapsed-time cap (a constant backoff, an
// exponential one whose MaxElapsedTime is 0) never does.
func (a *analyzer) canStop(e *evaluator, x ast.Expr) bool {
	x = ast.Unparen(x)
	if id, ok := x.(*ast.Ident); ok {
		v, ok := a.pass.TypesInfo.Uses[id].(*types.Var)
		if !ok {
			return true
		}
		defs := e.scope.Defs[v]
		if len(defs) != 1 {
			return true
		}
		x = ast.Unparen(defs[0].Expr)
	}
	call, ok := x.(*ast.CallExpr)
	if !ok {
		return true
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return true
	}
	p := e.policy(sel.X)
	return !(p.Attempts == No && p.Elapsed == No)
}

// doneChannel says whether a select case receives from a context's Done.
// signalChannelCall says whether call hands out a channel of empty
// signals that is neither a context's nor a wait the packs name.
func (a *analyzer) signalChannelCall(call *ast.CallExpr) bool {
	ch, ok := a.pass.TypesInfo.TypeOf(call).Underlying().(*types.Chan)
	if !ok {
		return false
	}
	if st, ok := ch.Elem().Underlying().(*types.Struct); !ok || st.NumFields() != 0 {
		return false
	}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && isContext(a.pass.TypesInfo.TypeOf(sel.X)) {
		return false
	}
	// A timer's channel carries times (chan time.Time), not signals.
	if _, ok := typeutil.Callee(a.pass.TypesInfo, call).(*types.Func); !ok {
		return false
	}
	return a.waitOf(call) == nil
}

func (a *analyzer) doneChannel(comm ast.Stmt) bool {
	es, ok := comm.(*ast.ExprStmt)
	if !ok {
		return false
	}
	u, ok := ast.Unparen(es.X).(*ast.UnaryExpr)
	if !ok || u.Op != token.ARROW {
		return false
	}
	call, ok := ast.Unparen(u.X).(*ast.CallExpr)
	if !ok {
		return false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "Done" && isContext(a.pass.TypesInfo.TypeOf(sel.X))
}

// noteStop records how the loop leaves when it is told to stop: quietly
// (return, return nil, break), as a supervisor whose owner shut it down,
// or with an error, as a retry whose caller gave up.
func (l *loop) noteStop(a *analyzer, body *ast.BlockStmt) {
	for _, last := range errorResults(body) {
		if a.isError(last) && !a.isNil(last) {
			l.loudStop = true
			return
		}
	}
	l.quietStop = true
}

// refsContext says whether x looks at a context: ctx.Err() == nil.
func (a *analyzer) refsContext(x ast.Expr) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		if e, ok := n.(ast.Expr); ok && isContext(a.pass.TypesInfo.TypeOf(e)) {
			found = true
		}
		return !found
	})
	return found
}

// decisionCounts says whether a "do not retry" condition, or one of its
// disjuncts (err == nil || !policy.Allow(attempt)), is decided by a call
// that is handed the attempt counter: the cap is in the callee.
func (a *analyzer) decisionCounts(l *loop, cond ast.Expr, decisions, counters map[*types.Var]bool) bool {
	if len(counters) == 0 {
		return false
	}
	if xs := disjuncts(cond); len(xs) > 1 {
		for _, x := range xs {
			if a.decisionCounts(l, x, decisions, counters) {
				return true
			}
		}
		return false
	}
	u, ok := ast.Unparen(cond).(*ast.UnaryExpr)
	if !ok || u.Op != token.NOT {
		return false
	}
	var calls []*ast.CallExpr
	switch y := ast.Unparen(u.X).(type) {
	case *ast.CallExpr:
		// A predicate of the error, or a function or method handed the
		// count (policy.Allow(attempt)): false from it leaves. Not a
		// function value such as an iterator's yield, whose false says
		// the consumer stopped.
		_, isFunc := typeutil.Callee(a.pass.TypesInfo, y).(*types.Func)
		if t, ok := a.pass.TypesInfo.TypeOf(y).(*types.Basic); ok && t.Kind() == types.Bool && (isFunc || a.errorPredicate(y)) {
			calls = append(calls, y)
		}
	case *ast.Ident:
		v, ok := a.pass.TypesInfo.Uses[y].(*types.Var)
		if !ok || !decisions[v] {
			return false
		}
		walkLoop(l.body, func(n ast.Node) {
			if as, ok := n.(*ast.AssignStmt); ok && len(as.Rhs) == 1 {
				if id, ok := ast.Unparen(as.Lhs[0]).(*ast.Ident); ok && a.pass.TypesInfo.ObjectOf(id) == v {
					if call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr); ok {
						calls = append(calls, call)
					}
				}
			}
		})
	}
	for _, call := range calls {
		for _, arg := range call.Args {
			if a.mentions(arg, counters) {
				return true
			}
		}
	}
	return false
}
