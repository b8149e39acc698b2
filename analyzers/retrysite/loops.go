package retrysite

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/analyzers/internal/failedge"
	"golang.org/x/tools/go/types/typeutil"
)

// A retry loop re-executes an operation because its previous execution
// failed: the decision to go round again depends on that failure, and
// success leaves the loop. A loop that waits and runs the same whether its
// last step failed or not (a heartbeat, a poller, a scheduler, an event
// loop) is not one, even when it logs an error.

// loop is a statement judged as a retry loop: a for or range statement,
// or the statements from a label back to which a goto jumps.
type loop struct {
	node  ast.Stmt // the for or range statement, or the *ast.LabeledStmt of a goto loop
	body  *ast.BlockStmt
	cond  ast.Expr
	label *types.Label // the loop's label, or nil
	// gotoLoop: the loop goes round by goto label, and leaves by falling
	// off the end of body.
	gotoLoop bool
	// yield is an iterator's yield function: false from it means the
	// consumer stopped, not that the work should.
	yield types.Object
	// quietStop and loudStop record how the loop leaves when told to
	// stop: with no error, or with one.
	quietStop, loudStop bool
	// after are the statements that follow the loop in its block.
	after []ast.Stmt
	// inner holds the labels of statements inside the loop: a break to one
	// of them stays in the loop.
	inner map[*types.Label]bool
	// counters caches a.counters(l): every call in the loop asks.
	counters map[*types.Var]bool
	// verdict: the definition found the loop goes round on a bool its
	// operation returns, the operation's verdict on its own failure.
	verdict bool
}

func (a *analyzer) newLoop(node ast.Stmt, body *ast.BlockStmt, cond ast.Expr, labeled *ast.LabeledStmt) *loop {
	l := &loop{node: node, body: body, cond: cond, inner: map[*types.Label]bool{}}
	if labeled != nil {
		l.label, _ = a.pass.TypesInfo.Defs[labeled.Label].(*types.Label)
	}
	ast.Inspect(body, func(n ast.Node) bool {
		if ls, ok := n.(*ast.LabeledStmt); ok {
			if lb, ok := a.pass.TypesInfo.Defs[ls.Label].(*types.Label); ok {
				l.inner[lb] = true
			}
		}
		_, isLit := n.(*ast.FuncLit)
		return !isLit
	})
	return l
}

func (a *analyzer) labelOf(id *ast.Ident) *types.Label {
	if id == nil {
		return nil
	}
	lb, _ := a.pass.TypesInfo.Uses[id].(*types.Label)
	return lb
}

// exits says whether a statement always leaves the loop: a return, a
// break out of it, a continue or goto to a statement outside it, a panic
// or a fatal log.
func (a *analyzer) exits(l *loop, st ast.Stmt, inSwitch bool) bool {
	switch st := st.(type) {
	case *ast.BlockStmt:
		return len(st.List) > 0 && a.exits(l, st.List[len(st.List)-1], inSwitch)
	case *ast.LabeledStmt:
		return a.exits(l, st.Stmt, inSwitch)
	case *ast.ReturnStmt:
		return true
	case *ast.BranchStmt:
		target := a.labelOf(st.Label)
		switch st.Tok {
		case token.GOTO:
			return target != l.label && !l.inner[target]
		case token.BREAK:
			if target == nil {
				return !inSwitch
			}
			return !l.inner[target]
		case token.CONTINUE:
			return l.gotoLoop || target != nil && target != l.label && !l.inner[target]
		}
	case *ast.ExprStmt:
		if call, ok := st.X.(*ast.CallExpr); ok {
			if id, ok := call.Fun.(*ast.Ident); ok && id.Name == "panic" {
				return true
			}
			if fn := typeutil.StaticCallee(a.pass.TypesInfo, call); fn != nil && a.rules.IsExit(fn) {
				return true
			}
		}
	case *ast.IfStmt:
		return st.Else != nil && a.exits(l, st.Body, inSwitch) && a.exits(l, st.Else, inSwitch)
	}
	return false
}

func (a *analyzer) exitsAfter(l *loop, rest []ast.Stmt, inSwitch bool) bool {
	for _, st := range rest {
		if a.exits(l, st, inSwitch) {
			return true
		}
	}
	return false
}

