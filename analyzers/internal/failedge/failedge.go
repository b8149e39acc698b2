package failedge

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"regexp"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// Kind is what a loop or a recursion is.
type Kind int

const (
	NotRetry Kind = iota
	// Retry goes round only on a failure of its operation.
	Retry
	// Poller goes round on success too; PollerBackoff also waits only
	// on the way round that follows a failure.
	Poller
	PollerBackoff
)

func (k Kind) String() string {
	switch k {
	case Retry:
		return "retry"
	case Poller:
		return "poller"
	case PollerBackoff:
		return "poller-with-backoff"
	}
	return "not-a-retry"
}

// Rule IDs, one per decision a loop or a recursion can get.
const (
	RuleFailureEdge   = "loop.failure-edge"
	RulePoller        = "loop.poller"
	RulePollerBackoff = "loop.poller-backoff"
	RuleNoFailureEdge = "loop.no-failure-edge"
	RuleNoOperation   = "loop.no-operation"
	RuleFailover      = "loop.failover"
	RuleNextValue     = "loop.next-value"
	RuleWalk          = "loop.walk"
	RuleFallback      = "loop.fallback"
	RuleRecursion     = "recursion.failure-edge"
	// RuleRecursionStructure: a recursion that would be a retry walks
	// down a part of its parameter instead.
	RuleRecursionStructure = "recursion.structure"
)

// Decision is what the definition says of one loop or one recursive
// call.
type Decision struct {
	Kind Kind
	Rule string
	// Loop is the statement that holds the loop: a for or range
	// statement, or the labelled statement a goto goes back to; for a
	// recursion, the call of the function itself.
	Loop ast.Node
	// Pos is where the loop or recursive call starts.
	Pos token.Pos
	// Op is the operation's call, Test the branch whose failure outcome
	// goes round; NoPos when there is none.
	Op, Test token.Pos
	// Waits are the waits that lie only on the failure's way round.
	Waits []token.Pos
	// Verdict marks a retry whose failure edge tests a bool the
	// operation returns beside its error (retry, err := run(); if
	// !retry { return err }): the operation classifies its failures.
	Verdict bool
	// Refusal marks a retry that goes round only on a refusal the
	// service answered (a 4xx status: 401 before a token is renewed, 429),
	// never after an error of the call: no attempt follows a silence in
	// which the last one may have taken effect.
	Refusal bool
	// OnError marks a retry that goes round on its operation's error
	// (err != nil), not only on an answer (a status, a state).
	OnError bool
	Says    string
}

// Options say what the definition needs from the rule packs.
type Options struct {
	// IsWait says whether a call of fn pauses (time.Sleep, time.After,
	// a backoff's Wait): a wait is never an operation.
	IsWait func(fn *types.Func) bool
	// NoReturn says whether a function never returns (os.Exit,
	// log.Fatal): Package's build ends a block at a call of one.
	NoReturn func(fn *types.Func) bool
	// IsRandom says whether fn belongs to a random source (the packs'
	// random: rows): local, it is never a retried operation.
	IsRandom func(fn *types.Func) bool
}

// Analyze decides each loop of fn and of the closures it holds, and
// each call fn makes of itself.
func Analyze(fn *ssa.Function, opt Options) []Decision {
	var out []Decision
	var visit func(f *ssa.Function)
	visit = func(f *ssa.Function) {
		out = append(out, analyzeFunc(f, opt)...)
		for _, anon := range f.AnonFuncs {
			visit(anon)
		}
	}
	visit(fn)
	slices.SortStableFunc(out, func(a, b Decision) int { return int(a.Pos) - int(b.Pos) })
	return out
}

func analyzeFunc(fn *ssa.Function, opt Options) []Decision {
	if len(fn.Blocks) == 0 {
		return nil
	}
	var out []Decision
	for _, l := range naturalLoops(fn) {
		node := loopNode(fn, l)
		if node == nil {
			continue // a loop the builder made (a range over a function's yield), with no statement of its own
		}
		if overBudget(l.blocks, opt) {
			continue // left undecided: the syntax rules read it
		}
		d := decideLoop(fn, l, opt)
		d.Loop, d.Pos = node, node.Pos()
		out = append(out, d)
	}
	out = append(out, recursions(fn, opt)...)
	return out
}

// workBudget bounds the searches one loop or recursion may cost: each
// operation's verdict walks the loop's blocks a few times, so a loop of
// b blocks holding n operations costs about n*b steps. Generated code
// (a visitor of a thousand cases that calls itself in each) passes it,
// and is left undecided.
const workBudget = 1 << 20

