package retrysite

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/types/typeutil"
)

// How a retry loop tells errors apart, in the shapes classifyLoop does not
// read: in its condition, with errors.AsType, on the error's text, by
// asking a result whether to retry.

// looksAtError says whether an expression tells errors apart: a boolean
// function of an error (errors.Is, isRetryable), errors.AsType, or a
// comparison with a particular error.
func (a *analyzer) looksAtError(x ast.Expr) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if a.errorPredicate(n) && !a.cancellationTest(n) {
				found = true
			}
			if sig, ok := a.pass.TypesInfo.TypeOf(n.Fun).(*types.Signature); ok && sig.Results().Len() == 2 {
				if b, ok := sig.Results().At(1).Type().Underlying().(*types.Basic); ok && b.Kind() == types.Bool {
					for _, arg := range n.Args {
						if a.isError(arg) {
							found = true // errors.AsType[*T](err)
						}
					}
				}
			}
		case *ast.BinaryExpr:
			if (n.Op == token.EQL || n.Op == token.NEQ) && (a.isError(n.X) && !a.isNil(n.Y) || a.isError(n.Y) && !a.isNil(n.X)) {
				found = true
			}
		}
		return !found
	})
	return found
}

// bodyLooksAtError says whether a loop's body tells errors apart in a way
// that changes what it does, in shapes classifyLoop does not read: an
// errors.AsType test that leaves the loop, or that alone goes round
// again; a switch on the error or its text with a case that leaves.
func (a *analyzer) bodyLooksAtError(l *loop) bool {
	found := false
	var visit func(list []ast.Stmt, inSwitch bool)
	visit = func(list []ast.Stmt, inSwitch bool) {
		for i, st := range list {
			if found {
				return
			}
			switch st := st.(type) {
			case *ast.IfStmt:
				if a.asType(st) && (a.exits(l, st.Body, inSwitch) || a.goesRound(l, st.Body) && a.exitsAfter(l, list[i+1:], inSwitch)) {
					found = true
					return
				}
				if a.retryVerdict(st.Cond) && a.exits(l, st.Body, inSwitch) {
					found = true // if !verdict.ShouldRetry() { return }
					return
				}
				visit(st.Body.List, inSwitch)
				if st.Else != nil {
					visit([]ast.Stmt{st.Else}, inSwitch)
				}
			case *ast.BlockStmt:
				visit(st.List, inSwitch)
			case *ast.SwitchStmt:
				if st.Tag != nil && a.errorOrText(st.Tag) {
					for _, c := range st.Body.List {
						if cc := c.(*ast.CaseClause); len(cc.List) > 0 && len(cc.Body) > 0 && a.exits(l, cc.Body[len(cc.Body)-1], true) {
							found = true
						}
					}
				}
				for _, c := range st.Body.List {
					visit(c.(*ast.CaseClause).Body, true)
				}
			case *ast.SelectStmt:
				for _, c := range st.Body.List {
					visit(c.(*ast.CommClause).Body, true)
				}
			case *ast.LabeledStmt:
				visit([]ast.Stmt{st.Stmt}, inSwitch)
			}
		}
	}
	visit(l.body.List, false)
	return found
}

// asType says whether an if statement tests errors.AsType's result.
func (a *analyzer) asType(st *ast.IfStmt) bool {
	as, ok := st.Init.(*ast.AssignStmt)
	if !ok || len(as.Rhs) != 1 {
		return false
	}
	call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn, ok := typeutil.Callee(a.pass.TypesInfo, call).(*types.Func)
	return ok && fn.Pkg() != nil && fn.Pkg().Path() == "errors" && fn.Name() == "AsType"
}

// errorOrText says whether x is an error or its Error() text.
func (a *analyzer) errorOrText(x ast.Expr) bool {
	if a.isError(x) {
		return true
	}
	if call, ok := ast.Unparen(x).(*ast.CallExpr); ok {
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "Error" && a.isError(sel.X) {
			return true
		}
	}
	return false
}

// cancellationTest says whether a call asks whether an error is the
// context's: errors.Is(err, context.Canceled) says the work was stopped,
// not which errors are worth retrying.
func (a *analyzer) cancellationTest(call *ast.CallExpr) bool {
	for _, arg := range call.Args {
		if a.contextError(arg) {
			return true
		}
	}
	return false
}

// retryVerdict says whether a condition asks a result whether to retry:
// a boolean method or function named for it (ShouldRetry, Retryable,
// Temporary, Transient), negated or not, that takes no error.
func (a *analyzer) retryVerdict(x ast.Expr) bool {
	x = ast.Unparen(x)
	if u, ok := x.(*ast.UnaryExpr); ok && u.Op == token.NOT {
		x = ast.Unparen(u.X)
	}
	call, ok := x.(*ast.CallExpr)
	if !ok {
		return false
	}
	fn, ok := typeutil.Callee(a.pass.TypesInfo, call).(*types.Func)
	if !ok {
		return false
	}
	if t, ok := a.pass.TypesInfo.TypeOf(call).(*types.Basic); !ok || t.Kind() != types.Bool {
		return false
	}
	name := strings.ToLower(fn.Name())
	for _, w := range []string{"retry", "retryable", "temporary", "transient"} {
		if strings.Contains(name, w) {
			return true
		}
	}
	return false
}
