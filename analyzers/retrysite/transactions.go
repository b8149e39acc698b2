package retrysite

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/retrylint/retrylint/analyzers/internal/analysisutil"
	"github.com/retrylint/retrylint/rules"
)

// Retried transactions: a database client runs the function it is given
// in a transaction and, when the database aborts the transaction, rolls
// it back and runs the function again. What the function runs on the
// transaction is undone before the next attempt; everything else (a
// request, a publish, SQL on another handle) is done again. A Transaction
// site says which variables of its function are the transaction, or
// hold a value made from it, so that the checks can tell the two apart.

// txInfo is what a site that rolls back knows of its transaction.
type txInfo struct {
	// vars are the transaction's variables: the operation's parameters
	// (or the call's argument) that are the transaction, and every local
	// variable assigned a value that mentions one of them (tx.Stmt(st),
	// queries.New(tx), a context that carries the transaction).
	vars map[*types.Var]bool
	// params are the operation's parameters that are the transaction or
	// carry it; none for crdb.ExecuteInTx, whose function takes none.
	params []int
}

// RollsBack reports whether the site's operation runs in a transaction
// that is rolled back before the next attempt: a Transaction site, or a
// call of a helper that passes its operation to one.
func (s *Site) RollsBack() bool { return s.tx != nil }

// OnTransaction reports whether a call in the operation of a site that
// rolls back runs on the transaction: its receiver or one of its
// arguments mentions the transaction or a value made from it
// (tx.ExecContext(...), store.insertOrder(ctx, tx, o), q.WithTx(tx)). A
// call that mentions none of them cannot reach the transaction, except
// through state this analysis does not follow.
func (s *Site) OnTransaction(info *types.Info, call *ast.CallExpr) bool {
	if s.tx == nil || len(s.tx.vars) == 0 {
		return false
	}
	var xs []ast.Expr
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		xs = append(xs, sel.X)
	}
	xs = append(xs, call.Args...)
	for _, x := range xs {
		if mentions(info, x, s.tx.vars) {
			return true
		}
	}
	return false
}

// mentions says whether x uses one of vars.
func mentions(info *types.Info, x ast.Node, vars map[*types.Var]bool) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && !found {
			if v, ok := info.Uses[id].(*types.Var); ok && vars[v] {
				found = true
			}
		}
		return !found
	})
	return found
}

// transaction fills in a Transaction site's transaction: the operation's
// parameter named by the rule's rollback, or the call's argument named
// by its transaction, and the local variables made from them.
func (a *analyzer) transaction(d *ast.FuncDecl, r *rules.Retry, call *ast.CallExpr, site *Site) {
	roots := map[*types.Var]bool{}
	var params []int
	switch {
	case r.Rollback != nil:
		params = []int{int(*r.Rollback)}
		if v := paramVar(a.pass.TypesInfo, site.Operation, int(*r.Rollback)); v != nil {
			roots[v] = true
		}
	case r.Transaction != nil:
		if x := analysisutil.Argument(call, *r.Transaction); x != nil {
			ast.Inspect(x, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok {
					if v, ok := a.pass.TypesInfo.Uses[id].(*types.Var); ok && !v.IsField() {
						roots[v] = true
					}
				}
				return true
			})
		}
	default:
		return
	}
	site.tx = &txInfo{vars: a.madeFrom(d, roots), params: params}
}

// paramVar returns parameter i of a function literal operation, or nil.
func paramVar(info *types.Info, op ast.Node, i int) *types.Var {
	lit, ok := op.(*ast.FuncLit)
	if !ok || lit.Type.Params == nil {
		return nil
	}
	n := 0
	for _, field := range lit.Type.Params.List {
		if len(field.Names) == 0 {
			n++
			continue
		}
		for _, name := range field.Names {
			if n == i {
				v, _ := info.Defs[name].(*types.Var)
				return v
			}
			n++
		}
	}
	return nil
}

// madeFrom returns roots and the local variables of d assigned a value
// that mentions one of them, or with a field assigned one, to the fixed
// point.
func (a *analyzer) madeFrom(d *ast.FuncDecl, roots map[*types.Var]bool) map[*types.Var]bool {
	vars := map[*types.Var]bool{}
	for v := range roots {
		vars[v] = true
	}
	if d == nil || d.Body == nil || len(vars) == 0 {
		return vars
	}
	scope := a.scopeOf(d)
	for grown := true; grown; {
		grown = false
		for v, defs := range scope.Defs {
			if vars[v] {
				continue
			}
			for _, def := range defs {
				if mentions(a.pass.TypesInfo, def.Expr, vars) {
					vars[v] = true
					grown = true
					break
				}
			}
		}
		// A variable one of whose fields is set to the transaction
		// (r.tx = tx) carries it too.
		for v, sets := range scope.Fields {
			if vars[v] {
				continue
			}
			for _, fs := range sets {
				if mentions(a.pass.TypesInfo, fs.Value, vars) {
					vars[v] = true
					grown = true
					break
				}
			}
		}
	}
	return vars
}