// overBudget says whether deciding the blocks would pass workBudget.
func overBudget(blocks []*ssa.BasicBlock, opt Options) bool {
	ops := 0
	for _, b := range blocks {
		for _, instr := range b.Instrs {
			if call, ok := instr.(*ssa.Call); ok && isOperation(call, opt) {
				ops++
			}
		}
	}
	return ops*len(blocks) > workBudget
}

// candidate is one operation's verdict on a loop.
type candidate struct {
	kind  Kind
	weak  bool // every failure edge that goes round is weak
	op    *ssa.Call
	test  *ssa.If
	waits []token.Pos
	// refusal: every failure edge that goes round is a refusal the
	// service answered (a 4xx status), none an error of the call.
	refusal bool
	// onError: some failure edge that goes round tests op's error.
	onError bool
	// session: op returns no error only once its context is done, so
	// its success cannot take the loop round (endsInFailure).
	session bool
}

func decideLoop(fn *ssa.Function, l *loop, opt Options) Decision {
	var best, failover, walk, fallback, nextValue *candidate
	ops := 0
	for _, b := range l.blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok || !isOperation(call, opt) {
				continue
			}
			ops++
			c := judge(fn, l, call, opt)
			if c != nil {
				switch roundValue(l, call) {
				case elementEachRound:
					if failover == nil || rank(c) > rank(failover) {
						failover = c
					}
					c = nil
				case walkEachRound:
					if walk == nil || rank(c) > rank(walk) {
						walk = c
					}
					c = nil
				case modeEachRound:
					if fallback == nil || rank(c) > rank(fallback) {
						fallback = c
					}
					c = nil
				case nextValueEachRound:
					if nextValue == nil || rank(c) > rank(nextValue) {
						nextValue = c
					}
					c = nil
				}
			}
			if c != nil && (best == nil || rank(c) > rank(best)) {
				best = c
			}
		}
	}
	d := Decision{Kind: NotRetry}
	switch {
	case ops == 0:
		d.Rule, d.Says = RuleNoOperation, "calls nothing whose failure it tests"
		return d
	case best == nil && failover != nil:
		d.Rule, d.Op = RuleFailover, failover.op.Pos()
		d.Says = fmt.Sprintf("moves on to the next element after a failure of %s: a failover, not a retry", calleeName(failover.op))
		return d
	case best == nil && fallback != nil:
		d.Rule, d.Op = RuleFallback, fallback.op.Pos()
		d.Says = fmt.Sprintf("runs %s in another mode after a failure, one the way round sets (a protocol version): a fallback, not a retry", calleeName(fallback.op))
		return d
	case best == nil && walk != nil:
		d.Rule, d.Op = RuleWalk, walk.op.Pos()
		d.Says = fmt.Sprintf("runs %s on the next step of a walk after a failure (a parent, a link, a smaller size): it moves on, it does not run it again", calleeName(walk.op))
		return d
	case best == nil && nextValue != nil:
		d.Rule, d.Op = RuleNextValue, nextValue.op.Pos()
		d.Says = fmt.Sprintf("reads the next value after a failure of %s: it goes on, it does not run it again", calleeName(nextValue.op))
		return d
	case best == nil:
		d.Rule, d.Says = RuleNoFailureEdge, "no failure of its operations is what takes it round"
		return d
	}
	d.Kind, d.Op, d.Waits, d.Refusal, d.OnError = best.kind, best.op.Pos(), best.waits, best.refusal, best.onError
	if best.test != nil {
		d.Verdict = verdictTest(best.test.Cond, derive(fn, best.op))
		d.Test = best.test.Pos()
		if d.Test == token.NoPos {
			d.Test = condPos(best.test)
		}
	}
	name := calleeName(best.op)
	switch best.kind {
	case Retry:
		d.Rule, d.Says = RuleFailureEdge, fmt.Sprintf("goes round only on a failure of %s", name)
		if best.refusal {
			d.Says = fmt.Sprintf("goes round only on a refusal that %s answered (a 4xx status), never on its error", name)
		}
		if best.session {
			d.Says = fmt.Sprintf("goes round only on a failure of %s, a session that returns no error only once its context is done", name)
		}
	case PollerBackoff:
		d.Rule, d.Says = RulePollerBackoff, fmt.Sprintf("goes round on success of %s too, and waits only after its failure", name)
	default:
		d.Rule, d.Says = RulePoller, fmt.Sprintf("goes round on success of %s too", name)
	}
	return d
}

