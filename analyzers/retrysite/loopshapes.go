package retrysite

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/types/typeutil"
)

// The shapes a retry loop takes besides a for statement that waits in
// its body: a goto back to a label, a range over an iterator that waits
// between the values it yields, a queue of the items whose attempt
// failed.

// gotoLoops finds, in a block, the labeled statements that a later goto
// in the same block jumps back to: each starts a loop that runs from the
// label to the last statement holding such a goto.
func (a *analyzer) gotoLoops(block *ast.BlockStmt) []*loop {
	if !slices.ContainsFunc(block.List, func(st ast.Stmt) bool { _, ok := st.(*ast.LabeledStmt); return ok }) {
		return nil
	}
	// One walk over the block finds the last statement that jumps to
	// each label: generated state machines hold thousands of labels.
	last := map[*types.Label]int{}
	for j, st := range block.List {
		ast.Inspect(st, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.BranchStmt:
				if n.Tok == token.GOTO {
					if label := a.labelOf(n.Label); label != nil {
						last[label] = j
					}
				}
			}
			return true
		})
	}
	var out []*loop
	for i, st := range block.List {
		ls, ok := st.(*ast.LabeledStmt)
		if !ok {
			continue
		}
		label, ok := a.pass.TypesInfo.Defs[ls.Label].(*types.Label)
		if !ok {
			continue
		}
		end, ok := last[label]
		if !ok || end < i {
			continue
		}
		body := &ast.BlockStmt{Lbrace: ls.Pos(), List: append([]ast.Stmt{ls.Stmt}, block.List[i+1:end+1]...), Rbrace: block.List[end].End()}
		l := a.newLoop(ls, body, nil, ls)
		l.gotoLoop = true
		out = append(out, l)
	}
	return out
}

// iterator is a function iterator that waits between the values it
// yields (for range c.retryTimer(ctx, n) { ... }): the range loop over it
// waits, and is bounded, as the iterator's own loop is.
type iterator struct {
	lit    *ast.FuncLit // the iterator function
	delays []*Delay
	policy Policy
	eval   *evaluator // of the function that returns the iterator
}

func (it *iterator) owns(d *Delay) bool {
	return it.lit.Pos() <= d.Wait.Pos() && d.Wait.End() <= it.lit.End()
}

// waitingIterator returns the iterator a range expression calls for, when
// a function of this package returns it and it waits in its loop.
func (a *analyzer) waitingIterator(e *evaluator, x ast.Expr) *iterator {
	call, ok := ast.Unparen(x).(*ast.CallExpr)
	if !ok {
		return nil
	}
	fn := typeutil.StaticCallee(a.pass.TypesInfo, call)
	if fn == nil {
		return nil
	}
	d := a.decls[fn.Origin()]
	if d == nil || d.Body == nil {
		return nil
	}
	lit, ok := ast.Unparen(singleReturn(d.Body)).(*ast.FuncLit)
	if !ok {
		return nil
	}
	var l *loop
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		if l != nil {
			return false
		}
		switch n := n.(type) {
		case *ast.ForStmt:
			l = a.newLoop(n, n.Body, n.Cond, nil)
		case *ast.RangeStmt:
			l = a.newLoop(n, n.Body, nil, nil)
		}
		return l == nil
	})
	if l == nil {
		return nil
	}
	if ps := lit.Type.Params.List; len(ps) == 1 && len(ps[0].Names) == 1 {
		l.yield = a.pass.TypesInfo.Defs[ps[0].Names[0]]
	}
	it := &iterator{lit: lit, eval: a.evaluator(d)}
	walkLoop(l.body, func(n ast.Node) {
		if c, ok := n.(*ast.CallExpr); ok {
			if w := a.waitOf(c); w != nil {
				it.delays = append(it.delays, w)
			}
		}
	})
	if len(it.delays) == 0 {
		return nil
	}
	it.policy = a.loopCaps(it.eval, l)
	// The iterator's context is the caller's argument.
	if i := it.policy.ContextParam; i >= 0 && i < len(call.Args) {
		it.policy.Cancel, _ = e.context(call.Args[i])
	}
	return it
}

// retryQueue recognises a loop that keeps the items whose attempt failed
// for its next round: for range items { if err := item.fn(); err != nil {
// failed = append(failed, item) } }; items = failed. The items that
// succeeded leave it.
func (a *analyzer) retryQueue(l *loop) bool {
	varOf := func(x ast.Expr) *types.Var {
		if id, ok := ast.Unparen(x).(*ast.Ident); ok {
			v, _ := a.pass.TypesInfo.ObjectOf(id).(*types.Var)
			return v
		}
		return nil
	}
	found := false
	ast.Inspect(l.body, func(n ast.Node) bool {
		r, ok := n.(*ast.RangeStmt)
		if found || !ok {
			_, isLit := n.(*ast.FuncLit)
			return !found && !isLit
		}
		items, elem := varOf(r.X), varOf(r.Value)
		if items == nil || elem == nil {
			return true
		}
		// The failed items, appended in a failure branch.
		kept := map[*types.Var]bool{}
		ast.Inspect(r.Body, func(m ast.Node) bool {
			ifs, ok := m.(*ast.IfStmt)
			if !ok || !a.failureCond(ifs.Cond) {
				return true
			}
			ast.Inspect(ifs.Body, func(k ast.Node) bool {
				as, ok := k.(*ast.AssignStmt)
				if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
					return true
				}
				call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
				if !ok || len(call.Args) != 2 {
					return true
				}
				if id, ok := call.Fun.(*ast.Ident); ok && id.Name == "append" && varOf(call.Args[1]) == elem {
					if t := varOf(as.Lhs[0]); t != nil {
						kept[t] = true
					}
				}
				return true
			})
			return true
		})
		if len(kept) == 0 {
			return true
		}
		// They become the items of the next round.
		walkLoop(l.body, func(m ast.Node) {
			if as, ok := m.(*ast.AssignStmt); ok && len(as.Lhs) == 1 && len(as.Rhs) == 1 && varOf(as.Lhs[0]) == items && kept[varOf(as.Rhs[0])] {
				found = true
			}
		})
		return true
	})
	return found
}