// loopSite recognises a hand-written retry loop: a for or range statement,
// or (labeled != nil with gotoBody) a goto loop.
func (a *analyzer) loopSite(d *ast.FuncDecl, e *evaluator, l *loop) *Site {
	var delays []*Delay
	var iter *iterator
	if r, ok := l.node.(*ast.RangeStmt); ok {
		switch a.pass.TypesInfo.TypeOf(r.X).Underlying().(type) {
		case *types.Chan:
			if a.considered(l, nil) {
				a.notSite(d, l, ruleNotChannelRange, r.X, "ranges over the channel %s", short(r.X))
			}
			return nil // a ticker or a queue: polling, not retrying
		case *types.Signature:
			iter = a.waitingIterator(e, r.X)
		}
	}
	success := append(a.successBranches(l), a.firstIteration(l)...)
	deadlines := a.deadlines(l)
	collect := func(n ast.Node) {
		if call, ok := n.(*ast.CallExpr); ok {
			if w := a.waitOf(call); w != nil && !within(success, call) && !deadlines[call] {
				delays = append(delays, w)
			} else if w == nil && !within(success, call) {
				if ws := a.calleeWaits(call); len(ws) > 0 {
					delays = append(delays, ws...)
				} else {
					delays = append(delays, a.attemptWaits(l, call)...) // retry, err := c.attempt(ctx, n)
				}
			}
		}
	}
	a.walkWaits(l.body, collect)
	if fs, ok := l.node.(*ast.ForStmt); ok && fs.Post != nil {
		ast.Inspect(fs.Post, func(n ast.Node) bool { collect(n); return true }) // for ; b.Ongoing(); b.Wait()
	}
	if iter != nil {
		delays = append(delays, iter.delays...)
	}
	delays = slices.DeleteFunc(delays, func(w *Delay) bool {
		tv := a.pass.TypesInfo.Types[w.Expr]
		return tv.Value != nil && constant.Sign(tv.Value) == 0 // Reset(0): now, not a wait
	})
	site, delays := a.loopDecision(d, e, l, delays, iter)
	if site == nil {
		return nil
	}
	if fs, ok := l.node.(*ast.ForStmt); ok && fs.Post != nil {
		// for err := op(); err != nil; err = op(): the post statement
		// repeats the operation.
		site.Operation = &ast.BlockStmt{Lbrace: fs.Post.Pos(), List: append([]ast.Stmt{fs.Post}, l.body.List...), Rbrace: l.body.Rbrace}
	}
	if call := a.conditionAttempt(l); call != nil {
		// for op() != nil { ... }: the condition runs the operation.
		site.Operation = &ast.BlockStmt{Lbrace: call.Pos(), List: append([]ast.Stmt{&ast.ExprStmt{X: call}}, l.body.List...), Rbrace: l.body.Rbrace}
	}
	p := a.loopCaps(e, l)
	if p.Cancel != Yes && a.calleeCancel(l, delays) {
		p.set(ruleCancelCallee, "cancel", Yes, delays[0].at(), "waits through %s, which returns when its context is done", short(delays[0].at()))
	}
	if iter != nil {
		p.Attempts = p.Attempts.or(iter.policy.Attempts)
		p.Elapsed = p.Elapsed.or(iter.policy.Elapsed)
		for _, what := range []string{"attempts", "elapsed"} {
			if !p.decided(what) {
				p.decide(ruleCapsIterator, what, l.node, "the iterator it ranges over: %s %s", what, *iter.policy.prop(what))
			}
		}
		if iter.policy.Cancel == Yes && p.Cancel != Yes {
			p.set(ruleCapsIterator, "cancel", Yes, l.node, "the iterator it ranges over ends with a context")
		}
	}
	a.judgeDelays(e, l, delays, iter, a.localAttempts(l), &p)
	class := a.loopClassification(l.body)
	switch {
	case class.classified == Yes && class.param >= 0:
		p.set(ruleClassLooks, "classified", Yes, l.body, "classified by the predicate its caller passes (parameter %d)", class.param)
	case class.classified == Yes && class.ownCancel:
		p.set(ruleClassLooks, "classified", Yes, class.look, "goes round only when the context it made for the attempt was cancelled (a switchover), not on what the operation failed with: %s", short(class.look))
	case class.classified == Yes && class.statusOnly:
		p.set(ruleClassLooks, "classified", Yes, class.look, "every error of its calls returns; it goes round only on a status worth another try: %s", short(class.look))
	case class.classified == Yes && class.look != nil:
		p.set(ruleClassLooks, "classified", Yes, class.look, "looks at its error before going round: %s", short(class.look))
	case class.classified == Yes:
		p.set(ruleClassLooks, "classified", Yes, l.body, "looks at its error before going round")
	case class.classifier != nil:
		p.set(ruleClassLooks, "classified", No, class.classifier, "asks %s, which accepts every error", short(class.classifier))
	default:
		p.set(ruleClassLooks, "classified", class.classified, l.body, "goes round on every error")
	}
	if p.Classified == No && (l.verdict || a.hasVerdict(l) || a.attemptVerdict(l, delays)) {
		// the operation's verdict classifies: its callers' closures decide
		p.set(ruleClassVerdict, "classified", Unknown, l.body, "the operation's own verdict decides what goes round: its callers' closures classify")
	}
	if p.Classified != Yes && (l.cond != nil && a.looksAtError(l.cond) || a.bodyLooksAtError(l) || a.stopsOnErrorFlag(l)) {
		// for errors.Is(err, ErrBusy) && n < max { ... }
		p.set(ruleClassCondition, "classified", Yes, l.node, "its condition, body or error flag tests which error the attempt returned")
	}
	// A loop that only its owner's cancellation ends, with no attempt or
	// elapsed-time cap, is a supervisor: it retries until shut down.
	site.Supervisor = p.Attempts == No && p.Elapsed == No && p.Cancel == Yes && l.quietStop && !l.loudStop
	if p.Attempts == No && p.Elapsed == No && p.Cancel == Yes {
		says := "only its owner's stop ends it, and then it leaves without an error"
		switch {
		case l.loudStop:
			says = "only its owner's stop ends it, but it then returns an error"
		case !l.quietStop:
			says = "only its owner's stop ends it, but nothing says it then leaves quietly"
		}
		site.judge(ruleSupervisor, "supervisor", triOf(site.Supervisor), l.node, "%s", says)
	}
	site.BestEffort = p.Classified == No && a.givesUpQuietly(l)
	if p.Classified == No {
		says := "does not go on quietly when it runs out"
		if site.BestEffort {
			says = "when it runs out it returns none of its attempts' errors and goes on"
		}
		site.judge(ruleBestEffort, "best-effort", triOf(site.BestEffort), l.node, "%s", says)
	}
	site.Policy = p
	return site
}

