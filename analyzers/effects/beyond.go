package effects

import (
	"go/ast"
	"go/types"
)

// Beyond SQL: a function records its first effect, and when that is SQL,
// also its first effect that is not. A retried transaction rolls back
// the statements a helper runs on the transaction it is given, but not a
// request the same helper makes after them: nonidempotent reads the
// second where the first is rolled back.

// Beyond returns the first effect of calling fn that is not SQL: its
// first effect when that is not SQL, else the one recorded after it; nil
// for none.
func (r *Result) Beyond(fn *types.Func) *Effect {
	e := r.Func(fn)
	if e == nil {
		return nil
	}
	if e.QueryPkg == "" {
		return e
	}
	if b, ok := r.beyond[fn.Origin()]; ok {
		return b
	}
	var f Fact
	if fn.Pkg() != r.pass.Pkg && r.pass.ImportObjectFact(fn.Origin(), &f) {
		return f.Beyond
	}
	return nil
}

// beyondEffects records, for each function whose first effect is SQL,
// its first effect that is not, to the fixed point over the package's
// calls.
func (a *analyzer) beyondEffects(funcs []*funcCtx) {
	r := a.result
	r.beyond = map[*types.Func]*Effect{}
	for changed := true; changed; {
		changed = false
		for _, f := range funcs {
			e := r.funcs[f.obj]
			if e == nil || e.QueryPkg == "" || r.beyond[f.obj] != nil {
				continue
			}
			if b := a.firstBeyond(f); b != nil {
				r.beyond[f.obj] = b
				changed = true
			}
		}
	}
}

// firstBeyond returns the first effect, in source order, of the calls of
// a function that is not SQL, the goroutines it starts left out as in
// first.
func (a *analyzer) firstBeyond(f *funcCtx) *Effect {
	var found *Effect
	ast.Inspect(f.decl.Body, func(n ast.Node) bool {
		if found != nil {
			return false
		}
		if _, ok := n.(*ast.GoStmt); ok {
			return false
		}
		if call, ok := n.(*ast.CallExpr); ok {
			found = a.callBeyond(call, f)
		}
		return found == nil
	})
	return found
}

// callBeyond returns a call's effect that is not SQL: its own, or its
// callee's recorded beyond its SQL.
func (a *analyzer) callBeyond(call *ast.CallExpr, f *funcCtx) *Effect {
	e := a.call(call, f)
	if e == nil || e.Class == AnyMethod || e.Class == AnyCommand {
		return nil
	}
	if e.QueryPkg == "" {
		return e
	}
	fn, hop := a.callee(call)
	if fn == nil {
		return nil
	}
	if b := a.result.Beyond(fn); b != nil {
		return &Effect{Class: b.Class, What: b.What, Chain: chain(hop, b.Chain)}
	}
	return nil
}
