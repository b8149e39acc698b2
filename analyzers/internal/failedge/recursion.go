package failedge

import (
	"fmt"
	"go/token"
	"regexp"

	"golang.org/x/tools/go/ssa"
)

// recursions decides each call fn makes of the function it belongs to
// (itself, or the function declaring the closure fn is): a retry when an
// operation of fn reaches the call only through a failure edge, and can
// reach it through one.
func recursions(fn *ssa.Function, opt Options) []Decision {
	top := fn
	for top.Parent() != nil {
		top = top.Parent()
	}
	whole := &loop{in: map[*ssa.BasicBlock]bool{}}
	for _, b := range fn.Blocks {
		whole.in[b] = true
		whole.blocks = append(whole.blocks, b)
	}
	var out []Decision
	if overBudget(fn.Blocks, opt) {
		return nil
	}
	g := newGraph(whole)
	var ops []*recursionOp // made at the first self-call, shared by the others
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			self, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			if callee := self.Call.StaticCallee(); callee == nil || callee != top && (callee.Origin() == nil || callee.Origin() != top) {
				continue
			}
			d := Decision{Kind: NotRetry, Rule: RuleRecursion, Pos: self.Pos(), Says: "calls itself whatever its operations return"}
			if ops == nil {
				ops = recursionOps(fn, g, opt)
			}
			var best *candidate
			for _, o := range ops {
				if o.op == self {
					continue
				}
				if c := o.judge(self); c != nil && (best == nil || best.weak && !c.weak) {
					best = c
				}
			}
			if best != nil && walksStructure(fn, self) {
				d.Rule, d.Op = RuleRecursionStructure, best.op.Pos()
				d.Says = fmt.Sprintf("calls itself on a part of its parameter after a failure of %s: a walk of a structure, not a retry", calleeName(best.op))
			} else if best != nil {
				d.Kind, d.Op = Retry, best.op.Pos()
				d.Refusal, d.OnError = best.refusal, best.onError
				d.Test = best.test.Pos()
				if d.Test == token.NoPos {
					d.Test = condPos(best.test)
				}
				d.Says = fmt.Sprintf("calls itself again only on a failure of %s", calleeName(best.op))
				if best.refusal {
					d.Says = fmt.Sprintf("calls itself again only on a refusal that %s answered (a 4xx status), never on its error", calleeName(best.op))
				}
			}
			out = append(out, d)
		}
	}
	return out
}

// recursionOp is an operation of a recursive function with what it
// reaches: the blocks after it, those after it when its failure edges
// are cut, and (once asked) those after each failure edge, none of them
// through the operation again. They depend on the operation alone, so a function
// that calls itself in many places computes them once.
type recursionOp struct {
	g         graph
	op        *ssa.Call
	edges     []failureEdge
	after     blockSet
	onSuccess blockSet
	onEdge    []blockSet
}

// recursionOps are fn's operations that have a failure edge, in the
// order of their blocks.
func recursionOps(fn *ssa.Function, g graph, opt Options) []*recursionOp {
	ops := []*recursionOp{}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			op, ok := instr.(*ssa.Call)
			if !ok || !isOperation(op, opt) {
				continue
			}
			edges := failureEdges(fn, g.loop, op)
			if len(edges) == 0 {
				continue
			}
			at := op.Block()
			cut := map[edge]bool{}
			for _, e := range edges {
				cut[e.edge] = true
			}
			o := &recursionOp{g: g, op: op, edges: edges, after: g.reach(successors(at, nil), nil, at)}
			o.onSuccess = g.reach(successors(at, cut), cut, at)
			ops = append(ops, o)
		}
	}
	return ops
}

// judge says whether the operation reaches the call self only through
// one of its failure edges.
func (o *recursionOp) judge(self *ssa.Call) *candidate {
	to := self.Block()
	if o.op.Block() == to {
		return nil // the same block: self follows op whatever op returned, or comes before it
	}
	if !o.after.has(to) || o.onSuccess.has(to) {
		return nil
	}
	if o.onEdge == nil { // asked only of an operation that passed the tests above
		for _, e := range o.edges {
			o.onEdge = append(o.onEdge, o.g.reach([]step{{e.from, e.from.Succs[e.succ]}}, nil, o.op.Block()))
		}
	}
	c := &candidate{kind: Retry, op: o.op, weak: true}
	refusals := map[edge]bool{}
	for i, e := range o.edges {
		if o.onEdge[i].has(to) {
			if c.test == nil || c.weak && !e.weak {
				c.test, c.weak = e.test, e.weak
			}
			if e.refusal {
				refusals[e.edge] = true
			}
			c.onError = c.onError || e.onError
		}
	}
	// It calls itself only after a refusal the service answered (case
	// 429 of a switch on the status): with the refusals' edges cut, the
	// operation no longer reaches the call. No attempt follows a silence.
	if len(refusals) > 0 {
		at := o.op.Block()
		c.refusal = !o.g.reach(successors(at, refusals), refusals, at).has(to)
	}
	return c
}

// partMethods are the methods that return a part of their receiver: a
// generated getter, an unwrapper, a link to the next node.
var partMethods = regexp.MustCompile(`^(Get[A-Z]\w*|Unwrap|Cause|Parent|Next|Child)$`)

// walksStructure says whether the call self passes a part of one of
// fn's parameters (a field, an element, what an unwrapper or a getter
// returns of it: f(x.Cause), f(errors.Unwrap(err))): each call goes one
// step down a structure, it does not run the same operation again.
func walksStructure(fn *ssa.Function, self *ssa.Call) bool {
	var part func(v ssa.Value, depth int) bool
	base := func(v ssa.Value, depth int) bool {
		if p, ok := v.(*ssa.Parameter); ok && p.Parent() == fn {
			return true
		}
		return part(v, depth)
	}
	part = func(v ssa.Value, depth int) bool {
		if depth > 8 {
			return false
		}
		switch v := v.(type) {
		case *ssa.Field:
			return base(v.X, depth+1)
		case *ssa.FieldAddr:
			return base(v.X, depth+1)
		case *ssa.Index:
			return base(v.X, depth+1)
		case *ssa.IndexAddr:
			return base(v.X, depth+1)
		case *ssa.Lookup:
			return base(v.X, depth+1)
		case *ssa.Slice:
			return base(v.X, depth+1)
		case *ssa.UnOp:
			return v.Op == token.MUL && part(v.X, depth+1)
		case *ssa.MakeInterface:
			return part(v.X, depth+1)
		case *ssa.ChangeInterface:
			return part(v.X, depth+1)
		case *ssa.ChangeType:
			return part(v.X, depth+1)
		case *ssa.TypeAssert:
			return part(v.X, depth+1)
		case *ssa.Call:
			args := v.Call.Args
			if v.Call.IsInvoke() {
				args = append([]ssa.Value{v.Call.Value}, args...)
			}
			if len(args) != 1 || !base(args[0], depth+1) {
				return false
			}
			if transformsError(v.Call.Signature()) {
				return true // errors.Unwrap(err)
			}
			f := calleeFunc(v.Common())
			return f != nil && f.Signature().Recv() != nil && partMethods.MatchString(f.Name())
		}
		return false
	}
	for _, a := range self.Call.Args {
		if part(a, 0) {
			return true
		}
	}
	return false
}
