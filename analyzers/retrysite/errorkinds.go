package retrysite

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/types/typeutil"
)

// Whether a retry decision depends on what the error is. A decision that
// is the same for every error retries them all, terminal ones included,
// even where it is written as a look at the error: a test that sets apart
// one error only to treat it as success (err != ErrAlreadyConnected), a
// predicate that is nil unless configured and nil means "retry", a
// predicate that answers a setting for every error. A decision made
// elsewhere from the error, and left in a flag the loop reads, is a
// classification.

// stopsOnErrorFlag says whether the loop leaves when a flag is set, and
// the package sets that flag only where it tells errors apart: if
// lastErr == err { c.abort = true } in the function that handles the
// failure, then if c.abort { break } in the loop. A flag set elsewhere
// (by Close) is a stop signal, not a classification.
func (a *analyzer) stopsOnErrorFlag(l *loop) bool {
	found := false
	walkLoop(l.body, func(n ast.Node) {
		ifs, ok := n.(*ast.IfStmt)
		if found || !ok || !a.exits(l, ifs.Body, false) {
			return
		}
		if v := a.flagVar(ifs.Cond); v != nil && a.errorFlags()[v] {
			found = true
		}
	})
	return found
}

// readVar returns the variable or field an expression reads alone (x,
// or the last name of a.b.x).
func (a *analyzer) readVar(x ast.Expr) *types.Var {
	var id *ast.Ident
	switch y := ast.Unparen(x).(type) {
	case *ast.Ident:
		id = y
	case *ast.SelectorExpr:
		id = y.Sel
	default:
		return nil
	}
	v, _ := a.pass.TypesInfo.Uses[id].(*types.Var)
	return v
}

// flagVar returns the boolean variable or field a condition reads alone.
func (a *analyzer) flagVar(x ast.Expr) *types.Var {
	v := a.readVar(x)
	if v == nil {
		return nil
	}
	if b, ok := v.Type().Underlying().(*types.Basic); !ok || b.Kind() != types.Bool {
		return nil
	}
	return v
}

// errorFlags returns the boolean variables and fields of the package that
// are set to anything but false only inside an if statement whose
// condition tells errors apart.
func (a *analyzer) errorFlags() map[*types.Var]bool {
	st := a.state()
	if st.errorFlags != nil {
		return st.errorFlags
	}
	st.errorFlags = map[*types.Var]bool{}
	other := map[*types.Var]bool{}
	for _, f := range a.sourceFiles() {
		ast.Inspect(f, func(n ast.Node) bool {
			as, ok := n.(*ast.AssignStmt)
			if !ok || len(as.Lhs) != len(as.Rhs) {
				return true
			}
			for i, lhs := range as.Lhs {
				v := a.flagVar(lhs)
				if v == nil {
					continue
				}
				if tv := a.pass.TypesInfo.Types[as.Rhs[i]]; tv.Value != nil && tv.Value.String() == "false" {
					continue // a reset
				}
				if a.underErrorLook(f, as) {
					st.errorFlags[v] = true
				} else {
					other[v] = true
				}
			}
			return true
		})
	}
	for v := range other {
		delete(st.errorFlags, v)
	}
	return st.errorFlags
}

// underErrorLook says whether a statement runs only when an if condition
// around it, in its function, tells errors apart.
func (a *analyzer) underErrorLook(f *ast.File, st ast.Stmt) bool {
	path, _ := astutil.PathEnclosingInterval(f, st.Pos(), st.End())
	for i, n := range path {
		switch n := n.(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			return false
		case *ast.IfStmt:
			if i > 0 && path[i-1] == n.Body && a.looksAtError(n.Cond) {
				return true
			}
		}
	}
	return false
}

// lumpedWithSuccess says whether a look at the error, the innermost node
// of stack, only sets one error apart to treat it as success: it is
// err != Sentinel (or !errors.Is(err, Sentinel)) beside err != nil in
// the condition of an if that goes round, and what follows the if leaves
// without the error (break; return nil). The decision to retry is then
// "failed, unless it was that one", the same for every other error.
func (a *analyzer) lumpedWithSuccess(stack []ast.Node) bool {
	look := stack[len(stack)-1]
	i := len(stack) - 2
	if u, ok := stack[i].(*ast.UnaryExpr); ok && u.Op == token.NOT {
		look, i = u, i-1 // !errors.Is(err, ErrAlreadyDone)
	}
	top := i
	// Climb the && chain the look is part of, to the if that holds it.
	for ; i >= 0; i-- {
		b, ok := stack[i].(*ast.BinaryExpr)
		if !ok || b.Op != token.LAND {
			break
		}
	}
	if i < 1 || i == top {
		return false
	}
	ifs, ok := stack[i].(*ast.IfStmt)
	if !ok || ifs.Cond != stack[i+1] || ifs.Else != nil {
		return false
	}
	if !a.excludes(look) {
		return false
	}
	// The other conjuncts: err != nil and nothing that tells errors
	// apart.
	failed := false
	for _, c := range conjuncts(ifs.Cond) {
		switch {
		case c == look:
		case a.failureCond(c) && !a.looksAtError(c):
			failed = true
		default:
			return false
		}
	}
	if !failed || len(ifs.Body.List) == 0 {
		return false
	}
	last, ok := ifs.Body.List[len(ifs.Body.List)-1].(*ast.BranchStmt)
	if !ok || last.Tok != token.CONTINUE || last.Label != nil {
		return false
	}
	block, ok := stack[i-1].(*ast.BlockStmt)
	if !ok {
		return false
	}
	for j, st := range block.List {
		if st != ifs || j+1 == len(block.List) {
			continue
		}
		switch next := block.List[j+1].(type) {
		case *ast.BranchStmt:
			return next.Tok == token.BREAK && next.Label == nil
		case *ast.ReturnStmt:
			for _, r := range next.Results {
				if a.refsError(r) {
					return false
				}
			}
			return true
		}
	}
	return false
}