// rank orders an operation's verdicts: a retry over a poller with
// backoff over a poller, a test of an error or a status over a bool
// field known by its name.
func rank(c *candidate) int {
	r := 0
	switch c.kind {
	case Retry:
		r = 6
	case PollerBackoff:
		r = 4
	case Poller:
		r = 2
	}
	if !c.weak {
		r++
	}
	return r
}

// judge decides whether the loop goes round on op's failure only.
//
// The failure edges are the outcomes of op's failure tests that mean
// failure. The loop is a retry of op when a way from op round the loop
// back to op exists, and every such way takes a failure edge: with the
// failure edges cut, op cannot reach the header and come back to itself.
func judge(fn *ssa.Function, l *loop, op *ssa.Call, opt Options) *candidate {
	edges := failureEdges(fn, l, op)
	if len(edges) == 0 {
		return nil
	}
	g := newGraph(l)
	at := op.Block()
	if !g.cycles(at, nil) {
		return nil // op never comes round again: it leaves or ends
	}
	cut := map[edge]bool{}
	for _, e := range edges {
		cut[e.edge] = true
	}
	// The failure edges that go round this loop (not only a loop nested
	// in it) before op runs again.
	// A way round through the end of the input (err == io.EOF: read the
	// next message) is no failure's.
	eof := endOfInput(l, derive(fn, op))
	var round []failureEdge
	for _, e := range edges {
		if g.goesRound(e.edge, at, eof) {
			round = append(round, e)
		}
	}
	// A false ok is a failure only in a loop that goes round on the
	// operation's error as well (a compare-and-swap that lost the race);
	// where the error leaves, it is a state waited for (not ready yet).
	errorRound := slices.ContainsFunc(round, func(e failureEdge) bool { return !e.tookEffect })
	if !errorRound && slices.ContainsFunc(edges, func(e failureEdge) bool { return e.tookEffect }) {
		edges = slices.DeleteFunc(edges, func(e failureEdge) bool { return e.tookEffect })
		round = slices.DeleteFunc(round, func(e failureEdge) bool { return e.tookEffect })
		cut = map[edge]bool{}
		for _, e := range edges {
			cut[e.edge] = true
		}
	}
	if len(round) == 0 {
		return nil
	}
	c := &candidate{op: op, test: round[0].test, kind: Poller, weak: true}
	c.refusal = !slices.ContainsFunc(round, func(e failureEdge) bool { return !e.refusal })
	c.onError = slices.ContainsFunc(round, func(e failureEdge) bool { return e.onError })
	for _, e := range round {
		if !e.weak {
			c.weak, c.test = false, e.test
			break
		}
	}
	if !g.cycles(at, cut) {
		c.kind = Retry
	}
	// The waits that lie only on a failure's way round: reached from a
	// failure edge, not from op's success.
	success := g.reach(successors(at, cut), cut, at)
	var starts []step
	for _, e := range round {
		starts = append(starts, step{e.from, e.from.Succs[e.succ]})
	}
	onFailure := g.reach(starts, cut, at)
	for _, b := range l.blocks {
		if !onFailure.has(b) || success.has(b) {
			continue
		}
		for _, instr := range b.Instrs {
			if call, ok := instr.(ssa.CallInstruction); ok && isWaitCall(call.Common(), opt) {
				c.waits = append(c.waits, instr.Pos())
			}
		}
	}
	if c.kind == Poller && len(c.waits) > 0 {
		c.kind = PollerBackoff
	}
	if c.kind == PollerBackoff && endsInFailure(op) {
		// Its success cannot come: the loop goes round after a failure,
		// or after the stop it leaves on.
		c.kind, c.session = Retry, true
	}
	return c
}

// endsInFailure says whether op's callee, a session that runs until it
// fails (a subscription, a connection's read loop), returns no error
// only when its context is done: every return of a nil error lies where
// ctx.Err() != nil was seen. A loop that runs it again after it returns
// goes round only after a failure.
func endsInFailure(op *ssa.Call) bool {
	f := op.Call.StaticCallee()
	if f == nil || len(f.Blocks) == 0 {
		return false
	}
	res := f.Signature.Results()
	errAt := errorResult(res)
	if errAt < 0 {
		return false
	}
	returns := 0
	for _, b := range f.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) != res.Len() {
			continue
		}
		returns++
		if !failureAnswer(ret.Results[errAt], b, 0) {
			return false
		}
	}
	return returns > 0
}