// loopDecision decides whether a loop is a retry site, and makes the
// site. The definition of a retry (analyzers/internal/failedge) decides
// every loop it sees on the function's SSA form; a loop it does not see
// (a range over a function, whose body SSA moves into a closure) is
// decided by the named rules of loopShapeDecision. It returns the
// waits that are the site's backoffs.
func (a *analyzer) loopDecision(d *ast.FuncDecl, e *evaluator, l *loop, delays []*Delay, iter *iterator) (*Site, []*Delay) {
	def, seen := a.definition(l.node)
	if !seen {
		return a.loopShapeDecision(d, e, l, delays, iter)
	}
	site := &Site{Kind: Loop, Node: l.node, Enclosing: d, Operation: l.body}
	switch {
	case def.Kind == failedge.Retry:
		if tick := a.tickerReceive(l); tick != nil && len(delays) == 0 {
			if !def.OnError || a.localTarget(l, def) {
				if a.considered(l, delays) {
					a.notSite(d, l, ruleNotTicker, tick, "%s, but is paced by %s: it runs on a schedule, polling a state", def.Says, short(tick))
				}
				return nil, nil
			}
			// It goes round on the operation's error: a retry the
			// ticker paces, whose period is its wait.
			if w := a.tickerDelay(e, tick); w != nil {
				delays = []*Delay{w}
			}
		}
		site.decide(Rule(def.Rule), "site", a.definitionNode(l, def), "%s", def.Says)
		l.verdict = def.Verdict
		site.retried = def.Op
		site.verdict = def.Verdict
		if def.Refusal {
			site.AfterRefusal = true
			site.decide(ruleAfterRefusal, "site", a.definitionNode(l, def), "no attempt follows a silence: each follows an answer that says the last did not act")
		}
	case a.retryQueue(l):
		// Retry through data: the failed items are kept for the next
		// round, which no edge of the graph shows.
		site.decide(ruleLoopRetryQueue, "site", l.node, "takes its items from a queue it puts the failed ones back on")
	default:
		// A loop that is no retry of one operation (a poller, a reader
		// of the next value, a loop whose failures the definition does
		// not see take it round) is judged for its backoff: the waits
		// that come only after a failure, and are not as long as a wait
		// after success (a pace kept whatever happened is no backoff).
		// Such a wait backs off against what failed, whatever the loop
		// does next.
		backoffs := a.failureBackoff(e, l, delays)
		if len(backoffs) == 0 {
			if a.considered(l, delays) {
				says := def.Says
				if len(delays) > 0 {
					says += "; no wait after a failure differs from its wait after success"
				}
				a.notSite(d, l, Rule(def.Rule), a.definitionNode(l, def), "%s", says)
			}
			return nil, nil
		}
		delays = backoffs
		site.Poller = true
		site.decide(ruleLoopPollerBackoff, "site", delays[0].at(), "%s; after a failure it waits %s, otherwise than after success", def.Says, short(delays[0].at()))
		site.decide(rulePoller, "poller", delays[0].at(), "its waits after a failure are backoffs; it is judged for jitter only")
	}
	site.Delays = delays
	if len(delays) > 0 && !site.Poller {
		site.decide(ruleLoopWaits, "site", delays[0].at(), "waits between attempts: %s", short(delays[0].at()))
	}
	return site, delays
}

// loopShapeDecision decides, by the named rules of the loop's syntax, a
// loop the definition does not see.
func (a *analyzer) loopShapeDecision(d *ast.FuncDecl, e *evaluator, l *loop, delays []*Delay, iter *iterator) (*Site, []*Delay) {
	if !a.attempts(l) {
		return nil, nil
	}
	poller := false
	why := a.retriesWhy(l)
	if why == nil {
		if len(delays) == 0 {
			return nil, nil
		}
		all := delays
		if delays = a.failureBackoff(e, l, delays); delays == nil {
			a.notSite(d, l, ruleNotFailureEdge, all[0].at(), "no test of the attempt sends it round on a failure and out on success, and no wait of it (%s) comes only after a failure", short(all[0].at()))
			return nil, nil
		}
		poller = true
	}
	site := &Site{Kind: Loop, Node: l.node, Enclosing: d, Operation: l.body, Delays: delays, Poller: poller}
	switch {
	case why != nil:
		site.Trace = append(site.Trace, *why)
	default:
		site.decide(ruleLoopPollerBackoff, "site", delays[0].at(), "success does not leave it, but after a failure it waits %s, otherwise than after success", short(delays[0].at()))
		site.decide(rulePoller, "poller", delays[0].at(), "its waits after a failure are backoffs; it is judged for jitter only")
	}
	switch {
	case iter != nil && len(iter.delays) > 0:
		site.decide(ruleLoopIterator, "site", l.node, "ranges over an iterator that waits (%s) between the values it yields", short(iter.delays[0].Wait))
	case len(delays) > 0:
		site.decide(ruleLoopWaits, "site", delays[0].at(), "waits between attempts: %s", short(delays[0].at()))
	}
	return site, delays
}

// clockSchedule says whether a delay is read from the clock: a schedule
// or a deadline (time.Until(next)). A backoff cut short by the time left,
// min(backoff, timeout-elapsed), is the backoff: each argument of a min
// or a max but its constant bounds must be read from the clock; and a
// local variable is read
// from the clock only when every assignment of it is (wait := delay,
// then wait = the server's date minus now, is the backoff the other
// times).
func (a *analyzer) clockSchedule(e *evaluator, x ast.Expr) bool {
	return a.clockScheduleIn(e, x, map[*types.Var]bool{})
}

func (a *analyzer) clockScheduleIn(e *evaluator, x ast.Expr, seen map[*types.Var]bool) bool {
	x = ast.Unparen(x)
	if id, ok := x.(*ast.Ident); ok {
		if v, ok := a.pass.TypesInfo.Uses[id].(*types.Var); ok && !v.IsField() {
			if seen[v] {
				return false
			}
			seen[v] = true
			if defs := e.scope.Defs[v]; len(defs) > 0 {
				for _, d := range defs {
					if !a.clockScheduleIn(e, d.Expr, seen) {
						return false
					}
				}
				return true
			}
		}
	}
	if isMinMax(a.pass.TypesInfo, x) {
		clocked := false
		for _, arg := range x.(*ast.CallExpr).Args {
			if a.pass.TypesInfo.Types[arg].Value != nil {
				continue // a constant bound: min(time.Until(next), time.Hour)
			}
			if !a.clockScheduleIn(e, arg, seen) {
				return false
			}
			clocked = true
		}
		return clocked
	}
	return a.clock(e, x)
}

