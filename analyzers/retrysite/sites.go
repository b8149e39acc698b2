package retrysite

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/retrylint/retrylint/rules"
)

// sites finds the retry sites in one function.
func (a *analyzer) sites(d *ast.FuncDecl) []*Site {
	if d.Body == nil {
		return nil
	}
	e := a.evaluator(d)
	var out []*Site
	ast.Inspect(d.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if s := a.callSite(d, e, n); s != nil {
				out = append(out, s)
			}
		case *ast.CompositeLit:
			if s := a.clientLiteralSite(d, e, n); s != nil {
				out = append(out, s)
			}
		case *ast.ForStmt, *ast.RangeStmt:
			if s := a.loopSite(d, e, n.(ast.Stmt)); s != nil {
				out = append(out, s)
			}
		}
		return true
	})
	return out
}

func calleeOf(info *types.Info, call *ast.CallExpr) *types.Func {
	if fn := typeutil.StaticCallee(info, call); fn != nil {
		return fn
	}
	fn, _ := typeutil.Callee(info, call).(*types.Func) // an interface method
	return fn
}

// argument returns argument i of a call, or its receiver; nil if absent.
func argument(call *ast.CallExpr, i rules.Arg) ast.Expr {
	if i == rules.Receiver {
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			return sel.X
		}
		return nil
	}
	if int(i) < len(call.Args) {
		return call.Args[i]
	}
	return nil
}

func (a *analyzer) callSite(d *ast.FuncDecl, e *evaluator, call *ast.CallExpr) *Site {
	fn := calleeOf(a.pass.TypesInfo, call)
	if fn == nil {
		return nil
	}
	if r := a.rules.Retry(fn); r != nil {
		site := &Site{Kind: Library, Node: call, Enclosing: d, Callee: fn,
			Operation: argument(call, *r.Operation), Policy: a.libraryPolicy(e, r, call)}
		if r.Classifier != nil {
			if x := argument(call, *r.Classifier); x != nil {
				site.Policy.Classified = triOf(!a.alwaysTrue(x))
			}
		}
		if site.Operation != nil {
			a.classifyOperation(r, site.Operation, &site.Policy)
		}
		return site
	}
	if r := a.rules.Client(fn); r != nil {
		return &Site{Kind: Client, Node: call, Enclosing: d, Callee: fn, Policy: a.clientPolicy(e, r, call)}
	}
	h := a.helpers[fn]
	if h == nil && fn.Pkg() != a.pass.Pkg {
		var f HelperFact
		if a.pass.ImportObjectFact(fn.Origin(), &f) {
			h = &f
		}
	}
	if h == nil || h.Operation >= len(call.Args) {
		return nil
	}
	p := unknownPolicy()
	p.Jitter, p.Attempts, p.Elapsed, p.Cancel = h.Jitter, h.Attempts, h.Elapsed, h.Cancel
	if h.PolicyParam >= 0 && h.PolicyParam < len(call.Args) {
		for _, x := range call.Args[h.PolicyParam:] {
			if x == call.Args[h.Operation] {
				continue
			}
			p.override(e.policy(x))
		}
	}
	if h.ContextParam >= 0 && h.ContextParam < len(call.Args) {
		t, param := e.context(call.Args[h.ContextParam])
		p.Cancel, p.ContextParam = t, param
		if t == No {
			p.CapCause = &Cause{Node: call.Args[h.ContextParam]}
		}
	}
	return &Site{Kind: Helper, Node: call, Enclosing: d, Callee: fn, Operation: call.Args[h.Operation], Policy: p, Helper: h}
}

func (a *analyzer) libraryPolicy(e *evaluator, r *rules.Retry, call *ast.CallExpr) Policy {
	p := unknownPolicy()
	p.apply(r.Default, &Cause{Node: call, Fix: r.Fix, Library: rules.PackageOf(r.Call), Remedy: r.Remedy})
	if r.Policy != nil {
		p.override(e.policy(argument(call, *r.Policy)))
	}
	if r.Options != nil && int(*r.Options) < len(call.Args) {
		for _, x := range call.Args[*r.Options:] {
			p.override(e.policy(x))
		}
	}
	if r.Context != nil {
		if x := argument(call, *r.Context); x != nil {
			t, param := e.context(x)
			if t == No {
				p.CapCause = &Cause{Node: x}
			}
			if p.Cancel != Yes {
				p.Cancel, p.ContextParam = t, param
			}
		}
	}
	if p.Cancel == Unknown && p.Param < 0 {
		p.Cancel = No // no context reaches the retry
	}
	return p
}

