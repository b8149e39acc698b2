package nonidempotent

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/analysisutil"
	"github.com/retrylint/retrylint/analyzers/retrysite"
)

// A retry helper may retry only what its caller declares safe to repeat:
// func do(ctx, op, idempotent bool) { if !idempotent { return op(ctx) };
// for ... }. A caller that passes false is not retried; one that passes
// true declares its operation idempotent, and is trusted. Until the
// check follows the paths on which the helper repeats, a call of a gated
// helper is not judged at all.

// gated says whether a helper site's helper calls its operation once on
// a path chosen by another of its parameters (a flag, a policy's
// field): an if outside the helper's loops whose condition reads that
// parameter, with a branch that calls the operation with no loop, or
// that holds the loop while the code after it calls the operation once.
// Only a helper of this package is read; one of another package is not
// known to be gated.
func (c *checker) gated(s *retrysite.Site) bool {
	if s.Kind != retrysite.Helper || s.Helper == nil || s.Callee == nil {
		return false
	}
	decl := analysisutil.FuncDecl(c.pass, s.Callee.Origin())
	if decl == nil || decl.Body == nil {
		return false
	}
	info := c.pass.TypesInfo
	var params []*types.Var
	for _, field := range decl.Type.Params.List {
		for _, name := range field.Names {
			v, _ := info.Defs[name].(*types.Var)
			params = append(params, v)
		}
		if len(field.Names) == 0 {
			params = append(params, nil)
		}
	}
	if s.Helper.Operation < 0 || s.Helper.Operation >= len(params) || params[s.Helper.Operation] == nil {
		return false
	}
	op := params[s.Helper.Operation]
	gate := func(v *types.Var) bool { return v != nil && v != op && containsVar(params, v) }
	found := false
	var visit func(stmts []ast.Stmt)
	visit = func(stmts []ast.Stmt) {
		for i, st := range stmts {
			if found {
				return
			}
			switch st := st.(type) {
			case *ast.IfStmt:
				if c.readsFlag(st.Cond, gate) {
					once := c.callsOnce(st.Body, op) || st.Else != nil && c.callsOnce(st.Else, op)
					loopThenOnce := st.Else == nil && hasLoop(st.Body) && c.callsOnce(&ast.BlockStmt{List: stmts[i+1:]}, op)
					if once || loopThenOnce {
						found = true
						return
					}
				}
				visit(st.Body.List)
				if els, ok := st.Else.(*ast.BlockStmt); ok {
					visit(els.List)
				}
			case *ast.BlockStmt:
				visit(st.List)
			}
		}
	}
	visit(decl.Body.List)
	return found
}

func containsVar(vs []*types.Var, v *types.Var) bool {
	for _, w := range vs {
		if w == v {
			return true
		}
	}
	return false
}

// readsFlag says whether a condition reads a boolean parameter gate
// accepts, or a boolean field of one (opts.Idempotent).
func (c *checker) readsFlag(cond ast.Expr, gate func(*types.Var) bool) bool {
	info := c.pass.TypesInfo
	found := false
	ast.Inspect(cond, func(n ast.Node) bool {
		x, ok := n.(ast.Expr)
		if !ok || found {
			return !found
		}
		t := info.TypeOf(x)
		if t == nil {
			return true // a package's name
		}
		if b, ok := t.Underlying().(*types.Basic); !ok || b.Info()&types.IsBoolean == 0 {
			return true
		}
		root := x
		for {
			sel, ok := ast.Unparen(root).(*ast.SelectorExpr)
			if !ok {
				break
			}
			if s := info.Selections[sel]; s == nil || s.Kind() != types.FieldVal {
				return true
			}
			root = sel.X
		}
		if id, ok := ast.Unparen(root).(*ast.Ident); ok {
			if v, ok := info.Uses[id].(*types.Var); ok && gate(v) {
				found = true
			}
		}
		return !found
	})
	return found
}

// callsOnce says whether a branch calls the operation op and holds no
// loop: the path on which the helper runs it once.
func (c *checker) callsOnce(branch ast.Node, op *types.Var) bool {
	if hasLoop(branch) {
		return false
	}
	calls := false
	ast.Inspect(branch, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok && c.pass.TypesInfo.Uses[id] == op {
				calls = true
			}
		}
		return !calls
	})
	return calls
}

// hasLoop says whether a node holds a loop, a goto that may make one, or
// a function literal, which may run any number of times.
func hasLoop(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ForStmt, *ast.RangeStmt, *ast.FuncLit:
			found = true
		case *ast.BranchStmt:
			if n.Tok.String() == "goto" {
				found = true
			}
		}
		return !found
	})
	return found
}