// isMinMax says whether x calls the builtin min or max.
func isMinMax(info *types.Info, x ast.Expr) bool {
	call, ok := ast.Unparen(x).(*ast.CallExpr)
	if !ok {
		return false
	}
	b, ok := typeutil.Callee(info, call).(*types.Builtin)
	return ok && (b.Name() == "min" || b.Name() == "max")
}

// judgeDelays decides the jitter of each wait of a retry and of its
// policy: a wait is jittered, or not, or unknown (a schedule, a
// server's pacing, attempts that reach no dependency when local).
func (a *analyzer) judgeDelays(e *evaluator, l *loop, delays []*Delay, iter *iterator, local bool, p *Policy) {
	p.Jitter = Yes
	var first, unknown *Delay // the waits that decided the policy's jitter
	for _, w := range delays {
		we := e
		if iter != nil && iter.owns(w) {
			we = iter.eval
		}
		if w.eval != nil {
			we = w.eval
		}
		if v, ok := ast.Unparen(w.Expr).(*ast.Ident); ok {
			if pv, ok := a.pass.TypesInfo.Uses[v].(*types.Var); ok {
				if i, ok := we.scope.Params[pv]; ok && we == e {
					w.Param = i
				}
			}
		}
		judged := func(r Rule, format string, args ...any) {
			p.trace = append(p.trace, decision(r, "jitter", w.Jitter, w.at(), format, args...))
		}
		delay := short(w.Expr)
		if q := we.policy(w.Expr); q.Jitter != Unknown {
			w.Jitter, w.Cause = q.Jitter, q.JitterCause
			if d, ok := last(q.trace, "jitter"); ok && (d.Rule == ruleJitterRandom || d.Rule == ruleJitterBackoff) {
				judged(d.Rule, "%s", d.Says)
			} else if ok {
				judged(ruleJitterConfig, "%s: %s (%s)", delay, d.Says, d.Rule)
			} else {
				judged(ruleJitterConfig, "%s is configured with jitter %s", delay, valueWord[w.Jitter])
			}
		} else {
			w.Jitter = we.random(w.Expr)
			switch w.Jitter {
			case Yes:
				judged(ruleJitterRandom, "%s reads a random source", delay)
			case No:
				judged(ruleJitterConstant, "%s reads no random source", delay)
			default:
				judged(ruleJitterUnread, "%s cannot be read for a random source", delay)
			}
		}
		if w.Jitter == No && local {
			// The attempts reach no dependency (a listener's Accept):
			// there is no herd to spread.
			w.Jitter = Unknown
			judged(ruleJitterLocal, "the attempts reach no dependency: there is no herd to spread")
		}
		if w.Jitter == No && l != nil && a.ownVerdictWait(l, w) {
			// Entered only after the operation's own verdict (a local
			// merge saw no change): it waits for local state, not for a
			// dependency to recover.
			w.Jitter = Unknown
			judged(ruleJitterVerdict, "entered only after the operation's own verdict: it waits for local state")
		}
		if w.Jitter == No && a.clockSchedule(we, w.Expr) {
			// time.Until(next), minAge - time.Since(last): a schedule or a
			// deadline, not a backoff.
			w.Jitter = Unknown
			judged(ruleJitterClock, "%s is computed from the clock: a schedule, not a backoff", delay)
		}
		if w.Jitter == No && w.Cause == nil && a.serverPacedAlways(we, w.Expr) {
			// The peer chose the delay (a Retry-After): pacing it is the
			// server's job, and jitter the client adds would only delay it.
			// A verdict with a cause is on the client's own backoff, the
			// delay when the peer asks for none (max(retryAfter, b.Next())).
			w.Jitter = Unknown
			judged(ruleJitterServer, "%s is the peer's delay: the server paces it", delay)
		}
		w.Growing = we.growing(w.Expr)
		switch {
		case w.Jitter == No && p.Jitter != Unknown:
			p.Jitter, p.JitterCause = No, w.Cause
			first = w // the last such wait is the cause
		case w.Jitter == Unknown && p.Jitter == Yes:
			p.Jitter = Unknown
			unknown = w
		}
	}
	var atOnce *ast.CallExpr
	notAtOnce := "a retry that is no loop is not judged for it"
	if len(delays) == 0 && l != nil {
		atOnce, notAtOnce = a.atOnce(l)
	}
	switch {
	case atOnce != nil:
		// Round at once against another process: the clients that
		// failed together come back together, with nothing between.
		op := atOnce
		p.AtOnce = op
		p.set(ruleJitterAtOnce, "jitter", No, op, "goes round at once when %s fails, and it reaches another process: no wait spreads the clients that failed together", short(op))
	case len(delays) == 0:
		// A retry that goes round at once has no delay to jitter:
		// whether its attempts herd is not a question of jitter.
		p.set(ruleJitterNoWait, "jitter", Unknown, nil, "retries at once, but %s: no delay to jitter", notAtOnce)
	case p.Jitter == Yes:
		p.decide(ruleJitterPolicy, "jitter", nil, "every wait jitters")
	case p.Jitter == No:
		p.decide(ruleJitterPolicy, "jitter", first.at(), "the wait %s does not jitter", short(first.at()))
	default:
		p.decide(ruleJitterPolicy, "jitter", unknown.at(), "the jitter of the wait %s is not known", short(unknown.at()))
	}
}

// successBranches are the bodies of the loop's if statements that run
// only on success: waits there are not between attempts.
func (a *analyzer) successBranches(l *loop) []ast.Node {
	var out []ast.Node
	walkLoop(l.body, func(n ast.Node) {
		if ifs, ok := n.(*ast.IfStmt); ok && a.successCond(ifs.Cond) {
			out = append(out, ifs.Body)
		}
	})
	return out
}

