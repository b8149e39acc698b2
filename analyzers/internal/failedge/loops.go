package failedge

import (
	"go/ast"
	"go/constant"
	"go/token"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// loop is a natural loop: the blocks from which one of the header's
// back edges can be reached without passing the header, and the header.
type loop struct {
	header *ssa.BasicBlock
	blocks []*ssa.BasicBlock // in index order
	in     map[*ssa.BasicBlock]bool
}

func (l *loop) has(b *ssa.BasicBlock) bool { return l.in[b] }

// naturalLoops finds fn's loops from its back edges: an edge b → h where
// h dominates b. A for, a range, and a goto back to a label all make
// one; two back edges to one header (continue and the end of the body)
// make one loop.
func naturalLoops(fn *ssa.Function) []*loop {
	byHeader := map[*ssa.BasicBlock]*loop{}
	var order []*ssa.BasicBlock
	for _, b := range fn.Blocks {
		for _, h := range b.Succs {
			if !h.Dominates(b) {
				continue
			}
			l := byHeader[h]
			if l == nil {
				l = &loop{header: h, in: map[*ssa.BasicBlock]bool{h: true}}
				byHeader[h] = l
				order = append(order, h)
			}
			// Walk back from the edge's source to the header.
			stack := []*ssa.BasicBlock{b}
			for len(stack) > 0 {
				x := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				if l.in[x] {
					continue
				}
				l.in[x] = true
				stack = append(stack, x.Preds...)
			}
		}
	}
	var loops []*loop
	for _, h := range order {
		l := byHeader[h]
		for b := range l.in {
			l.blocks = append(l.blocks, b)
		}
		slices.SortFunc(l.blocks, func(a, b *ssa.BasicBlock) int { return a.Index - b.Index })
		loops = append(loops, l)
	}
	return loops
}

// edge is the edge from a block to its succ'th successor.
type edge struct {
	from *ssa.BasicBlock
	succ int
}

// step enters a block from one of its predecessors (from is nil when
// nothing is known of the way in).
type step struct {
	from, to *ssa.BasicBlock
}

// graph walks the blocks of a loop (or of a whole function, for a
// recursion). It follows the bools a loop sets on its ways and tests
// later (retry := false; if err != nil { retry = true }; if !retry {
// break }): a branch on such a flag, whose value the way taken fixes,
// has one successor only.
type graph struct {
	loop  *loop
	flags map[*ssa.Phi]int // a bit each, at most 64
}

func newGraph(l *loop) graph {
	g := graph{loop: l, flags: map[*ssa.Phi]int{}}
	for changed := true; changed && len(g.flags) < 64; {
		changed = false
		for _, b := range l.blocks {
			for _, instr := range b.Instrs {
				phi, ok := instr.(*ssa.Phi)
				if !ok {
					break // phis come first
				}
				if _, done := g.flags[phi]; done || !isBool(phi.Type()) {
					continue
				}
				for _, e := range phi.Edges {
					if g.constBool(e) != nil && len(g.flags) < 64 {
						g.flags[phi] = len(g.flags)
						changed = true
						break
					}
				}
			}
		}
	}
	return g
}

// constBool returns a constant bool or a flag, else nil.
func (g graph) constBool(v ssa.Value) ssa.Value {
	switch v := v.(type) {
	case *ssa.Const:
		if v.Value != nil && v.Value.Kind() == constant.Bool {
			return v
		}
	case *ssa.Phi:
		if _, ok := g.flags[v]; ok {
			return v
		}
	}
	return nil
}

// flagState holds the flags known on a way: the bits of known, with
// their values in val.
type flagState struct{ known, val uint64 }

func (g graph) value(v ssa.Value, st flagState) (bool, bool) {
	switch v := v.(type) {
	case *ssa.Const:
		if v.Value != nil && v.Value.Kind() == constant.Bool {
			return constant.BoolVal(v.Value), true
		}
	case *ssa.Phi:
		if i, ok := g.flags[v]; ok && st.known&(1<<i) != 0 {
			return st.val&(1<<i) != 0, true
		}
	case *ssa.UnOp:
		if v.Op == token.NOT {
			x, ok := g.value(v.X, st)
			return !x, ok
		}
	}
	return false, false
}

// enter returns the flags known once the way enters to from from.
func (g graph) enter(from, to *ssa.BasicBlock, st flagState) flagState {
	if len(g.flags) == 0 {
		return st
	}
	pred := -1
	for i, p := range to.Preds {
		if p == from {
			pred = i
		}
	}
	next := st
	for _, instr := range to.Instrs {
		phi, ok := instr.(*ssa.Phi)
		if !ok {
			break
		}
		i, ok := g.flags[phi]
		if !ok {
			continue
		}
		next.known &^= 1 << i
		next.val &^= 1 << i
		if pred < 0 {
			continue
		}
		if x, ok := g.value(phi.Edges[pred], st); ok {
			next.known |= 1 << i
			if x {
				next.val |= 1 << i
			}
		}
	}
	return next
}

// blockSet is a set of one function's blocks, by their index.
type blockSet []bool

func (s blockSet) has(b *ssa.BasicBlock) bool { return b.Index < len(s) && s[b.Index] }

// reach returns the blocks of the loop reachable by the steps (their
// targets included when in the loop), not taking the edges in cut and
// not going on from stop.
func (g graph) reach(starts []step, cut map[edge]bool, stop ...*ssa.BasicBlock) blockSet {
	// Each flag doubles the states a block can be reached in; past a
	// budget the flags are dropped and the search is by block alone,
	// which reaches a superset: a function with many flags set on many
	// ways then reads as if its flags said nothing.
	if seen, ok := g.reachStates(starts, cut, stop, true); ok {
		return seen
	}
	seen, _ := g.reachStates(starts, cut, stop, false)
	return seen
}

// reachStates is reach, following the flags when track is set; it gives
// up (false) when the states it visits pass the budget.
func (g graph) reachStates(starts []step, cut map[edge]bool, stop []*ssa.BasicBlock, track bool) (blockSet, bool) {
	type state struct {
		b  *ssa.BasicBlock
		st flagState
	}
	budget := 4*len(g.loop.blocks) + 64
	n := 0
	if len(g.loop.blocks) > 0 {
		n = len(g.loop.blocks[0].Parent().Blocks)
	}
	seen := make(blockSet, n)
	// A block reached with no flag known is the common state: it is
	// marked in seenPlain, the others in visited.
	seenPlain := make(blockSet, n)
	visited := map[state]bool{}
	count := 0
	var stack []state
	enter := func(from, to *ssa.BasicBlock, st flagState) flagState {
		if !track {
			return flagState{}
		}
		return g.enter(from, to, st)
	}
	for _, s := range starts {
		stack = append(stack, state{s.to, enter(s.from, s.to, flagState{})})
	}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if !g.loop.has(x.b) {
			continue
		}
		if x.st == (flagState{}) {
			if seenPlain[x.b.Index] {
				continue
			}
			seenPlain[x.b.Index] = true
		} else {
			if visited[x] {
				continue
			}
			visited[x] = true
		}
		count++
		if track && count > budget {
			return nil, false
		}
		seen[x.b.Index] = true
		if slices.Contains(stop, x.b) {
			continue
		}
		only := -1
		if i, ok := x.b.Instrs[len(x.b.Instrs)-1].(*ssa.If); ok && track {
			if v, ok := g.value(i.Cond, x.st); ok {
				only = 1
				if v {
					only = 0
				}
			}
		}
		for i, s := range x.b.Succs {
			if cut[edge{x.b, i}] || only >= 0 && i != only {
				continue
			}
			stack = append(stack, state{s, enter(x.b, s, x.st)})
		}
	}
	return seen, true
}