// failureAnswer says whether v, returned (or stored for the return) in
// b, is an error that is not nil, or nil only after the context is done.
func failureAnswer(v ssa.Value, b *ssa.BasicBlock, depth int) bool {
	switch v := v.(type) {
	case *ssa.Const:
		return !v.IsNil() || afterContextDone(b)
	case *ssa.Extract, *ssa.Call:
		return guardedNonNil(b, v) || madeError(v) // else another call's error, nil when it succeeded
	case *ssa.MakeInterface:
		return true // an error value of its own: &ProtocolError{...}
	case *ssa.UnOp:
		switch x := v.X.(type) {
		case *ssa.Global:
			return true // a sentinel: return ErrClosed
		case *ssa.Alloc:
			// A local the returns read (a result the defers may see):
			// what each store puts there.
			if depth > 0 {
				return false
			}
			stores := 0
			for _, r := range *x.Referrers() {
				st, ok := r.(*ssa.Store)
				if !ok || st.Addr != x {
					continue
				}
				stores++
				if !failureAnswer(st.Val, st.Block(), depth+1) {
					return false
				}
			}
			return stores > 0
		}
	}
	return false // a phi, a parameter: nil is not ruled out
}

// madeError says whether v is an error made where it is returned:
// fmt.Errorf, errors.New, errors.Join.
func madeError(v ssa.Value) bool {
	call, ok := v.(*ssa.Call)
	if !ok {
		return false
	}
	f := call.Call.StaticCallee()
	if f == nil || f.Pkg == nil {
		return false
	}
	switch f.Pkg.Pkg.Path() {
	case "fmt", "errors":
		return true
	}
	return false
}

// guardedNonNil says whether b lies on the side of an if where v is
// not nil (if err != nil { return err }).
func guardedNonNil(b *ssa.BasicBlock, v ssa.Value) bool {
	for _, r := range *v.Referrers() {
		bin, ok := r.(*ssa.BinOp)
		if !ok || (bin.Op != token.NEQ && bin.Op != token.EQL) {
			continue
		}
		if k, ok := otherOperand(bin, v).(*ssa.Const); !ok || !k.IsNil() {
			continue
		}
		for _, u := range *bin.Referrers() {
			i, ok := u.(*ssa.If)
			if !ok {
				continue
			}
			side := i.Block().Succs[0] // the true side
			if bin.Op == token.EQL {
				side = i.Block().Succs[1]
			}
			if len(side.Preds) == 1 && side.Dominates(b) {
				return true
			}
		}
	}
	return false
}

func otherOperand(bin *ssa.BinOp, v ssa.Value) ssa.Value {
	if bin.X == v {
		return bin.Y
	}
	return bin.X
}

