package failedge

import (
	"fmt"
	"go/token"

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
	g := newGraph(whole)
	var out []Decision
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
			if best != nil {
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