// successors returns the steps out of b not in cut.
func successors(b *ssa.BasicBlock, cut map[edge]bool) []step {
	var out []step
	for i, s := range b.Succs {
		if !cut[edge{b, i}] {
			out = append(out, step{b, s})
		}
	}
	return out
}

// cycles says whether an instruction of block b comes round to itself
// through the loop's header, not taking the edges in cut: from b to the
// header without coming back to b first, then from the header to b.
func (g graph) cycles(b *ssa.BasicBlock, cut map[edge]bool) bool {
	h := g.loop.header
	if !g.reach(successors(b, cut), cut, b, h).has(h) {
		return false
	}
	return b == h || g.reach(successors(h, cut), cut, b).has(b)
}

// goesRound says whether the edge lies on a way from the block at (the
// operation's) round this loop's header and back to at: a way round of
// this loop, not only of a loop nested in it, not taking the edges in
// cut. The header comes before the edge (for err != nil { err = op() })
// or after it.
func (g graph) goesRound(e edge, at *ssa.BasicBlock, cut map[edge]bool) bool {
	h := g.loop.header
	to := e.from.Succs[e.succ]
	if !g.loop.has(to) || cut[e] {
		return false
	}
	fromOp := g.reach(successors(at, cut), cut, at)
	if !fromOp.has(e.from) && e.from != at {
		return false
	}
	out := []step{{e.from, to}}
	backToOp := to == at || g.reach(out, cut, at).has(at)
	if !backToOp {
		return false
	}
	// The header after the edge.
	if to == h || g.reach(out, cut, at, h).has(h) {
		return true
	}
	// The header before it: op reaches the header, and the header
	// reaches the edge, without coming back to op. (An edge out of op's
	// own block follows op's next execution, not this one.)
	return e.from != at && fromOp.has(h) && (e.from == h || g.reach(successors(h, cut), cut, at).has(e.from))
}

// loopNode returns the statement of fn's syntax that makes l: the
// innermost for or range statement holding every instruction of the
// loop, or, for a header that is a label's block, the labelled
// statement a goto goes back to.
func loopNode(fn *ssa.Function, l *loop) ast.Node {
	body := syntaxBody(fn)
	if body == nil {
		return nil
	}
	h := l.header.Comment
	if !strings.HasPrefix(h, "for.") && !strings.HasPrefix(h, "range") {
		var found ast.Node
		ast.Inspect(body, func(n ast.Node) bool {
			if _, ok := n.(*ast.FuncLit); ok {
				return false
			}
			if ls, ok := n.(*ast.LabeledStmt); ok && ls.Label.Name == h {
				found = ls
			}
			return found == nil
		})
		if found != nil {
			return found
		}
	}
	var lo, hi token.Pos
	for _, b := range l.blocks {
		for _, instr := range b.Instrs {
			p := instr.Pos()
			if !p.IsValid() {
				continue
			}
			switch instr.(type) {
			case *ssa.MakeClosure, *ssa.Phi, *ssa.Store, *ssa.Alloc:
				continue // may be at the closure's or a variable's declaration
			}
			if lo == token.NoPos || p < lo {
				lo = p
			}
			if p > hi {
				hi = p
			}
		}
	}
	var best ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		switch n.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			if lo == token.NoPos || n.Pos() <= lo && hi < n.End() {
				best = n // innermost wins: Inspect visits outer first
			}
		}
		return true
	})
	return best
}

func syntaxBody(fn *ssa.Function) *ast.BlockStmt {
	switch s := fn.Syntax().(type) {
	case *ast.FuncDecl:
		return s.Body
	case *ast.FuncLit:
		return s.Body
	}
	return nil
}