func within(nodes []ast.Node, n ast.Node) bool {
	for _, m := range nodes {
		if m.Pos() <= n.Pos() && n.End() <= m.End() {
			return true
		}
	}
	return false
}

// walkLoop visits the nodes of a loop body that belong to this loop: not
// those in nested loops or function literals.
func walkLoop(body *ast.BlockStmt, visit func(ast.Node)) {
	ast.Inspect(body, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.FuncLit, *ast.ForStmt, *ast.RangeStmt:
			return false
		}
		if n != nil {
			visit(n)
		}
		return true
	})
}

// conditionAttempt returns the call a loop's condition makes and tests
// for failure, the loop's operation (for op() != nil, for
// errors.Is(op(), errBusy)), or nil. A condition that tests a boolean
// (for !ready()) waits for a state, not for a failed attempt to succeed.
func (a *analyzer) conditionAttempt(l *loop) *ast.CallExpr {
	if l.cond == nil || l.gotoLoop {
		return nil
	}
	var attempt *ast.CallExpr
	for _, x := range conjuncts(l.cond) {
		if !a.failureCond(x) {
			continue
		}
		var sides []ast.Expr
		switch x := ast.Unparen(x).(type) {
		case *ast.BinaryExpr:
			sides = []ast.Expr{x.X, x.Y}
		case *ast.CallExpr:
			sides = x.Args
		}
		for _, side := range sides {
			if call, ok := ast.Unparen(side).(*ast.CallExpr); ok && a.isError(call) && !a.isContextErr(call) {
				attempt = call
			}
		}
	}
	return attempt
}

// walkWaits visits the nodes of a loop body whose waits are the loop's:
// those walkLoop visits, and those of a nested loop that runs no attempt
// of its own (for j := 0; j < 2; j++ { time.Sleep(d) }), which is a
// part of this loop's wait. A nested loop that runs an attempt, a retry
// or a poll, owns its waits: they are between its own attempts.
func (a *analyzer) walkWaits(body *ast.BlockStmt, visit func(ast.Node)) {
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ForStmt:
			return !a.attempts(&loop{node: n, body: n.Body})
		case *ast.RangeStmt:
			return !a.attempts(&loop{node: n, body: n.Body})
		}
		if n != nil {
			visit(n)
		}
		return true
	})
}

// retries says whether a loop is a retry: what the definition says of
// it, or, for a loop the definition does not see, retriesWhy.
func (a *analyzer) retries(l *loop) bool {
	if def, seen := a.definition(l.node); seen {
		return def.Kind == failedge.Retry
	}
	return a.retriesWhy(l) != nil
}

// retriesWhy decides, by its syntax, a loop the definition does not see:
// a range over a function, whose body SSA moves into a closure. It is a
// retry when a test of success leaves it and nothing after that test
// leaves, when a test of failure goes round and the loop leaves after
// it, or when it takes failed items from a queue it puts them back on.
// Inside a failure branch that does not leave, what goes round or leaves
// says nothing: success never reaches it. It returns the decision, or
// nil.
func (a *analyzer) retriesWhy(l *loop) *Decision {
	var why *Decision
	stranded := 0
	var visit func(list []ast.Stmt, inSwitch bool)
	visit = func(list []ast.Stmt, inSwitch bool) {
		for i, st := range list {
			if why != nil {
				return
			}
			switch st := st.(type) {
			case *ast.IfStmt:
				rest := list[i+1:]
				switch {
				case stranded > 0:
				case a.onSuccess(st.Cond) && a.exits(l, st.Body, inSwitch) && !a.exitsAfter(l, rest, inSwitch):
					d := decision(ruleLoopSuccessLeaves, "site", Yes, st.Cond, "leaves when %s", short(st.Cond))
					why = &d
					return
				case a.failureCond(st.Cond) && a.goesRound(l, st.Body) && a.exitsAfter(l, rest, inSwitch):
					d := decision(ruleLoopFailureGoes, "site", Yes, st.Cond, "goes round when %s, and leaves after", short(st.Cond))
					why = &d
					return
				}
				strand := a.failureCond(st.Cond) && !a.exitsAfter(l, rest, inSwitch) && (st.Else == nil || !a.exits(l, st.Else, inSwitch))
				if strand {
					stranded++
				}
				visit(st.Body.List, inSwitch)
				if strand {
					stranded--
				}
				if st.Else != nil {
					visit([]ast.Stmt{st.Else}, inSwitch)
				}
			case *ast.BlockStmt:
				visit(st.List, inSwitch)
			}
		}
	}
	visit(l.body.List, false)
	if why == nil && a.retryQueue(l) {
		d := decision(ruleLoopRetryQueue, "site", Yes, l.node, "takes its items from a queue it puts the failed ones back on")
		why = &d
	}
	return why
}

// considered says whether a loop is one a user may take for a retry,
// and so gets a NotSite when the model keeps it silent: it waits, or
// calls a function one of whose results is an error.
func (a *analyzer) considered(l *loop, delays []*Delay) bool {
	if len(delays) > 0 || a.attempts(l) {
		return true
	}
	waits := false
	walkLoop(l.body, func(n ast.Node) {
		if call, ok := n.(*ast.CallExpr); ok && a.waitOf(call) != nil {
			waits = true
		}
	})
	return waits
}

// notSite records a loop of d kept silent, and the rule that did.
func (a *analyzer) notSite(d *ast.FuncDecl, l *loop, r Rule, at ast.Node, format string, args ...any) {
	a.notSites[d] = append(a.notSites[d], &NotSite{Node: l.node, Trace: []Decision{decision(r, "site", No, at, format, args...)}})
}