// afterContextDone says whether b lies on the side of an if where a
// context's Err() is not nil: the session stopped because it was told.
func afterContextDone(b *ssa.BasicBlock) bool {
	for d := b.Idom(); d != nil; d = d.Idom() {
		i, ok := d.Instrs[len(d.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		bin, ok := i.Cond.(*ssa.BinOp)
		if !ok || (bin.Op != token.NEQ && bin.Op != token.EQL) {
			continue
		}
		call, ok := bin.X.(*ssa.Call)
		if !ok {
			call, ok = bin.Y.(*ssa.Call)
		}
		if !ok || call.Call.Method == nil || call.Call.Method.Name() != "Err" || !isContextType(call.Call.Value.Type()) {
			continue
		}
		side := d.Succs[0]
		if bin.Op == token.EQL {
			side = d.Succs[1]
		}
		if len(side.Preds) == 1 && side.Dominates(b) {
			return true
		}
	}
	return false
}

func isContextType(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "context" && n.Obj().Name() == "Context"
}

// fresh says what a value an operation runs on takes from the round
// of the loop it is in.
type fresh int

const (
	sameEachRound fresh = iota
	// walkEachRound: a value the loop advances from itself each round
	// until it stops changing or runs out (dir = filepath.Dir(dir) up to
	// the root, n = n.next down to nil), or a value computed from one.
	walkEachRound
	// modeEachRound: a mode the way round sets to another constant
	// (version = 3 before goto again): the next round runs the
	// operation in another way, a fallback.
	modeEachRound
	// elementEachRound: an element of a collection the loop walks (an
	// index by its counter, a range's key or value, a map's value), or a
	// value computed from one.
	elementEachRound
	// nextValueEachRound: a value the loop reads anew each round (a
	// receive from a channel, a call named Recv, Receive or Next), or a
	// value computed from one.
	nextValueEachRound
)

// nextValueNames are the calls that block for the next value of a
// stream or a queue.
var nextValueNames = regexp.MustCompile(`^(?i:recv|receive|next)`)

// readNames are the function values handed in that read the next value:
// read() as well.
var readNames = regexp.MustCompile(`^(?i:recv|receive|next|read)([A-Z_]|$)`)

// roundValue says whether op runs on a value the loop takes anew each
// round: its receiver, its function value or one of its arguments comes
// from another element, or is the next value read, or op is itself the
// read of the next value (stream.Recv()).
func roundValue(l *loop, op *ssa.Call) fresh {
	if readsNext(l, op) {
		return nextValueEachRound
	}
	counters := map[ssa.Value]bool{}
	for _, instr := range l.header.Instrs {
		if phi, ok := instr.(*ssa.Phi); ok {
			counters[phi] = true
		}
	}
	isCounter := func(v ssa.Value) bool { return counters[v] || counters[inc(v)] }
	seen := map[ssa.Value]bool{}
	var from func(v ssa.Value, depth int) fresh
	from = func(v ssa.Value, depth int) fresh {
		if depth > 12 || seen[v] {
			return sameEachRound
		}
		seen[v] = true
		if instr, ok := v.(ssa.Instruction); ok && !l.has(instr.Block()) {
			return sameEachRound // computed before the loop: the same each round
		}
		most := func(vs ...ssa.Value) fresh {
			f := sameEachRound
			for _, x := range vs {
				if x != nil {
					f = max(f, from(x, depth+1))
				}
			}
			return f
		}
		switch v := v.(type) {
		case *ssa.IndexAddr:
			if isCounter(v.Index) {
				return elementEachRound
			}
			return most(v.X, v.Index)
		case *ssa.Index:
			if isCounter(v.Index) {
				return elementEachRound
			}
			return most(v.X, v.Index)
		case *ssa.Lookup:
			if _, ok := v.X.Type().Underlying().(*types.Map); ok && most(v.Index) != sameEachRound {
				return elementEachRound // a map's value at a key that changes
			}
			return most(v.X, v.Index)
		case *ssa.Extract:
			switch t := v.Tuple.(type) {
			case *ssa.Next:
				return elementEachRound // a range over a map or a string
			case *ssa.UnOp:
				if t.Op == token.ARROW {
					return nextValueEachRound
				}
			case *ssa.Call:
				if readsNext(l, t) {
					return nextValueEachRound
				}
				return most(callInputs(t)...)
			case *ssa.TypeAssert:
				return most(t.X) // g, ok := item.(Getter)
			case *ssa.Lookup:
				return most(t) // v, ok := m[key]
			}
		case *ssa.UnOp:
			if v.Op == token.ARROW {
				return nextValueEachRound
			}
			if a, ok := v.X.(*ssa.Alloc); ok && v.Op == token.MUL && deliveredByRead(l, a) {
				return nextValueEachRound
			}
			return most(v.X)
		case *ssa.Call:
			if readsNext(l, v) {
				return nextValueEachRound
			}
			return most(callInputs(v)...) // a value computed from an element: host + ":" + port
		case *ssa.BinOp:
			return most(v.X, v.Y)
		case *ssa.Phi:
			if v.Block() == l.header && walks(l, v) {
				return walkEachRound
			}
			if v.Block() == l.header && switchesMode(l, v) {
				return modeEachRound
			}
			if v.Block() == l.header && shrinkingPool(l, v) {
				return elementEachRound
			}
			if v.Block() != l.header {
				// conn = dial(candidate), or conn = dial(best) after a
				// gossip: what either way gives it. A connection a pool
				// hands out on one of the ways (conn = pool.Next()) is
				// no next value read: the request is sent again on it.
				if f := most(v.Edges...); f != nextValueEachRound {
					return f
				}
			}
		case *ssa.MakeClosure:
			return most(v.Bindings...) // func() []string { return []string{server} }
		case *ssa.FieldAddr:
			return most(v.X)
		case *ssa.Field:
			return most(v.X)
		case *ssa.MakeInterface:
			return most(v.X)
		case *ssa.ChangeInterface:
			return most(v.X)
		case *ssa.ChangeType:
			return most(v.X)
		case *ssa.Convert:
			return most(v.X)
		case *ssa.Slice:
			return most(v.X)
		case *ssa.TypeAssert:
			return most(v.X)
		case *ssa.Alloc:
			// A range's variable whose address is taken (&pod), a value
			// built field by field from the element (&Challenge{Realm:
			// c.Realm}), or the array of a variadic call's arguments.
			f := sameEachRound
			for _, r := range *v.Referrers() {
				switch r := r.(type) {
				case *ssa.Store:
					if r.Addr == v && l.has(r.Block()) {
						f = max(f, from(r.Val, depth+1))
					}
				case *ssa.FieldAddr, *ssa.IndexAddr:
					// a field, or an element of a variadic call's
					// arguments (filepath.Join(dir, name))
					for _, rr := range *r.(ssa.Value).Referrers() {
						if st, ok := rr.(*ssa.Store); ok && st.Addr == r.(ssa.Value) && l.has(st.Block()) {
							f = max(f, from(st.Val, depth+1))
						}
					}
				}
			}
			return f
		}
		return sameEachRound
	}
	var in []ssa.Value
	if op.Call.IsInvoke() {
		in = append(in, op.Call.Value)
	} else if _, ok := op.Call.Value.(*ssa.Function); !ok {
		in = append(in, op.Call.Value) // a function value taken from the element
	}
	in = append(in, op.Call.Args...)
	f := sameEachRound
	for _, v := range in {
		f = max(f, from(v, 0))
	}
	return f
}

// walks says whether phi, a value the loop carries round, is advanced
// each round from itself (dir = filepath.Dir(dir), n = n.next) until it
// stops changing or runs out: the loop tests the advanced value against
// the old one, or either of them against nil. A value rebuilt from
// itself that no such test ends (req = req.clone()) is the same
// operation's next attempt, not a walk.
func walks(l *loop, phi *ssa.Phi) bool {
	var next []ssa.Value
	for i, e := range phi.Edges {
		if e != phi && l.has(phi.Block().Preds[i]) && advancedFrom(e, phi, 0) {
			next = append(next, e)
		}
	}
	if len(next) == 0 {
		return false
	}
	walked := func(v ssa.Value) bool { return v == phi || slices.Contains(next, v) }
	isNil := func(v ssa.Value) bool {
		c, ok := v.(*ssa.Const)
		return ok && c.IsNil()
	}
	for _, b := range l.blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		br, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		cmp, ok := br.Cond.(*ssa.BinOp)
		if !ok {
			continue
		}
		x, y := cmp.X, cmp.Y
		if walked(y) && !walked(x) {
			x, y = y, x
		}
		switch cmp.Op {
		case token.EQL, token.NEQ:
			if walked(x) && (isNil(y) || walked(y) && x != y) {
				return true
			}
		case token.GTR, token.GEQ, token.LSS, token.LEQ:
			// for size > 0 { ...; size /= 2 }: halved down to a bound.
			if _, isConst := y.(*ssa.Const); walked(x) && isConst && isInteger(x.Type()) && halves(next, phi) {
				return true
			}
		}
	}
	return false
}

// halves says whether each next value is the walked value divided or
// shifted down by a constant.
func halves(next []ssa.Value, phi *ssa.Phi) bool {
	for _, n := range next {
		b, ok := n.(*ssa.BinOp)
		if !ok || (b.Op != token.QUO && b.Op != token.SHR) || b.X != phi {
			return false
		}
	}
	return true
}

// removalNames are the methods by which a pool forgets a member.
var removalNames = regexp.MustCompile(`^(?i:deregister|unregister|remove|evict|drop|delete|ban|blacklist|denylist|exclude|disable|mark(bad|down|dead|failed|unhealthy))`)

// shrinkingPool says whether phi, at the loop's header, takes each
// round what a method of a pool picks (broker = c.LeastLoaded()), and
// the loop hands the member it holds to a method of the same pool that
// forgets it (c.deregister(broker)): the next round asks another
// member, a failover over a pool that shrinks, not the same operation
// again.
func shrinkingPool(l *loop, phi *ssa.Phi) bool {
	recvOf := func(c *ssa.CallCommon) ssa.Value {
		if c.IsInvoke() {
			return c.Value
		}
		if c.Signature().Recv() != nil && len(c.Args) > 0 {
			return c.Args[0]
		}
		return nil
	}
	var pools []ssa.Value
	for i, e := range phi.Edges {
		if !l.has(phi.Block().Preds[i]) {
			continue
		}
		if x, ok := e.(*ssa.Extract); ok {
			e = x.Tuple
		}
		if call, ok := e.(*ssa.Call); ok && l.has(call.Block()) {
			if r := recvOf(call.Common()); r != nil {
				pools = append(pools, r)
			}
		}
	}
	if len(pools) == 0 {
		return false
	}
	for _, b := range l.blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			c := call.Common()
			fn := calleeFunc(c)
			if fn == nil || !removalNames.MatchString(fn.Name()) || !slices.Contains(pools, recvOf(c)) {
				continue
			}
			args := c.Args
			if !c.IsInvoke() {
				args = args[1:]
			}
			if slices.Contains(args, ssa.Value(phi)) {
				return true
			}
		}
	}
	return false
}

