package failedge

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
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
	RuleRecursion     = "recursion.failure-edge"
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
	Says  string
}

// Options say what the definition needs from the rule packs.
type Options struct {
	// IsWait says whether a call of fn pauses (time.Sleep, time.After,
	// a backoff's Wait): a wait is never an operation.
	IsWait func(fn *types.Func) bool
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
		d := decideLoop(fn, l, opt)
		d.Loop, d.Pos = node, node.Pos()
		out = append(out, d)
	}
	out = append(out, recursions(fn, opt)...)
	return out
}

// candidate is one operation's verdict on a loop.
type candidate struct {
	kind  Kind
	weak  bool // every failure edge that goes round is weak
	op    *ssa.Call
	test  *ssa.If
	waits []token.Pos
}

func decideLoop(fn *ssa.Function, l *loop, opt Options) Decision {
	var best, failover *candidate
	ops := 0
	for _, b := range l.blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok || !isOperation(call, opt) {
				continue
			}
			ops++
			c := judge(fn, l, call, opt)
			if c != nil && c.kind == Retry && perElement(l, call) {
				failover, c = c, nil
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
	case best == nil:
		d.Rule, d.Says = RuleNoFailureEdge, "no failure of its operations is what takes it round"
		return d
	}
	d.Kind, d.Op, d.Waits = best.kind, best.op.Pos(), best.waits
	if best.test != nil {
		d.Test = best.test.Pos()
		if d.Test == token.NoPos {
			d.Test = condPos(best.test)
		}
	}
	name := calleeName(best.op)
	switch best.kind {
	case Retry:
		d.Rule, d.Says = RuleFailureEdge, fmt.Sprintf("goes round only on a failure of %s", name)
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
	var round []failureEdge
	for _, e := range edges {
		if g.goesRound(e.edge, at) {
			round = append(round, e)
		}
	}
	if len(round) == 0 {
		return nil
	}
	c := &candidate{op: op, test: round[0].test, kind: Poller, weak: true}
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
		if !onFailure[b] || success[b] {
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
	return c
}

// perElement says whether op runs on the element of a slice or array
// that the loop indexes by its own counter (dial(hosts[i]),
// provider.Get() in a range over the providers): each round runs it on
// another element.
func perElement(l *loop, op *ssa.Call) bool {
	counters := map[ssa.Value]bool{}
	for _, instr := range l.header.Instrs {
		if phi, ok := instr.(*ssa.Phi); ok {
			counters[phi] = true
		}
	}
	var varies func(v ssa.Value, depth int) bool
	varies = func(v ssa.Value, depth int) bool {
		if depth > 8 {
			return false
		}
		switch v := v.(type) {
		case *ssa.IndexAddr:
			return counters[v.Index] || counters[inc(v.Index)]
		case *ssa.Index:
			return counters[v.Index] || counters[inc(v.Index)]
		case *ssa.UnOp:
			return v.Op == token.MUL && varies(v.X, depth+1)
		case *ssa.FieldAddr:
			return varies(v.X, depth+1)
		case *ssa.Field:
			return varies(v.X, depth+1)
		case *ssa.MakeInterface:
			return varies(v.X, depth+1)
		case *ssa.ChangeInterface:
			return varies(v.X, depth+1)
		case *ssa.Alloc:
			// A range's variable whose address is taken (&pod).
			for _, r := range *v.Referrers() {
				if st, ok := r.(*ssa.Store); ok && st.Addr == v && l.has(st.Block()) && varies(st.Val, depth+1) {
					return true
				}
			}
		}
		return false
	}
	if op.Call.IsInvoke() && varies(op.Call.Value, 0) {
		return true
	}
	if _, ok := op.Call.Value.(*ssa.Function); !ok && !op.Call.IsInvoke() && varies(op.Call.Value, 0) {
		return true // a function value taken from the element
	}
	for _, a := range op.Call.Args {
		if varies(a, 0) {
			return true
		}
	}
	return false
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
	return call.Call.Value.Name()
}
