package retrysite

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/retrylint/retrylint/analyzers/internal/analysisutil"
	"github.com/retrylint/retrylint/rules"
)

// alwaysTrue says whether a predicate says "retry" for every error (see
// catchAll).
func (a *analyzer) alwaysTrue(x ast.Expr) bool { return a.catchAll(x, 0) }

// declOf returns the declaration of the function x names, in this package.
func (a *analyzer) declOf(x ast.Expr) *ast.FuncDecl {
	var obj types.Object
	switch x := ast.Unparen(x).(type) {
	case *ast.Ident:
		obj = a.pass.TypesInfo.Uses[x]
	case *ast.SelectorExpr:
		obj = a.pass.TypesInfo.Uses[x.Sel]
	}
	if fn, ok := obj.(*types.Func); ok {
		return a.decls[fn.Origin()]
	}
	return nil
}

// operationBody returns the body of a retried operation: a closure's, or
// the declaration's of a function of this package.
func (a *analyzer) operationBody(op ast.Node) *ast.BlockStmt {
	switch op := op.(type) {
	case *ast.FuncLit:
		return op.Body
	case *ast.BlockStmt:
		return op
	case ast.Expr:
		if lit, ok := ast.Unparen(op).(*ast.FuncLit); ok {
			return lit.Body
		}
		if d := a.declOf(op); d != nil {
			return d.Body
		}
	}
	return nil
}

// errorResults returns the error results of a body's own return
// statements (not those of nested closures).
func errorResults(body *ast.BlockStmt) []ast.Expr {
	var out []ast.Expr
	for _, results := range analysisutil.ReturnResults(body) {
		if len(results) > 0 {
			out = append(out, results[len(results)-1])
		}
	}
	return out
}

// callsOneOf says whether x is a call of one of the named functions.
func (a *analyzer) callsOneOf(x ast.Expr, names []rules.Name) bool {
	call, ok := ast.Unparen(x).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn := typeutil.StaticCallee(a.pass.TypesInfo, call)
	if fn == nil {
		return false
	}
	key := rules.FuncKey(fn)
	for _, n := range names {
		if rules.Normalize(n.Name) == key {
			return true
		}
	}
	return false
}

// classifyOperation reads a library retry's operation for what its rule
// says classifies it: a terminal wrapper on some path, a retryable
// wrapper on some paths only, a condition that returns an error.
func (a *analyzer) classifyOperation(r *rules.Retry, op ast.Node, p *Policy) {
	body := a.operationBody(op)
	if body == nil {
		return
	}
	results := errorResults(body)
	if len(r.Breaks) > 0 {
		a.classifyBreaks(r, op, body, p)
	}
	if len(r.Terminal) > 0 {
		for _, x := range results {
			if a.marksTerminal(x, r.Terminal) {
				if p.ReplacesTerminal {
					p.TerminalIgnored = true
				} else {
					p.set(ruleClassOperation, "classified", Yes, x, "the operation returns %s, a terminal error of the library", short(x))
				}
				break
			}
		}
	}
	if len(r.Retryable) > 0 {
		wrapped, plain := 0, 0
		for _, x := range results {
			switch {
			case a.isNil(x):
			case a.callsOneOf(x, r.Retryable):
				wrapped++
			default:
				plain++
			}
		}
		if wrapped == 0 || plain > 0 {
			p.set(ruleClassOperation, "classified", Yes, op, "the operation returns errors the library does not retry (%d of %d wrapped as retryable)", wrapped, wrapped+plain)
		} else {
			p.set(ruleClassOperation, "classified", No, op, "the operation wraps every error it returns as retryable")
		}
	}
	if r.Condition {
		for _, x := range results {
			if !a.isNil(x) {
				return // a condition that returns an error stops on it
			}
		}
		// Every return says (done, nil): an error the condition sees is
		// swallowed and retried.
		swallows := false
		ast.Inspect(body, func(n ast.Node) bool {
			if ifs, ok := n.(*ast.IfStmt); ok && a.refsError(ifs.Cond) {
				swallows = true
			}
			return !swallows
		})
		if swallows {
			p.set(ruleClassOperation, "classified", No, op, "the condition returns no error: each error it sees is swallowed and retried")
		} else {
			p.set(ruleClassOperation, "classified", Yes, op, "the condition returns no error and looks at none")
		}
	}
}

// classifyBreaks reads an operation for the library's break: a call of
// one of r.Breaks on some path stops the retry there (if resp.StatusCode
// < 500 { r.Break() }), a classification; the handle handed to another
// function (api.BreakOnNonRetryable(r, err)) may be broken there, which
// is not known here.
func (a *analyzer) classifyBreaks(r *rules.Retry, op ast.Node, body *ast.BlockStmt, p *Policy) {
	var handle *types.Var
	if lit, ok := op.(*ast.FuncLit); ok && lit.Type.Params != nil && len(lit.Type.Params.List) > 0 && len(lit.Type.Params.List[0].Names) > 0 {
		handle, _ = a.pass.TypesInfo.Defs[lit.Type.Params.List[0].Names[0]].(*types.Var)
	}
	// A break on the success side of an error test (if err == nil {
	// r.Break() }, the else of err != nil) ends a retry that succeeded:
	// no classification.
	success := map[ast.Node]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		ifs, ok := n.(*ast.IfStmt)
		if !ok {
			return true
		}
		if b, ok := ast.Unparen(ifs.Cond).(*ast.BinaryExpr); ok && (a.isError(b.X) && a.isNil(b.Y) || a.isError(b.Y) && a.isNil(b.X)) {
			switch {
			case b.Op == token.EQL:
				success[ifs.Body] = true
			case b.Op == token.NEQ && ifs.Else != nil:
				success[ifs.Else] = true
			}
		}
		return true
	})
	onSuccess := func(call *ast.CallExpr) bool {
		for blk := range success {
			if call.Pos() >= blk.Pos() && call.End() <= blk.End() {
				return true
			}
		}
		return false
	}
	var handedTo ast.Expr
	ast.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || p.Classified == Yes {
			return p.Classified != Yes
		}
		if a.callsOneOf(call, r.Breaks) && !onSuccess(call) {
			p.set(ruleClassOperation, "classified", Yes, call, "the operation stops the retry on some path: %s", short(call))
			return false
		}
		sig, _ := a.pass.TypesInfo.TypeOf(call.Fun).(*types.Signature)
		for i, arg := range call.Args {
			id, ok := ast.Unparen(arg).(*ast.Ident)
			if !ok || handle == nil || a.pass.TypesInfo.Uses[id] != handle || handedTo != nil || sig == nil {
				continue
			}
			// Handed as the handle (a parameter of its type), not as a
			// value to print (log.Printf("%s", r)).
			if pt := paramType(sig, i); pt != nil && types.Identical(pt, handle.Type()) {
				handedTo = call.Fun
			}
		}
		return true
	})
	if p.Classified != Yes && handedTo != nil {
		p.set(ruleClassOperation, "classified", Unknown, handedTo, "the operation hands its retrier to %s, which may stop it", short(handedTo))
	}
}

// paramType is the type of the parameter that argument i is passed to,
// or nil.
func paramType(sig *types.Signature, i int) types.Type {
	params := sig.Params()
	switch {
	case sig.Variadic() && i >= params.Len()-1:
		if sl, ok := params.At(params.Len() - 1).Type().(*types.Slice); ok {
			return sl.Elem()
		}
		return nil
	case i < params.Len():
		return params.At(i).Type()
	}
	return nil
}
