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
			var best *candidate
			for _, ob := range fn.Blocks {
				for _, oi := range ob.Instrs {
					op, ok := oi.(*ssa.Call)
					if !ok || op == self || !isOperation(op, opt) {
						continue
					}
					if c := judgeRecursion(fn, g, op, self); c != nil && (best == nil || best.weak && !c.weak) {
						best = c
					}
				}
			}
			if best != nil && walksStructure(fn, self) {
				d.Rule, d.Op = RuleRecursionStructure, best.op.Pos()
				d.Says = fmt.Sprintf("calls itself on a part of its parameter after a failure of %s: a walk of a structure, not a retry", calleeName(best.op))
			} else if best != nil {
				d.Kind, d.Op = Retry, best.op.Pos()
				d.Test = best.test.Pos()
				if d.Test == token.NoPos {
					d.Test = condPos(best.test)
				}
				d.Says = fmt.Sprintf("calls itself again only on a failure of %s", calleeName(best.op))
			}
			out = append(out, d)
		}
	}
	return out
}

// judgeRecursion says whether op reaches the call self only through one
// of op's failure edges.
func judgeRecursion(fn *ssa.Function, g graph, op, self *ssa.Call) *candidate {
	at, to := op.Block(), self.Block()
	if at == to {
		return nil // the same block: self follows op whatever op returned, or comes before it
	}
	edges := failureEdges(fn, g.loop, op)
	if len(edges) == 0 {
		return nil
	}
	cut := map[edge]bool{}
	for _, e := range edges {
		cut[e.edge] = true
	}
	if !g.reach(successors(at, nil), nil, at)[to] || g.reach(successors(at, cut), cut, at)[to] {
		return nil
	}
	c := &candidate{kind: Retry, op: op, weak: true}
	for _, e := range edges {
		if g.reach([]step{{e.from, e.from.Succs[e.succ]}}, nil, at)[to] {
			if c.test == nil || c.weak && !e.weak {
				c.test, c.weak = e.test, e.weak
			}
		}
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