// goesRound says whether a statement ends by going round the loop again:
// a continue of it (a goto back, for a goto loop), or a select or if one
// of whose branches does.
func (a *analyzer) goesRound(l *loop, st ast.Stmt) bool {
	switch st := st.(type) {
	case *ast.BlockStmt:
		return len(st.List) > 0 && a.goesRound(l, st.List[len(st.List)-1])
	case *ast.LabeledStmt:
		return a.goesRound(l, st.Stmt)
	case *ast.BranchStmt:
		target := a.labelOf(st.Label)
		if l.gotoLoop {
			return st.Tok == token.GOTO && target == l.label
		}
		return st.Tok == token.CONTINUE && (target == nil || target == l.label)
	case *ast.IfStmt:
		return a.goesRound(l, st.Body) || st.Else != nil && a.goesRound(l, st.Else)
	case *ast.SelectStmt:
		for _, c := range st.Body.List {
			if a.goesRound(l, &ast.BlockStmt{List: c.(*ast.CommClause).Body}) {
				return true
			}
		}
	case *ast.SwitchStmt, *ast.TypeSwitchStmt:
		// if err != nil && tries < 10 { switch { case errors.Is(err,
		// A): goto retry } }: a case that goes round
		var body *ast.BlockStmt
		if sw, ok := st.(*ast.SwitchStmt); ok {
			body = sw.Body
		} else {
			body = st.(*ast.TypeSwitchStmt).Body
		}
		for _, c := range body.List {
			if a.goesRound(l, &ast.BlockStmt{List: c.(*ast.CaseClause).Body}) {
				return true
			}
		}
	}
	return false
}

// onSuccess says whether a condition holds whenever the attempt
// succeeded, or only then: err == nil, alone, in a conjunction, or in a
// disjunction (err == nil || attempt > max).
func (a *analyzer) onSuccess(x ast.Expr) bool {
	if b, ok := ast.Unparen(x).(*ast.BinaryExpr); ok && b.Op == token.LOR {
		return a.onSuccess(b.X) || a.onSuccess(b.Y)
	}
	return a.successCond(x)
}

var errorType = types.Universe.Lookup("error").Type().Underlying().(*types.Interface)

func (a *analyzer) isError(x ast.Expr) bool {
	tv, ok := a.pass.TypesInfo.Types[x]
	return ok && !tv.IsNil() && tv.Type != nil && isErrorType(tv.Type)
}

// refsError says whether an expression looks at an operation's error: an
// error value other than a context's Err, which says the wait is over,
// not that an attempt failed.
func (a *analyzer) refsError(x ast.Expr) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && a.isContextErr(call) {
			return false
		}
		if e, ok := n.(ast.Expr); ok && !found && a.isError(e) {
			found = true
		}
		return !found
	})
	return found
}

func (a *analyzer) isContextErr(call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "Err" && isContext(a.pass.TypesInfo.TypeOf(sel.X))
}

// errorsAssigned are the error variables a loop assigns, in its body or
// post statement: the results of the attempts it repeats.
func (a *analyzer) errorsAssigned(l *loop) map[*types.Var]bool {
	out := map[*types.Var]bool{}
	ast.Inspect(l.node, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			if fs, ok := l.node.(*ast.ForStmt); ok && n == fs.Init {
				return true // for err := op(); ...: the post statement repeats it
			}
			for _, lhs := range n.Lhs {
				if id, ok := ast.Unparen(lhs).(*ast.Ident); ok {
					if v, ok := a.pass.TypesInfo.ObjectOf(id).(*types.Var); ok && isErrorType(v.Type()) {
						out[v] = true
					}
				}
			}
		}
		return true
	})
	if l.gotoLoop {
		ast.Inspect(l.body, func(n ast.Node) bool {
			if as, ok := n.(*ast.AssignStmt); ok {
				for _, lhs := range as.Lhs {
					if id, ok := ast.Unparen(lhs).(*ast.Ident); ok {
						if v, ok := a.pass.TypesInfo.ObjectOf(id).(*types.Var); ok && isErrorType(v.Type()) {
							out[v] = true
						}
					}
				}
			}
			_, isLit := n.(*ast.FuncLit)
			return !isLit
		})
	}
	return out
}

// successCond says whether a condition holds only on success: err == nil,
// alone or in a conjunction.
func (a *analyzer) successCond(x ast.Expr) bool {
	b, ok := ast.Unparen(x).(*ast.BinaryExpr)
	if !ok {
		return false
	}
	switch b.Op {
	case token.LAND:
		// err == nil && resp.StatusCode == 200 is success; err == nil &&
		// state == want waits for a state, which success alone does not
		// reach.
		return a.successCond(b.X) && a.successPart(b.Y) || a.successCond(b.Y) && a.successPart(b.X)
	case token.EQL:
		return a.isError(b.X) && a.isNil(b.Y) || a.isError(b.Y) && a.isNil(b.X)
	}
	return false
}

// successPart says whether a conjunct of a success test still tests the
// attempt: another success test, a status code, a result that came back.
func (a *analyzer) successPart(x ast.Expr) bool {
	if a.successCond(x) {
		return true
	}
	b, ok := ast.Unparen(x).(*ast.BinaryExpr)
	if !ok {
		return false
	}
	switch b.Op {
	case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
		if isStatusCode(b.X) || isStatusCode(b.Y) {
			return true
		}
	}
	return b.Op == token.NEQ && (a.isNil(b.X) || a.isNil(b.Y))
}

