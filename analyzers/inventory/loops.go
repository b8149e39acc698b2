package inventory

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"
	"time"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/retrylint/retrylint/analyzers/internal/analysisutil"
	"github.com/retrylint/retrylint/analyzers/internal/localvars"
	"github.com/retrylint/retrylint/analyzers/retrysite"
)

// maxCounted bounds the attempts whose waits are added one by one.
const maxCounted = 100000

// counter is a loop's own counter, as its header moves it: start at the
// first attempt, moved by step before each next one.
type counter struct {
	v           *types.Var // nil for a range over a number without a key
	start, step int64
}

// loopSchedule reads a loop's bounds from its header and adds up its
// waits, attempt by attempt, with the counter at its value.
func (l *lister) loopSchedule(s *retrysite.Site) schedule {
	if s.Enclosing == nil || s.Enclosing.Body == nil {
		return unknownSchedule("not in a function")
	}
	if s.Poller {
		// Success does not leave it: it may wait after successes too,
		// which its delays do not count.
		return unknownSchedule("a poller: it goes on after a success, and its waits after one are not counted")
	}
	scope := localvars.New(l.pass.TypesInfo, s.Enclosing.Type, s.Enclosing.Body)
	var body *ast.BlockStmt
	switch n := s.Node.(type) {
	case *ast.ForStmt:
		body = n.Body
	case *ast.RangeStmt:
		body = n.Body
	}
	attempts, ctr, elapsed := l.loopBounds(scope, s.Node, body)
	sched := schedule{attempts: attempts, elapsed: elapsed}
	if attempts == 0 && elapsed == 0 {
		sched.how = "the loop's header states no constant count or deadline"
		return sched
	}
	for _, d := range s.Delays {
		at := ast.Node(d.Wait)
		if d.Via != nil {
			at = d.Via
		}
		if !onceIn(body, at) {
			sched.how = "a wait is not once per attempt in the loop's body (it is outside it, or in an inner loop or a function literal)"
			return sched
		}
	}
	if why := l.uncountedWait(body, s.Delays); why != "" {
		sched.how = why
		return sched
	}
	if len(s.Delays) == 0 {
		sched.known, sched.how = true, "no wait between attempts (none that retrysite recognises: a wait of the rules, or a function known to wait)"
		return sched
	}
	var best time.Duration
	if attempts > 0 && attempts <= maxCounted {
		total, how, why := l.countedWaits(scope, s.Enclosing.Body, s.Node, body, s.Delays, ctr, attempts)
		if why != "" {
			sched.how = why
		} else {
			best, sched.known, sched.how = total, true, how
		}
	}
	if elapsed > 0 {
		// An attempt starts only before the deadline: the waits of
		// the attempts before the last fit in the cap, and the last
		// attempt adds its own.
		per, how, why := l.counted(scope, s.Delays, nil)
		if why == "" {
			if w := addDuration(elapsed, per); !sched.known || w < best {
				best, sched.known = w, true
				sched.how = fmt.Sprintf("the elapsed-time cap %s + one attempt's waits (%s)", elapsed, how)
			}
		} else if !sched.known {
			sched.how = why
		}
	}
	sched.wait = best
	return sched
}