// clientPolicy reads a client constructor's defaults and the field
// assignments made to the variable that holds the client.
func (a *analyzer) clientPolicy(e *evaluator, r *rules.Retry, call *ast.CallExpr) Policy {
	p := unknownPolicy()
	p.apply(r.Default, &Cause{Node: call, Fix: r.Fix, Library: rules.PackageOf(r.Call), Remedy: r.Remedy})
	for v, defs := range e.scope.Defs {
		if len(defs) != 1 || ast.Unparen(defs[0].Expr) != call {
			continue
		}
		named := namedOf(v.Type())
		if named == nil {
			continue
		}
		for _, fs := range e.scope.Fields[v] {
			if fr := a.rules.Field(named, fs.Field); fr != nil {
				p.override(e.value(fr, []ast.Expr{fs.Value}, fs.Value, nil))
			}
		}
	}
	return p
}

// helperOf makes a function a retry helper when one of its sites retries
// one of its function-typed parameters.
func (a *analyzer) helperOf(d *ast.FuncDecl, sites []*Site) *HelperFact {
	s := a.scopeOf(d)
	paramOf := func(x ast.Node) int {
		found := -1
		ast.Inspect(x, func(n ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if !ok || found >= 0 {
				return found < 0
			}
			v, ok := a.pass.TypesInfo.Uses[id].(*types.Var)
			if !ok {
				return true
			}
			if i, ok := s.Params[v]; ok {
				if _, isFunc := v.Type().Underlying().(*types.Signature); isFunc {
					found = i
				}
			}
			return true
		})
		return found
	}
	for _, site := range sites {
		if site.Operation == nil {
			continue
		}
		op := paramOf(site.Operation)
		if op < 0 {
			continue
		}
		p := site.Policy
		h := &HelperFact{Operation: op, Jitter: p.Jitter, Attempts: p.Attempts, Elapsed: p.Elapsed, Cancel: p.Cancel, ContextParam: -1, PolicyParam: p.Param}
		if p.ContextParam >= 0 && p.Attempts != Yes && p.Elapsed != Yes {
			h.ContextParam = p.ContextParam
		}
		return h
	}
	return nil
}

// loopSite recognises a hand-written retry loop.
func (a *analyzer) loopSite(d *ast.FuncDecl, e *evaluator, loop ast.Stmt) *Site {
	var body *ast.BlockStmt
	var cond ast.Expr
	switch l := loop.(type) {
	case *ast.ForStmt:
		body, cond = l.Body, l.Cond
	case *ast.RangeStmt:
		if _, ok := a.pass.TypesInfo.TypeOf(l.X).Underlying().(*types.Chan); ok {
			return nil // a ticker or a queue: polling, not retrying
		}
		body = l.Body
	}
	var delays []*Delay
	walkLoop(body, func(n ast.Node) {
		if call, ok := n.(*ast.CallExpr); ok {
			if w := a.waitOf(call); w != nil {
				delays = append(delays, w)
			}
		}
	})
	if len(delays) == 0 || !a.retries(loop, body, cond) {
		return nil
	}
	site := &Site{Kind: Loop, Node: loop, Enclosing: d, Operation: body, Delays: delays}
	p := a.loopCaps(e, loop, body, cond)
	p.Jitter = Yes
	for _, w := range delays {
		if v, ok := ast.Unparen(w.Expr).(*ast.Ident); ok {
			if pv, ok := a.pass.TypesInfo.Uses[v].(*types.Var); ok {
				if i, ok := e.scope.Params[pv]; ok {
					w.Param = i
				}
			}
		}
		if q := e.policy(w.Expr); q.Jitter != Unknown {
			w.Jitter, w.Cause = q.Jitter, q.JitterCause
		} else {
			w.Jitter = e.random(w.Expr)
		}
		w.Growing = e.growing(w.Expr)
		switch {
		case w.Jitter == No && p.Jitter != Unknown:
			p.Jitter, p.JitterCause = No, w.Cause
		case w.Jitter == Unknown && p.Jitter == Yes:
			p.Jitter = Unknown
		}
	}
	p.Classified = a.classifyLoop(body)
	site.Policy = p
	return site
}

// walkLoop visits the nodes of a loop body that belong to this loop: not
// those in nested loops or function literals.
func walkLoop(body *ast.BlockStmt, visit func(ast.Node)) {
	ast.Inspect(body, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.FuncLit, *ast.ForStmt, *ast.RangeStmt:
			return false
		}
		if n != nil {
			visit(n)
		}
		return true
	})
}