// switchesMode says whether phi is a mode of the operation that every
// way round sets to an integer constant, other than any constant it
// enters with (version := opts.Version ... version = 3; goto again): a
// fallback to another protocol or variant, not the same operation
// again.
func switchesMode(l *loop, phi *ssa.Phi) bool {
	if !isInteger(phi.Type()) {
		return false
	}
	var entry, round []int64
	for i, e := range phi.Edges {
		inLoop := l.has(phi.Block().Preds[i])
		c, ok := e.(*ssa.Const)
		if !ok || c.Value == nil || c.Value.Kind() != constant.Int {
			if inLoop {
				return false
			}
			continue // a mode the caller chose: c.options.ProtocolVersion
		}
		n, exact := constant.Int64Val(c.Value)
		if !exact {
			return false
		}
		if inLoop {
			round = append(round, n)
		} else {
			entry = append(entry, n)
		}
	}
	if len(round) == 0 {
		return false
	}
	for _, n := range round {
		if slices.Contains(entry, n) {
			return false
		}
	}
	return true
}

// advancedFrom says whether v is computed from old by calls, fields,
// loads and slicing: a step from it, not a count (old + 1).
func advancedFrom(v, old ssa.Value, depth int) bool {
	if v == old {
		return true
	}
	if depth > 6 {
		return false
	}
	var from []ssa.Value
	switch v := v.(type) {
	case *ssa.Call:
		from = callInputs(v)
	case *ssa.Extract:
		from = []ssa.Value{v.Tuple}
	case *ssa.UnOp:
		if v.Op == token.MUL {
			from = []ssa.Value{v.X}
		}
	case *ssa.Lookup:
		from = []ssa.Value{v.Index}
	case *ssa.FieldAddr, *ssa.Field, *ssa.Slice, *ssa.TypeAssert, *ssa.ChangeType, *ssa.MakeInterface:
		// n.up, p[:i], v.(T): the operand is the step's whole input.
		from = []ssa.Value{*v.(ssa.Instruction).Operands(nil)[0]}
	case *ssa.BinOp:
		// size / 2, size >> 1: a setting halved until it is accepted. A
		// count that goes up or down by one (an attempt number handed to
		// the operation) is no step of a walk.
		if k, ok := v.Y.(*ssa.Const); ok && (v.Op == token.QUO || v.Op == token.SHR) && isInteger(v.Type()) && k.Value != nil && constant.Sign(k.Value) > 0 && !(v.Op == token.QUO && k.Int64() == 1) {
			from = []ssa.Value{v.X}
		}
	}
	for _, x := range from {
		if advancedFrom(x, old, depth+1) {
			return true
		}
	}
	return false
}