// excludes says whether a look is err != X or !errors.Is(err, X): true
// for every error but one.
func (a *analyzer) excludes(look ast.Node) bool {
	switch x := look.(type) {
	case *ast.BinaryExpr:
		return x.Op == token.NEQ
	case *ast.UnaryExpr:
		return x.Op == token.NOT
	}
	return false
}

// conjuncts splits a condition at its top-level &&.
func conjuncts(x ast.Expr) []ast.Expr {
	if b, ok := ast.Unparen(x).(*ast.BinaryExpr); ok && b.Op == token.LAND {
		return append(conjuncts(b.X), conjuncts(b.Y)...)
	}
	return []ast.Expr{x}
}

// nilRetriesAll says whether a call of a predicate held in a field or a
// package variable is guarded, in the same condition, by p == nil ||
// p(...), and the package never gives p a function of its own: unless its
// user configures one, the predicate is nil, and nil means "retry every
// error". The call is recorded as such a classifier.
func (a *analyzer) nilRetriesAll(call *ast.CallExpr, stack []ast.Node) bool {
	v := a.predicateVar(call.Fun)
	if v == nil {
		return false
	}
	guarded := false
	for i := len(stack) - 2; i >= 0 && !guarded; i-- {
		b, ok := stack[i].(*ast.BinaryExpr)
		if !ok {
			break
		}
		if b.Op != token.LOR || b.Y != stack[i+1] {
			continue
		}
		for _, c := range disjuncts(b.X) {
			if n, ok := ast.Unparen(c).(*ast.BinaryExpr); ok && n.Op == token.EQL &&
				(a.predicateVar(n.X) == v && a.isNil(n.Y) || a.predicateVar(n.Y) == v && a.isNil(n.X)) {
				guarded = true
			}
		}
	}
	if !guarded || !a.retryBranch(stack) {
		return false
	}
	var values []ast.Expr
	if v.IsField() {
		fv := a.fieldIndex()[v]
		if fv != nil {
			values = fv.values
		}
	} else if init := a.globals[v]; init != nil {
		values = []ast.Expr{init}
	}
	for _, x := range values {
		switch y := ast.Unparen(x).(type) {
		case *ast.FuncLit:
			return false // a default of its own
		case *ast.Ident, *ast.SelectorExpr:
			var id *ast.Ident
			if sel, ok := y.(*ast.SelectorExpr); ok {
				id = sel.Sel
			} else {
				id = y.(*ast.Ident)
			}
			if _, ok := a.pass.TypesInfo.Uses[id].(*types.Func); ok {
				return false
			}
		}
	}
	st := a.state()
	if st.nilDefaults == nil {
		st.nilDefaults = map[ast.Expr]bool{}
	}
	st.nilDefaults[call.Fun] = true
	return true
}

// retryBranch says whether the condition at the top of stack belongs to
// an if whose body, when the condition holds, does not leave: it goes
// round or records the decision to (shouldRetry = true), so that true
// means "retry". A body that returns or breaks is a test for stopping.
func (a *analyzer) retryBranch(stack []ast.Node) bool {
	for i := len(stack) - 2; i >= 0; i-- {
		switch n := stack[i].(type) {
		case *ast.BinaryExpr, *ast.ParenExpr:
			continue
		case *ast.IfStmt:
			if n.Cond != stack[i+1] || len(n.Body.List) == 0 {
				return false
			}
			switch last := n.Body.List[len(n.Body.List)-1].(type) {
			case *ast.ReturnStmt:
				return false
			case *ast.BranchStmt:
				return last.Tok == token.CONTINUE
			}
			return true
		}
		return false
	}
	return false
}

// predicateVar returns the field or package variable of function type an
// expression reads.
func (a *analyzer) predicateVar(x ast.Expr) *types.Var {
	v := a.readVar(x)
	if v == nil {
		return nil
	}
	if _, ok := v.Type().Underlying().(*types.Signature); !ok {
		return nil
	}
	if !v.IsField() && (v.Pkg() == nil || v.Parent() != v.Pkg().Scope()) {
		return nil
	}
	return v
}

// disjuncts splits a condition at its top-level ||.
func disjuncts(x ast.Expr) []ast.Expr {
	if b, ok := ast.Unparen(x).(*ast.BinaryExpr); ok && b.Op == token.LOR {
		return append(disjuncts(b.X), disjuncts(b.Y)...)
	}
	return []ast.Expr{x}
}