// failureCond says whether a condition holds only when an attempt failed:
// err != nil, err == ErrBusy, errors.Is(err, ...), isRetryable(err), a
// status code test, alone or combined.
func (a *analyzer) failureCond(x ast.Expr) bool {
	switch x := ast.Unparen(x).(type) {
	case *ast.BinaryExpr:
		switch x.Op {
		case token.LAND, token.LOR:
			return a.failureCond(x.X) || a.failureCond(x.Y)
		case token.NEQ:
			return a.isError(x.X) && a.isNil(x.Y) || a.isError(x.Y) && a.isNil(x.X)
		case token.EQL:
			return a.isError(x.X) && !a.isNil(x.Y) || a.isError(x.Y) && !a.isNil(x.X) || isStatusCode(x.X) || isStatusCode(x.Y)
		case token.GEQ, token.GTR, token.LSS, token.LEQ:
			return isStatusCode(x.X) || isStatusCode(x.Y)
		}
	case *ast.CallExpr:
		return a.errorPredicate(x)
	case *ast.Ident:
		return a.matchFlag(x)
	}
	return false
}

// matchFlag says whether x is a boolean variable every assignment of
// which says the error matched: the ok of errors.AsType[T](err), which is
// true only for an error of type T, or ok := errors.As(err, &target).
func (a *analyzer) matchFlag(x *ast.Ident) bool {
	v, ok := a.pass.TypesInfo.Uses[x].(*types.Var)
	if !ok {
		return false
	}
	if a.matchFlags == nil {
		a.matchFlags = a.errorMatchFlags()
	}
	return a.matchFlags[v]
}

// errorMatchFlags returns the boolean variables of the package whose
// every assignment is the ok of errors.AsType or a call of a predicate
// of an error.
func (a *analyzer) errorMatchFlags() map[*types.Var]bool {
	out := map[*types.Var]bool{}
	other := map[*types.Var]bool{}
	note := func(lhs ast.Expr, match bool) {
		id, ok := ast.Unparen(lhs).(*ast.Ident)
		if !ok {
			return
		}
		if v, ok := a.pass.TypesInfo.ObjectOf(id).(*types.Var); ok {
			if match {
				out[v] = true
			} else {
				other[v] = true
			}
		}
	}
	for _, f := range a.sourceFiles() {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				if len(n.Lhs) == 2 && len(n.Rhs) == 1 {
					call, ok := ast.Unparen(n.Rhs[0]).(*ast.CallExpr)
					note(n.Lhs[0], false)
					note(n.Lhs[1], ok && a.isAsType(call))
					return true
				}
				for i, lhs := range n.Lhs {
					match := false
					if len(n.Lhs) == len(n.Rhs) {
						call, ok := ast.Unparen(n.Rhs[i]).(*ast.CallExpr)
						match = ok && a.errorPredicate(call)
					}
					note(lhs, match)
				}
			case *ast.ValueSpec:
				for _, name := range n.Names {
					note(name, false)
				}
			case *ast.UnaryExpr:
				if n.Op == token.AND {
					note(n.X, false)
				}
			}
			return true
		})
	}
	for v := range other {
		delete(out, v)
	}
	return out
}

// isAsType says whether a call is errors.AsType[T](err), whose second
// result is true only when err is, or wraps, an error of type T.
func (a *analyzer) isAsType(call *ast.CallExpr) bool {
	fn, ok := typeutil.Callee(a.pass.TypesInfo, call).(*types.Func)
	return ok && fn.Pkg() != nil && fn.Pkg().Path() == "errors" && fn.Name() == "AsType" && len(call.Args) == 1 && a.isError(call.Args[0])
}

func isStatusCode(x ast.Expr) bool {
	sel, ok := ast.Unparen(x).(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "StatusCode"
}

// errorPredicate says whether a call is a boolean function of an error:
// errors.Is(err, ...), isRetryable(err), c.shouldRetry(resp, err).
func (a *analyzer) errorPredicate(call *ast.CallExpr) bool {
	if a.isContextErr(call) {
		return false
	}
	sig, ok := a.pass.TypesInfo.TypeOf(call.Fun).(*types.Signature)
	if !ok || sig.Results().Len() < 1 {
		return false
	}
	if b, ok := sig.Results().At(0).Type().Underlying().(*types.Basic); !ok || b.Kind() != types.Bool {
		return false
	}
	for _, arg := range call.Args {
		if a.isError(arg) {
			return true
		}
	}
	return false
}

// textMatch says whether a boolean call matches an error's text against a
// constant, or with a matcher made from one: strings.Contains(err.Error(),
// "database is locked"), locked.MatchString(err.Error()) where locked is a
// package variable made by a call given a constant (regexp.MustCompile),
// with the text held in a variable or not. A retry that goes round only
// on such a match tells errors apart as much as errors.Is does.
func (a *analyzer) textMatch(call *ast.CallExpr) bool {
	text, pattern := false, false
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok {
			if v, ok := a.pass.TypesInfo.Uses[id].(*types.Var); ok {
				if init, ok := ast.Unparen(a.globals[v]).(*ast.CallExpr); ok {
					pattern = slices.ContainsFunc(init.Args, a.isConstString)
				}
			}
		}
	}
	for _, arg := range call.Args {
		switch {
		case a.errorText(arg):
			text = true
		case a.isConstString(arg):
			pattern = true
		}
	}
	return text && pattern
}

func (a *analyzer) isConstString(x ast.Expr) bool {
	tv := a.pass.TypesInfo.Types[x]
	return tv.Value != nil && tv.Value.Kind() == constant.String
}

// errorText says whether x is an error's Error() text, or a variable every
// assignment of which in the package is one.
func (a *analyzer) errorText(x ast.Expr) bool {
	if a.isError(x) {
		return false
	}
	if a.errorOrText(x) {
		return true
	}
	id, ok := ast.Unparen(x).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := a.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok {
		return false
	}
	if a.texts == nil {
		a.texts = a.errorTexts()
	}
	return a.texts[v]
}