// retries says whether a loop that waits is a retry: it checks an error,
// and leaves the loop on success.
func (a *analyzer) retries(loop ast.Stmt, body *ast.BlockStmt, cond ast.Expr) bool {
	if cond != nil && a.mentions(cond, a.errorsAssigned(loop)) {
		return true // for err != nil { ...; err = op() }
	}
	found := false
	var visitList func(list []ast.Stmt, inSwitch bool)
	visitList = func(list []ast.Stmt, inSwitch bool) {
		for i, st := range list {
			if found {
				return
			}
			switch st := st.(type) {
			case *ast.IfStmt:
				if a.successCond(st.Cond) && exits(st.Body, inSwitch) {
					found = true
					return
				}
				if a.refsError(st.Cond) && !exits(st.Body, inSwitch) {
					if st.Else != nil && exits(st.Else, inSwitch) || exitsAfter(list[i+1:], inSwitch) {
						found = true
						return
					}
				}
				visitList(st.Body.List, inSwitch)
				if st.Else != nil {
					visitList([]ast.Stmt{st.Else}, inSwitch)
				}
			case *ast.BlockStmt:
				visitList(st.List, inSwitch)
			case *ast.SwitchStmt:
				for _, c := range st.Body.List {
					visitList(c.(*ast.CaseClause).Body, true)
				}
			case *ast.TypeSwitchStmt:
				for _, c := range st.Body.List {
					visitList(c.(*ast.CaseClause).Body, true)
				}
			case *ast.SelectStmt:
				for _, c := range st.Body.List {
					visitList(c.(*ast.CommClause).Body, true)
				}
			case *ast.LabeledStmt:
				visitList([]ast.Stmt{st.Stmt}, inSwitch)
			}
		}
	}
	visitList(body.List, false)
	return found
}

// exits says whether a statement always leaves the loop it is in.
func exits(st ast.Stmt, inSwitch bool) bool {
	switch st := st.(type) {
	case *ast.BlockStmt:
		return len(st.List) > 0 && exits(st.List[len(st.List)-1], inSwitch)
	case *ast.ReturnStmt:
		return true
	case *ast.BranchStmt:
		return st.Tok == token.GOTO || st.Tok == token.BREAK && (st.Label != nil || !inSwitch)
	case *ast.ExprStmt:
		if call, ok := st.X.(*ast.CallExpr); ok {
			if id, ok := call.Fun.(*ast.Ident); ok && id.Name == "panic" {
				return true
			}
		}
	case *ast.IfStmt:
		return st.Else != nil && exits(st.Body, inSwitch) && exits(st.Else, inSwitch)
	}
	return false
}

func exitsAfter(rest []ast.Stmt, inSwitch bool) bool {
	for _, st := range rest {
		if exits(st, inSwitch) {
			return true
		}
	}
	return false
}

var errorType = types.Universe.Lookup("error").Type().Underlying().(*types.Interface)

func (a *analyzer) isError(x ast.Expr) bool {
	tv, ok := a.pass.TypesInfo.Types[x]
	if !ok || tv.IsNil() || tv.Type == nil {
		return false
	}
	if _, isIface := tv.Type.Underlying().(*types.Interface); !isIface {
		return false
	}
	return types.Implements(tv.Type, errorType)
}

// refsError says whether an expression looks at an operation's error: an
// error value other than a context's Err, which says the wait is over,
// not that an attempt failed.
func (a *analyzer) refsError(x ast.Expr) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "Err" && isContext(a.pass.TypesInfo.TypeOf(sel.X)) {
				return false
			}
		}
		if e, ok := n.(ast.Expr); ok && !found && a.isError(e) {
			found = true
		}
		return !found
	})
	return found
}

// errorsAssigned are the error variables a loop assigns, in its body or
// post statement: the results of the attempts it repeats.
func (a *analyzer) errorsAssigned(loop ast.Stmt) map[*types.Var]bool {
	out := map[*types.Var]bool{}
	ast.Inspect(loop, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			if fs, ok := loop.(*ast.ForStmt); ok && n == fs.Init {
				return true // for err := op(); ...: the post statement repeats it
			}
			for _, lhs := range n.Lhs {
				if id, ok := ast.Unparen(lhs).(*ast.Ident); ok {
					if v, ok := a.pass.TypesInfo.ObjectOf(id).(*types.Var); ok && a.isError(id) {
						out[v] = true
					}
				}
			}
		}
		return true
	})
	return out
}

// successCond says whether a condition holds only on success: err == nil,
// alone or in a conjunction.
func (a *analyzer) successCond(x ast.Expr) bool {
	b, ok := ast.Unparen(x).(*ast.BinaryExpr)
	if !ok {
		return false
	}
	switch b.Op {
	case token.LAND:
		return a.successCond(b.X) || a.successCond(b.Y)
	case token.EQL:
		return a.isError(b.X) && a.isNil(b.Y) || a.isError(b.Y) && a.isNil(b.X)
	}
	return false
}

func (a *analyzer) isNil(x ast.Expr) bool {
	tv, ok := a.pass.TypesInfo.Types[x]
	return ok && tv.IsNil()
}