// countedWaits adds up the waits of attempts attempts, the counter at
// each one's value and the variables the body moves on (see stepped) at
// theirs where each wait is.
func (l *lister) countedWaits(scope *localvars.Scope, fn *ast.BlockStmt, loop ast.Node, body *ast.BlockStmt, delays []*retrysite.Delay, ctr *counter, attempts int64) (time.Duration, string, string) {
	st := l.stepped(scope, fn, loop, body)
	state := map[*types.Var]interval{}
	for v, iv := range st.initial {
		state[v] = iv
	}
	var total time.Duration
	var per []string
	same := true
	for k := range attempts {
		env := map[*types.Var]interval{}
		if ctr != nil && ctr.v != nil {
			env[ctr.v] = point(constantInt(ctr.start + k*ctr.step))
		}
		// The body's statements in order: an update moves its variable
		// on; a wait sees the values of the updates before it.
		at := map[*retrysite.Delay]map[*types.Var]interval{}
		for i, stmt := range body.List {
			for _, d := range delays {
				if n := waitNode(d); stmt.Pos() <= n.Pos() && n.End() <= stmt.End() {
					at[d] = withState(env, state)
				}
			}
			if u := st.updates[i]; u != nil {
				next, ok := l.step(scope, u, withState(env, state))
				if !ok {
					delete(state, u.v) // its value is not known from here on
					continue
				}
				state[u.v] = next
			}
		}
		w, how, why := l.counted(scope, delays, func(d *retrysite.Delay) map[*types.Var]interval {
			if e, ok := at[d]; ok {
				return e
			}
			return env
		})
		if why != "" {
			return 0, "", why
		}
		total = addDuration(total, w)
		if k > 0 && how != per[0] {
			same = false
		}
		per = append(per, how)
	}
	if same {
		return total, fmt.Sprintf("%d attempts, each followed by at most %s", attempts, per[0]), ""
	}
	if len(per) > 8 {
		per = append(per[:3], "…", per[len(per)-1])
	}
	return total, fmt.Sprintf("%d attempts, followed by at most %s", attempts, strings.Join(per, ", ")), ""
}

func waitNode(d *retrysite.Delay) ast.Node {
	if d.Via != nil {
		return d.Via
	}
	return d.Wait
}

func withState(env, state map[*types.Var]interval) map[*types.Var]interval {
	out := make(map[*types.Var]interval, len(env)+len(state))
	for v, iv := range env {
		out[v] = iv
	}
	for v, iv := range state {
		out[v] = iv
	}
	return out
}

// counted adds up the waits of one attempt, the variables of each
// delay's environment at their values; it says why when it cannot.
func (l *lister) counted(scope *localvars.Scope, delays []*retrysite.Delay, envOf func(*retrysite.Delay) map[*types.Var]interval) (time.Duration, string, string) {
	var total time.Duration
	var parts []string
	for _, d := range delays {
		if !isDuration(l.pass.TypesInfo.TypeOf(d.Expr)) {
			return 0, "", "a wait takes no duration (a backoff object's own wait)"
		}
		var env map[*types.Var]interval
		if envOf != nil {
			env = envOf(d)
		}
		e := &evaluator{l: l, scope: scope, env: env}
		if d.Via != nil {
			e.scope = nil // the delay is an expression of the function the loop calls
		}
		iv, ok := e.eval(d.Expr)
		if !ok {
			return 0, "", "a delay is not computed from constants, the loop's counter and the variables it moves on"
		}
		hi, lo, ok := durationOf(iv)
		if !ok {
			return 0, "", "a delay may be negative or overflow"
		}
		total = addDuration(total, time.Duration(hi))
		if hi != lo {
			parts = append(parts, fmt.Sprintf("%s..%s", time.Duration(lo), time.Duration(hi)))
		} else {
			parts = append(parts, time.Duration(hi).String())
		}
	}
	return total, strings.Join(parts, " + "), ""
}

// steps are the variables a loop's body moves on once per attempt: a
// local variable set once before the loop (and not in a loop around
// both, whose next round would start from where this loop left it)
// and, in the loop, only by
// statements of the body's own list (delay *= 2, delay = min(delay*2,
// max), if delay > max { delay = max }, n++), which every attempt that
// goes round runs in order when the body holds no continue or goto.
type steps struct {
	initial map[*types.Var]interval
	updates map[int]*update // by index in the body's list
}

type update struct {
	v    *types.Var
	stmt ast.Stmt
}