// setting says whether a boolean expression is a setting, the same for
// every error: a field reached from the method's receiver or a package
// variable (c.retryServerErrors, cfg.Retry.OnNetwork), with no call.
func (a *analyzer) setting(x ast.Expr) bool {
	if t, ok := a.pass.TypesInfo.TypeOf(x).(*types.Basic); !ok || t.Kind() != types.Bool {
		return false
	}
	root := ast.Unparen(x)
	for {
		sel, ok := root.(*ast.SelectorExpr)
		if !ok {
			break
		}
		if s, ok := a.pass.TypesInfo.Selections[sel]; !ok || s.Kind() != types.FieldVal {
			return false
		}
		root = ast.Unparen(sel.X)
	}
	id, ok := root.(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := a.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok {
		return false
	}
	if v.Pkg() != nil && v.Parent() == v.Pkg().Scope() {
		return true
	}
	d := a.enclosingDecl(id.Pos())
	if d == nil || d.Recv == nil || len(d.Recv.List) == 0 || len(d.Recv.List[0].Names) == 0 {
		return false
	}
	return a.pass.TypesInfo.Defs[d.Recv.List[0].Names[0]] == v
}

// givesUpQuietly says whether a loop, when it runs out of attempts, goes
// on as if it had waited for something that did not come: the function
// then returns no error of its attempts (nil, or its context's error),
// and the statements after the loop use the last error only to log it
// or test it. Failing fast on a terminal error would end it the same
// way, as a best-effort wait (for a state, a peer) rather than a retry
// whose failure its caller sees.
func (a *analyzer) givesUpQuietly(l *loop) bool {
	if len(l.after) == 0 {
		return false
	}
	final, ok := l.after[len(l.after)-1].(*ast.ReturnStmt)
	if !ok || len(final.Results) == 0 {
		return false
	}
	sig, ok := a.enclosingSignature(l.node)
	if !ok || sig.Results().Len() != len(final.Results) {
		return false
	}
	hasErr := false
	for i := 0; i < sig.Results().Len(); i++ {
		if !isErrorType(sig.Results().At(i).Type()) {
			continue
		}
		hasErr = true
		if x := final.Results[i]; !a.isNil(x) && !a.contextError(x) {
			return false
		}
	}
	if !hasErr {
		return false // a bool or a value may be how it says it failed
	}
	errs := a.errorsAssigned(l)
	used := func(x ast.Node) bool {
		found := false
		ast.Inspect(x, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				if v, ok := a.pass.TypesInfo.Uses[id].(*types.Var); ok && errs[v] {
					found = true
				}
			}
			return !found
		})
		return found
	}
	quiet := true
	var visit func(list []ast.Stmt)
	visit = func(list []ast.Stmt) {
		for _, st := range list {
			switch st := st.(type) {
			case *ast.ExprStmt:
				// level.Warn(logger).Log("err", lastErr): a log, a call
				// of another package whose result is dropped. A function
				// of this package or a function value may hand it on.
				call, ok := st.X.(*ast.CallExpr)
				if !used(st) {
					break
				}
				if !ok {
					quiet = false
					break
				}
				fn := typeutil.Callee(a.pass.TypesInfo, call)
				if fn == nil || fn.Pkg() == a.pass.Pkg {
					quiet = false
				}
			case *ast.IfStmt:
				if st.Init != nil && used(st.Init) {
					quiet = false
				}
				visit(st.Body.List)
				if st.Else != nil {
					visit([]ast.Stmt{st.Else})
				}
			case *ast.BlockStmt:
				visit(st.List)
			case *ast.AssignStmt:
				// lastErr = b.Err() keeps it local; anything else may hand
				// it on.
				for _, lhs := range st.Lhs {
					id, ok := ast.Unparen(lhs).(*ast.Ident)
					if !ok {
						if used(st) {
							quiet = false
						}
						continue
					}
					if v, ok := a.pass.TypesInfo.ObjectOf(id).(*types.Var); (!ok || !errs[v]) && used(st) {
						quiet = false
					}
				}
			default:
				if used(st) {
					quiet = false
				}
			}
		}
	}
	visit(l.after)
	return quiet
}

// enclosingSignature returns the signature of the function (declared or
// literal) that holds n.
func (a *analyzer) enclosingSignature(n ast.Node) (*types.Signature, bool) {
	d := a.enclosingDecl(n.Pos())
	if d == nil {
		return nil, false
	}
	var t types.Type
	if fn, ok := a.pass.TypesInfo.Defs[d.Name].(*types.Func); ok {
		t = fn.Type()
	}
	ast.Inspect(d.Body, func(m ast.Node) bool {
		if lit, ok := m.(*ast.FuncLit); ok && lit.Pos() <= n.Pos() && n.End() <= lit.End() {
			t = a.pass.TypesInfo.TypeOf(lit) // the innermost literal wins, as Inspect goes down
		}
		return true
	})
	sig, ok := t.(*types.Signature)
	return sig, ok
}