// readsBytes says whether call is an io.Reader's Read: a method Read
// of a []byte that answers (int, error), which reads the stream's next
// bytes.
func readsBytes(call *ssa.Call) bool {
	sig := call.Call.Signature()
	if calleeName(call) != "Read" || sig.Recv() == nil && !call.Call.IsInvoke() {
		return false
	}
	p, r := sig.Params(), sig.Results()
	if p.Len() != 1 || r.Len() != 2 || !isError(r.At(1).Type()) {
		return false
	}
	b, ok := p.At(0).Type().Underlying().(*types.Slice)
	n, isInt := r.At(0).Type().Underlying().(*types.Basic)
	return ok && isInt && n.Kind() == types.Int && types.Identical(b.Elem(), types.Typ[types.Byte])
}

// readsNext says whether call reads the next value of a stream: a
// method named Recv, Receive or Next of a receiver that is the same each
// round (a stream, an iterator, a subscription held before the loop). A
// receiver built in the loop (r.Copy().Next(), a request handed on down
// a chain) is no stream.
func readsNext(l *loop, call *ssa.Call) bool {
	names := nextValueNames
	if _, static := call.Call.Value.(*ssa.Function); !static && !call.Call.IsInvoke() {
		names = readNames
	}
	if !names.MatchString(calleeName(call)) && !readsBytes(call) {
		return false
	}
	var recv ssa.Value
	switch {
	case call.Call.IsInvoke():
		recv = call.Call.Value
	case call.Call.Signature().Recv() != nil && len(call.Call.Args) > 0:
		recv = call.Call.Args[0]
	default:
		if _, static := call.Call.Value.(*ssa.Function); static {
			return false
		}
		recv = call.Call.Value // a function value handed in: read()
	}
	for depth := 0; depth < 8; depth++ {
		switch v := recv.(type) {
		case *ssa.UnOp:
			if v.Op != token.MUL {
				return false
			}
			recv = v.X
			continue
		case *ssa.FieldAddr:
			recv = v.X
			continue
		case *ssa.Field:
			recv = v.X
			continue
		case *ssa.ChangeInterface:
			recv = v.X
			continue
		case *ssa.MakeInterface:
			recv = v.X
			continue
		}
		break
	}
	instr, ok := recv.(ssa.Instruction)
	return !ok || !l.has(instr.Block())
}