func (l *lister) stepped(scope *localvars.Scope, fn *ast.BlockStmt, loop ast.Node, body *ast.BlockStmt) *steps {
	out := &steps{initial: map[*types.Var]interval{}, updates: map[int]*update{}}
	if jumps(body) {
		return out
	}
	byVar := map[*types.Var][]int{}
	for i, stmt := range body.List {
		if v := l.updated(stmt); v != nil {
			out.updates[i] = &update{v, stmt}
			byVar[v] = append(byVar[v], i)
		}
	}
	for v, idx := range byVar {
		keep := false
		func() {
			if _, isParam := scope.Params[v]; isParam || l.addressTaken(v) {
				return
			}
			var before []localvars.Def
			inside := 0
			for _, d := range scope.Defs[v] {
				switch {
				case d.End <= loop.Pos():
					before = append(before, d)
				case d.End <= loop.End():
					inside++
				}
			}
			// Every set of it in the loop is one of its updates (a clamp
			// sets it once, in its if).
			if len(before) != 1 || before[0].Op || before[0].Range || before[0].Index >= 0 || before[0].Expr == nil || inside != len(idx) {
				return
			}
			if repeated(fn, loop, before[0].End) {
				return
			}
			iv, ok := (&evaluator{l: l, scope: scope}).eval(before[0].Expr)
			if !ok {
				return
			}
			out.initial[v] = iv
			keep = true
		}()
		if !keep {
			for _, i := range idx {
				delete(out.updates, i)
			}
		}
	}
	return out
}

// updated returns the variable a statement of a loop's body moves on:
// v op= x, v = x, v++ or v--, or a clamp if v > x { v = x }.
func (l *lister) updated(stmt ast.Stmt) *types.Var {
	switch s := stmt.(type) {
	case *ast.AssignStmt:
		if len(s.Lhs) != 1 || len(s.Rhs) != 1 || s.Tok == token.DEFINE {
			return nil
		}
		return l.varOf(s.Lhs[0])
	case *ast.IncDecStmt:
		return l.varOf(s.X)
	case *ast.IfStmt:
		if v, _ := l.clamp(s); v != nil {
			return v
		}
	}
	return nil
}

// clamp reads if v > x { v = x } (or >=), with nothing else.
func (l *lister) clamp(s *ast.IfStmt) (*types.Var, ast.Expr) {
	if s.Init != nil || s.Else != nil || len(s.Body.List) != 1 {
		return nil, nil
	}
	cond, ok := ast.Unparen(s.Cond).(*ast.BinaryExpr)
	if !ok || cond.Op != token.GTR && cond.Op != token.GEQ {
		return nil, nil
	}
	as, ok := s.Body.List[0].(*ast.AssignStmt)
	if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
		return nil, nil
	}
	v := l.varOf(cond.X)
	if v == nil || l.varOf(as.Lhs[0]) != v || types.ExprString(as.Rhs[0]) != types.ExprString(cond.Y) {
		return nil, nil
	}
	return v, cond.Y
}

// step computes a variable's value after one of its updates.
func (l *lister) step(scope *localvars.Scope, u *update, env map[*types.Var]interval) (interval, bool) {
	e := &evaluator{l: l, scope: scope, env: env}
	cur, ok := env[u.v]
	if !ok {
		return interval{}, false
	}
	integer := isInteger(u.v.Type())
	switch s := u.stmt.(type) {
	case *ast.AssignStmt:
		x, ok := e.eval(s.Rhs[0])
		if !ok {
			return interval{}, false
		}
		if s.Tok == token.ASSIGN {
			return x, true
		}
		op := map[token.Token]token.Token{token.ADD_ASSIGN: token.ADD, token.SUB_ASSIGN: token.SUB, token.MUL_ASSIGN: token.MUL,
			token.QUO_ASSIGN: token.QUO, token.SHL_ASSIGN: token.SHL, token.SHR_ASSIGN: token.SHR}[s.Tok]
		if op == token.ILLEGAL {
			return interval{}, false
		}
		return combine(op, cur, x, integer)
	case *ast.IncDecStmt:
		op := token.ADD
		if s.Tok == token.DEC {
			op = token.SUB
		}
		return combine(op, cur, point(one), integer)
	case *ast.IfStmt:
		_, bound := l.clamp(s)
		b, ok := e.eval(bound)
		if !ok {
			return interval{}, false
		}
		lower := func(x, y constant.Value) constant.Value {
			if constant.Compare(x, token.LSS, y) {
				return x
			}
			return y
		}
		return interval{lower(cur.lo, b.lo), lower(cur.hi, b.hi)}, true
	}
	return interval{}, false
}