// helperTransaction carries a framework's retry over to a helper that
// passes its operation parameter to it: the helper's callers are retried
// by the framework, and, for a transaction, the operation they pass gets
// the transaction at the parameters the helper passes it in.
func (a *analyzer) helperTransaction(d *ast.FuncDecl, site *Site, op int, h *HelperFact) {
	if site.Framework == "" {
		return
	}
	h.Framework, h.Retries = site.Framework, site.Retries
	if site.tx == nil {
		return
	}
	h.RollsBack = true
	if x, ok := site.Operation.(ast.Expr); ok && isIdent(x) {
		h.Rollback = site.tx.params // the parameter itself: the same function gets the same transaction
		return
	}
	lit, ok := site.Operation.(*ast.FuncLit)
	if !ok {
		return
	}
	// A closure that calls the parameter: the arguments it passes that
	// mention the transaction (fn(tx), fn(withTx(ctx, tx), tx)).
	s := a.scopeOf(d)
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || h.Rollback != nil {
			return h.Rollback == nil
		}
		id, ok := ast.Unparen(call.Fun).(*ast.Ident)
		if !ok {
			return true
		}
		v, ok := a.pass.TypesInfo.Uses[id].(*types.Var)
		if i, isParam := s.Params[v]; !ok || !isParam || i != op {
			return true
		}
		for i, x := range call.Args {
			if mentions(a.pass.TypesInfo, x, site.tx.vars) {
				h.Rollback = append(h.Rollback, i)
			}
		}
		return true
	})
}

// helperFramework makes a call of a helper that passes its operation to
// a framework's retry a site of that framework, and, when the framework
// runs it in a transaction, a site that rolls back.
func (a *analyzer) helperFramework(d *ast.FuncDecl, h *HelperFact, site *Site) {
	if h.Framework == "" {
		return
	}
	site.Framework, site.Retries = h.Framework, h.Retries
	if !h.RollsBack {
		return
	}
	roots := map[*types.Var]bool{}
	for _, i := range h.Rollback {
		if v := paramVar(a.pass.TypesInfo, site.Operation, i); v != nil {
			roots[v] = true
		}
	}
	site.tx = &txInfo{vars: a.madeFrom(d, roots), params: h.Rollback}
}

// transactionRetries says how a database client that retries on an
// error (a row with retries-on) retries a site's operation, for
// messages; false when it does not retry it at all (crdb.ExecuteCtx
// under WithMaxRetries(ctx, 0): one attempt). A framework whose row
// says how in a sentence (says) gets it in queuePolicy.
func (a *analyzer) transactionRetries(e *evaluator, r *rules.Retry, call *ast.CallExpr, site *Site) bool {
	if r.RetriesOn == "" {
		return true
	}
	how := "re-runs the function"
	if site.Kind == Transaction {
		how = "rolls the transaction back and re-runs the function"
	}
	if r.DefaultRetries == nil {
		site.Retries = fmt.Sprintf("%s %s on every %s, without limit", r.Framework, how, r.RetriesOn)
		return true
	}
	n, option := *r.DefaultRetries, ""
	if m, opt, ok := a.maxRetries(e, r.Framework, analysisutil.Argument(call, *r.Context), call, 0); ok {
		n, option = m, opt
	}
	switch {
	case option == "":
		site.Retries = fmt.Sprintf("%s %s on a %s, up to %d times by default", r.Framework, how, r.RetriesOn, n)
	case r.Unlimited != nil && n == *r.Unlimited:
		site.Retries = fmt.Sprintf("%s %s on a %s without limit: %s(ctx, %d)", r.Framework, how, r.RetriesOn, option, n)
		site.Policy.set(rulePolicyFramework, "attempts", No, call, "%s", site.Retries)
	case n == 0:
		return false // no retry: one attempt
	default:
		site.Retries = fmt.Sprintf("%s %s on a %s, up to %d times: %s", r.Framework, how, r.RetriesOn, n, option)
	}
	return true
}

// maxRetries follows a context argument to a call of an attempts row
// of the framework that sets the retries on it (crdb.WithMaxRetries(ctx,
// 3)) with a constant count: through the local variable that holds it
// and the context package's wrappers (context.WithTimeout(crdb.
// WithMaxRetries(ctx, 3), d)). It returns the retries and the option
// as written in messages (crdb.WithMaxRetries).
func (a *analyzer) maxRetries(e *evaluator, framework string, x ast.Expr, at ast.Node, depth int) (int, string, bool) {
	if x == nil || depth > maxDepth {
		return 0, "", false
	}
	switch x := ast.Unparen(x).(type) {
	case *ast.CallExpr:
		fn := typeutil.StaticCallee(a.pass.TypesInfo, x)
		if fn == nil || len(x.Args) == 0 {
			return 0, "", false
		}
		if opt := a.rules.ContextAttempts(fn, framework); opt != nil {
			tv := a.pass.TypesInfo.Types[analysisutil.Argument(x, *opt.Arg)]
			if tv.Value == nil {
				return 0, "", false
			}
			n, ok := constant.Int64Val(constant.ToInt(tv.Value))
			if !ok || (opt.Unset != nil && int(n) == *opt.Unset) {
				return 0, "", false // not a number, or one that leaves the default
			}
			if opt.Counts == "attempts" {
				n-- // every run counted: the retries are the runs after the first
			}
			return int(n), fn.Pkg().Name() + "." + fn.Name(), n >= 0
		}
		if fn.Pkg() != nil && fn.Pkg().Path() == "context" {
			return a.maxRetries(e, framework, x.Args[0], at, depth+1)
		}
	case *ast.Ident:
		v, ok := a.pass.TypesInfo.Uses[x].(*types.Var)
		if !ok {
			return 0, "", false
		}
		var last ast.Expr
		for _, def := range e.scope.Defs[v] {
			if def.End <= at.Pos() && def.Index <= 0 && !def.Op && !def.Range {
				last = def.Expr
			}
		}
		return a.maxRetries(e, framework, last, at, depth+1)
	}
	return 0, "", false
}

func isIdent(x ast.Expr) bool {
	_, ok := ast.Unparen(x).(*ast.Ident)
	return ok
}