// deliveredByRead says whether a variable is set by a closure that a
// read of the next value in the loop is handed, directly or in a field
// of a value it is handed (c.receive(&callback{fn: func(v any) { result
// = v }})): the variable holds the value read.
func deliveredByRead(l *loop, a *ssa.Alloc) bool {
	handed := func(v ssa.Value) bool {
		for _, r := range *v.Referrers() {
			if call, ok := r.(*ssa.Call); ok && l.has(call.Block()) && readsNext(l, call) && slices.Contains(call.Call.Args, v) {
				return true
			}
		}
		return false
	}
	for _, r := range *a.Referrers() {
		mc, ok := r.(*ssa.MakeClosure)
		if !ok || !slices.Contains(mc.Bindings, ssa.Value(a)) {
			continue
		}
		if handed(mc) {
			return true
		}
		for _, rr := range *mc.Referrers() {
			st, ok := rr.(*ssa.Store)
			if !ok || st.Val != mc {
				continue
			}
			if fa, ok := st.Addr.(*ssa.FieldAddr); ok {
				if holder, ok := fa.X.(*ssa.Alloc); ok && handed(holder) {
					return true
				}
			}
		}
	}
	return false
}

// callInputs returns what a call computes from: its receiver or
// function value and its arguments.
func callInputs(call *ssa.Call) []ssa.Value {
	in := slices.Clone(call.Call.Args)
	if _, ok := call.Call.Value.(*ssa.Function); !ok {
		in = append(in, call.Call.Value)
	}
	return in
}

// inc returns the counter a range statement's index is read from: the
// range over a slice increments its index at the top of the body.
func inc(v ssa.Value) ssa.Value {
	if b, ok := v.(*ssa.BinOp); ok && b.Op == token.ADD {
		return b.X
	}
	return nil
}

func condPos(i *ssa.If) token.Pos {
	if v, ok := i.Cond.(ssa.Instruction); ok {
		return v.Pos()
	}
	return token.NoPos
}

func calleeName(call *ssa.Call) string {
	if f := call.Call.StaticCallee(); f != nil {
		if obj, ok := f.Object().(*types.Func); ok {
			return obj.Name()
		}
		return f.Name()
	}
	if call.Call.Method != nil {
		return call.Call.Method.Name()
	}
	return valueName(call.Call.Value)
}

// valueName names the function value a call calls, as its source does:
// a parameter, a variable, a field (s.open) by its name; a value
// computed otherwise is "a function value", never an SSA register.
func valueName(v ssa.Value) string {
	switch v := v.(type) {
	case *ssa.Parameter, *ssa.FreeVar, *ssa.Global, *ssa.Function:
		return v.Name()
	case *ssa.Field:
		if name := fieldName(v.X.Type(), v.Field); name != "" {
			return name
		}
	case *ssa.UnOp:
		if fa, ok := v.X.(*ssa.FieldAddr); ok {
			if name := fieldName(fa.X.Type(), fa.Field); name != "" {
				return name
			}
		}
		if g, ok := v.X.(*ssa.Global); ok {
			return g.Name()
		}
		if a, ok := v.X.(*ssa.Alloc); ok && a.Comment != "" {
			return a.Comment // a local variable the function's closures share
		}
	}
	return "a function value"
}