// repeated says whether a loop or function literal of fn holds loop but
// not the position at: at runs once, the loop many times.
func repeated(fn *ast.BlockStmt, loop ast.Node, at token.Pos) bool {
	found := false
	ast.Inspect(fn, func(m ast.Node) bool {
		if found || m == nil || m == loop || m.Pos() > loop.Pos() || m.End() < loop.End() {
			return false
		}
		switch m.(type) {
		case *ast.ForStmt, *ast.RangeStmt, *ast.FuncLit:
			if at < m.Pos() || at > m.End() {
				found = true
			}
		}
		return !found
	})
	return found
}

// jumps says whether a loop's body can skip the rest of an attempt and
// go round: a continue of the loop (not of an inner one), or a goto.
func jumps(body *ast.BlockStmt) bool {
	found := false
	var visit func(n ast.Node, inner bool)
	visit = func(n ast.Node, inner bool) {
		ast.Inspect(n, func(m ast.Node) bool {
			if found || m == nil {
				return false
			}
			switch m := m.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ForStmt, *ast.RangeStmt:
				if m != n {
					visit(m, true)
					return false
				}
			case *ast.BranchStmt:
				if m.Tok == token.GOTO || m.Tok == token.CONTINUE && (!inner || m.Label != nil) {
					found = true
				}
			}
			return true
		})
	}
	visit(body, false)
	return found
}

// loopBounds reads the bounds a loop's header states: a counter that the
// header alone moves (for i := 0; i < 5; i++, for range 5) and a clock
// comparison with a constant (for time.Since(start) < d). A bound the
// body states is not read.
func (l *lister) loopBounds(scope *localvars.Scope, node ast.Node, body *ast.BlockStmt) (attempts int64, ctr *counter, elapsed time.Duration) {
	switch n := node.(type) {
	case *ast.RangeStmt:
		if !isInteger(l.pass.TypesInfo.TypeOf(n.X)) {
			return 0, nil, 0
		}
		v, ok := l.intConst(scope, n.X)
		if !ok || v <= 0 {
			return 0, nil, 0
		}
		ctr := &counter{start: 0, step: 1}
		if n.Key != nil {
			ctr.v = l.varOf(n.Key)
			if ctr.v != nil && l.assignedIn(ctr.v, body) {
				ctr.v = nil // the waits cannot follow it; the count holds
			}
		}
		return v, ctr, 0
	case *ast.ForStmt:
		if n.Cond == nil {
			return 0, nil, 0
		}
		for _, c := range conjuncts(n.Cond) {
			if a, cc, ok := l.countBound(scope, n, c); ok && (attempts == 0 || a < attempts) {
				attempts, ctr = a, cc
			}
			if e, ok := l.clockBound(scope, n, c); ok && (elapsed == 0 || e < elapsed) {
				elapsed = e
			}
		}
	}
	return attempts, ctr, elapsed
}

// conjuncts splits x && y && z.
func conjuncts(x ast.Expr) []ast.Expr {
	if b, ok := ast.Unparen(x).(*ast.BinaryExpr); ok && b.Op == token.LAND {
		return append(conjuncts(b.X), conjuncts(b.Y)...)
	}
	return []ast.Expr{x}
}