// errorTexts returns the variables of the package whose every assignment
// is an error's Error() text (text := err.Error()).
func (a *analyzer) errorTexts() map[*types.Var]bool {
	out := map[*types.Var]bool{}
	other := map[*types.Var]bool{}
	note := func(lhs ast.Expr, rhs ast.Expr) {
		id, ok := ast.Unparen(lhs).(*ast.Ident)
		if !ok {
			return
		}
		v, ok := a.pass.TypesInfo.ObjectOf(id).(*types.Var)
		if !ok {
			return
		}
		if rhs != nil && a.errorOrText(rhs) && !a.isError(rhs) {
			out[v] = true
		} else {
			other[v] = true
		}
	}
	for _, f := range a.sourceFiles() {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				for i, lhs := range n.Lhs {
					var rhs ast.Expr
					if len(n.Lhs) == len(n.Rhs) {
						rhs = n.Rhs[i]
					}
					note(lhs, rhs)
				}
			case *ast.ValueSpec:
				for i, name := range n.Names {
					var rhs ast.Expr
					if len(n.Names) == len(n.Values) {
						rhs = n.Values[i]
					}
					note(name, rhs)
				}
			case *ast.UnaryExpr:
				if n.Op == token.AND {
					if id, ok := ast.Unparen(n.X).(*ast.Ident); ok {
						if v, ok := a.pass.TypesInfo.Uses[id].(*types.Var); ok {
							other[v] = true
						}
					}
				}
			}
			return true
		})
	}
	for v := range other {
		delete(out, v)
	}
	return out
}

// retryDecisions are the boolean variables a loop assigns from a
// predicate of an error: shouldRetry, _ := c.CheckRetry(ctx, resp, err).
func (a *analyzer) retryDecisions(l *loop) map[*types.Var]bool {
	out := map[*types.Var]bool{}
	walkLoop(l.body, func(n ast.Node) {
		// if err != nil { shouldRetry = true }
		if ifs, ok := n.(*ast.IfStmt); ok && a.failureCond(ifs.Cond) {
			ast.Inspect(ifs.Body, func(m ast.Node) bool {
				if as, ok := m.(*ast.AssignStmt); ok && len(as.Lhs) == 1 && len(as.Rhs) == 1 {
					if tv := a.pass.TypesInfo.Types[as.Rhs[0]]; tv.Value != nil && tv.Value.String() == "true" {
						if id, ok := ast.Unparen(as.Lhs[0]).(*ast.Ident); ok {
							if v, ok := a.pass.TypesInfo.ObjectOf(id).(*types.Var); ok {
								out[v] = true
							}
						}
					}
				}
				_, isLit := m.(*ast.FuncLit)
				return !isLit
			})
		}
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Rhs) != 1 {
			return
		}
		if v := a.verdict(l, as); v != nil {
			out[v] = true
			return
		}
		call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
		if !ok || !a.errorPredicate(call) {
			// needsRetry := err != nil && !permanent: a flag set from a
			// test of the failure.
			if len(as.Lhs) != 1 || !isBoolType(a.pass.TypesInfo.TypeOf(as.Rhs[0])) || !a.failureCond(as.Rhs[0]) {
				return
			}
		}
		if id, ok := ast.Unparen(as.Lhs[0]).(*ast.Ident); ok {
			if v, ok := a.pass.TypesInfo.ObjectOf(id).(*types.Var); ok {
				out[v] = true
			}
		}
	})
	return out
}

// negatedDecision says whether a condition is "do not retry": the
// negation of a predicate of the error, or of a variable assigned from
// one.
func (a *analyzer) negatedDecision(x ast.Expr, decisions map[*types.Var]bool) bool {
	if b, ok := ast.Unparen(x).(*ast.BinaryExpr); ok && b.Op == token.LOR {
		// !shouldRetry(err) || n == max: leaves whenever the decision
		// says no.
		return a.negatedDecision(b.X, decisions) || a.negatedDecision(b.Y, decisions)
	}
	u, ok := ast.Unparen(x).(*ast.UnaryExpr)
	if !ok || u.Op != token.NOT {
		return false
	}
	switch y := ast.Unparen(u.X).(type) {
	case *ast.CallExpr:
		return a.errorPredicate(y)
	case *ast.Ident:
		v, ok := a.pass.TypesInfo.Uses[y].(*types.Var)
		return ok && decisions[v]
	}
	return false
}

func (a *analyzer) isNil(x ast.Expr) bool {
	tv, ok := a.pass.TypesInfo.Types[x]
	return ok && tv.IsNil()
}

// isErrorType says whether t is an interface that implements error: the
// type of a variable that holds an attempt's error.
func isErrorType(t types.Type) bool {
	_, isIface := t.Underlying().(*types.Interface)
	return isIface && types.Implements(t, errorType)
}

// attempts says whether a loop runs an attempt itself: a call that
// returns an error, other than a wait or a context's Err. A loop that
// only collects results from elsewhere (a channel of racing dials) is
// not a retry.
func (a *analyzer) attempts(l *loop) bool {
	found := false
	check := func(n ast.Node) {
		call, ok := n.(*ast.CallExpr)
		if !ok || found || a.isContextErr(call) || a.waitOf(call) != nil {
			return
		}
		t := a.pass.TypesInfo.TypeOf(call.Fun)
		if t == nil {
			return
		}
		sig, ok := t.Underlying().(*types.Signature) // op(ctx), with op of a named func type
		if !ok {
			return
		}
		for i := range sig.Results().Len() {
			if isErrorType(sig.Results().At(i).Type()) {
				found = true
			}
		}
	}
	ast.Inspect(l.body, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.FuncLit, *ast.GoStmt:
			return false // another execution's calls
		}
		check(n)
		return !found
	})
	if fs, ok := l.node.(*ast.ForStmt); ok {
		for _, n := range []ast.Node{fs.Cond, fs.Post} {
			if n != nil {
				ast.Inspect(n, func(m ast.Node) bool { check(m); return true })
			}
		}
	}
	if r, ok := l.node.(*ast.RangeStmt); ok {
		ast.Inspect(r.X, func(m ast.Node) bool { check(m); return true })
	}
	return found
}