// countBound reads a comparison of the loop's counter with a constant:
// the counter starts at a constant in the loop's init and moves by one
// in its post statement, and nowhere else.
func (l *lister) countBound(scope *localvars.Scope, loop *ast.ForStmt, cond ast.Expr) (int64, *counter, bool) {
	bin, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return 0, nil, false
	}
	init, ok := loop.Init.(*ast.AssignStmt)
	if !ok || len(init.Lhs) != 1 || len(init.Rhs) != 1 || (init.Tok != token.DEFINE && init.Tok != token.ASSIGN) {
		return 0, nil, false
	}
	v := l.varOf(init.Lhs[0])
	if v == nil {
		return 0, nil, false
	}
	start, ok := l.intConst(scope, init.Rhs[0])
	if !ok {
		return 0, nil, false
	}
	var step int64
	switch post := loop.Post.(type) {
	case *ast.IncDecStmt:
		if l.varOf(post.X) != v {
			return 0, nil, false
		}
		step = 1
		if post.Tok == token.DEC {
			step = -1
		}
	case *ast.AssignStmt:
		if len(post.Lhs) != 1 || len(post.Rhs) != 1 || l.varOf(post.Lhs[0]) != v {
			return 0, nil, false
		}
		by, ok := l.intConst(scope, post.Rhs[0])
		if !ok || by != 1 {
			return 0, nil, false
		}
		switch post.Tok {
		case token.ADD_ASSIGN:
			step = 1
		case token.SUB_ASSIGN:
			step = -1
		default:
			return 0, nil, false
		}
	default:
		return 0, nil, false
	}
	if l.assignedIn(v, loop.Body) {
		return 0, nil, false
	}
	op, other := bin.Op, bin.Y
	switch {
	case l.varOf(bin.X) == v:
	case l.varOf(bin.Y) == v:
		op, other = analysisutil.Mirror(bin.Op), bin.X
	default:
		return 0, nil, false
	}
	limit, ok := l.intConst(scope, other)
	if !ok {
		return 0, nil, false
	}
	var n int64
	switch {
	case step > 0 && op == token.LSS:
		n = limit - start
	case step > 0 && op == token.LEQ:
		n = limit - start + 1
	case step < 0 && op == token.GTR:
		n = start - limit
	case step < 0 && op == token.GEQ:
		n = start - limit + 1
	default:
		return 0, nil, false
	}
	return n, &counter{v: v, start: start, step: step}, n > 0
}

// clockBound reads time.Since(start) < d (or <=), d a constant duration
// and start a variable the loop never sets.
func (l *lister) clockBound(scope *localvars.Scope, loop *ast.ForStmt, cond ast.Expr) (time.Duration, bool) {
	bin, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return 0, false
	}
	since, limit := bin.X, bin.Y
	switch bin.Op {
	case token.LSS, token.LEQ:
	case token.GTR, token.GEQ:
		since, limit = bin.Y, bin.X
	default:
		return 0, false
	}
	call, ok := ast.Unparen(since).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 || !isFunc(l.pass.TypesInfo, call, "time", "Since") {
		return 0, false
	}
	start := l.varOf(call.Args[0])
	if start == nil || l.assignedIn(start, loop) {
		return 0, false
	}
	d, ok := l.durationConst(scope, limit)
	return d, ok && d > 0
}

// onceIn says whether n is in body outside any loop, function literal
// or go statement nested in it: it runs at most once per attempt.
func onceIn(body *ast.BlockStmt, n ast.Node) bool {
	if body == nil || n.Pos() < body.Pos() || n.End() > body.End() {
		return false
	}
	ok := true
	ast.Inspect(body, func(m ast.Node) bool {
		if m == nil || !ok || m.Pos() > n.Pos() || m.End() < n.End() {
			return false
		}
		switch m.(type) {
		case *ast.ForStmt, *ast.RangeStmt, *ast.FuncLit, *ast.GoStmt:
			ok = false
		}
		return ok
	})
	return ok
}

// uncountedWait finds a wait of the rules in an inner loop or a function
// literal of the body that is none of the site's delays: it may run any
// number of times per attempt, which the delays do not say.
func (l *lister) uncountedWait(body *ast.BlockStmt, delays []*retrysite.Delay) string {
	counted := map[ast.Node]bool{}
	for _, d := range delays {
		counted[d.Wait] = true
	}
	why := ""
	var visit func(n ast.Node, nested bool)
	visit = func(n ast.Node, nested bool) {
		ast.Inspect(n, func(m ast.Node) bool {
			if why != "" || m == nil {
				return false
			}
			switch m := m.(type) {
			case *ast.ForStmt, *ast.RangeStmt, *ast.FuncLit:
				if m != n {
					visit(m, true)
					return false
				}
			case *ast.CallExpr:
				if fn := typeutil.StaticCallee(l.pass.TypesInfo, m); fn != nil && nested && !counted[m] && l.rules.Wait(fn) != nil {
					why = fmt.Sprintf("a wait (%s) in an inner loop or function literal may run any number of times per attempt", funcLabel(fn))
				}
			}
			return true
		})
	}
	visit(body, false)
	return why
}
