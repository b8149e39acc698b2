package retrysite

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/retrylint/retrylint/analyzers/internal/analysisutil"
	"github.com/retrylint/retrylint/analyzers/internal/localvars"
	"github.com/retrylint/retrylint/rules"
)

// sites finds the retry sites in one function.
func (a *analyzer) sites(d *ast.FuncDecl) []*Site {
	if d.Body == nil {
		return nil
	}
	e := a.evaluator(d)
	a.notSites[d] = nil // the loops kept silent are this search's
	var out []*Site
	labels := map[ast.Stmt]*ast.LabeledStmt{}
	after := map[ast.Stmt][]ast.Stmt{} // the statements that follow a loop
	ast.Inspect(d.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.LabeledStmt:
			labels[n.Stmt] = n
		case *ast.BlockStmt:
			for i, st := range n.List {
				if ls, ok := st.(*ast.LabeledStmt); ok {
					st = ls.Stmt
				}
				after[st] = n.List[i+1:]
			}
			for _, l := range a.gotoLoops(n) {
				if s := a.loopSite(d, e, l); s != nil {
					out = append(out, s)
				}
			}
		case *ast.CallExpr:
			if s := a.callSite(d, e, n); s != nil {
				out = append(out, s)
			}
		case *ast.CompositeLit:
			if s := a.clientLiteralSite(d, e, n); s != nil {
				out = append(out, s)
			}
		case *ast.ForStmt:
			l := a.newLoop(n, n.Body, n.Cond, labels[n])
			l.after = after[n]
			if s := a.loopSite(d, e, l); s != nil {
				out = append(out, s)
			}
		case *ast.RangeStmt:
			if s := a.loopSite(d, e, a.newLoop(n, n.Body, nil, labels[n])); s != nil {
				out = append(out, s)
			}
		}
		return true
	})
	out = append(out, a.redeliverySites(d, e)...)
	out = append(out, a.temporalRegistrations(d, e)...)
	return append(out, a.recursionSites(d, e)...)
}

func calleeOf(info *types.Info, call *ast.CallExpr) *types.Func {
	if fn := typeutil.StaticCallee(info, call); fn != nil {
		return fn
	}
	fn, _ := typeutil.Callee(info, call).(*types.Func) // an interface method
	return fn
}

func (a *analyzer) callSite(d *ast.FuncDecl, e *evaluator, call *ast.CallExpr) *Site {
	fn := calleeOf(a.pass.TypesInfo, call)
	if fn == nil {
		return a.heldHelperSite(d, e, call) // a retry helper kept in a variable: factories.go
	}
	own := a.ownEntry(fn)
	if own {
		// A library's delegation to its own entry points is its
		// implementation: the rules describe it to its callers. Its
		// other calls of them are uses (ownentry.go).
		if why := a.delegation(d, e, call, fn); why != nil {
			a.notSites[d] = append(a.notSites[d], &NotSite{Node: call, Trace: []Decision{*why}})
			return nil
		}
	}
	if r := a.rules.Retry(fn); r != nil {
		site := &Site{Kind: Library, Node: call, Enclosing: d, Callee: fn,
			Operation: e.operation(analysisutil.Argument(call, *r.Operation)), Policy: a.libraryPolicy(e, r, call)}
		if r.Framework != "" {
			site.Kind, site.Framework = Framework, r.Framework
			if r.Rollback != nil || r.Transaction != nil {
				site.Kind = Transaction
				a.transaction(d, r, call, site)
			}
			if !a.transactionRetries(e, r, call, site) {
				return nil // a policy that makes one attempt
			}
			if fn := a.converted(analysisutil.Argument(call, *r.Operation), r.Unwraps); r.Method != "" && fn != nil {
				site.Operation = e.operation(fn) // asynq.HandlerFunc(fn): the method calls fn
			} else if r.Method != "" {
				site.Handler = a.handler(analysisutil.Argument(call, *r.Operation), r.Method)
				if site.Handler == nil {
					return nil // a value of a type not known here: no operation to judge
				}
				if site.Handler.Pkg() != nil && site.Handler.Pkg().Path() == rules.PackageOf(r.Call) {
					return nil // the framework's own dispatcher (a ServeMux): its handlers are registered on it
				}
			}
			if !a.queuePolicy(site, r, call) {
				return nil // every enqueue of its kind runs it once: nothing retries it
			}
		}
		if r.Poll && !a.pollRetries(site.Operation) {
			return nil // a wait for a state: its condition says not done after a success too
		}
		if r.Classifier != nil {
			if x := analysisutil.Argument(call, *r.Classifier); x != nil {
				if a.alwaysTrue(x) {
					site.Policy.set(ruleClassClassifier, "classified", No, x, "its classifier %s accepts every error", short(x))
				} else {
					site.Policy.set(ruleClassClassifier, "classified", Yes, x, "its classifier %s tells errors apart", short(x))
				}
			}
		}
		if site.Handler != nil {
			if d := a.decls[site.Handler]; d != nil && d.Body != nil {
				a.classifyOperation(r, d.Body, &site.Policy)
			}
		} else if site.Operation != nil {
			a.classifyOperation(r, site.Operation, &site.Policy)
			a.operationStops(site.Operation, &site.Policy)
		}
		if !a.temporalSite(e, r, call, site) {
			return nil // one attempt, or an activity named by a string: temporal.go
		}
		switch site.Kind {
		case Transaction:
			site.decide(ruleTransaction, "site", call, "%s reruns %s in a new transaction when %s aborts it", types.ExprString(call.Fun), short(analysisutil.Argument(call, *r.Operation)), site.Framework)
		case Framework:
			site.decide(ruleFrameworkRun, "site", call, "%s hands %s to %s, which runs it again on failure", types.ExprString(call.Fun), short(analysisutil.Argument(call, *r.Operation)), site.Framework)
		default:
			site.decide(ruleLibraryCall, "site", call, "%s is a retry entry point of %s", types.ExprString(call.Fun), rules.PackageOf(r.Call))
		}
		if r.Poll {
			site.decide(ruleLibraryPoll, "site", site.Operation, "its condition answers not done only when what it asks fails (if err != nil { return false, nil })")
		}
		if own {
			site.decide(ruleOwnUse, "site", call, "%s, a function of the library that is no entry point, hands its library's %s an operation of its own", d.Name.Name, types.ExprString(call.Fun))
		}
		return site
	}
	if r := a.rules.Client(fn); r != nil {
		return a.clientSite(d, e, r, fn, call) // clients.go
	}
	h := a.helpers[fn]
	if h == nil && fn.Pkg() != a.pass.Pkg {
		var f HelperFact
		if a.pass.ImportObjectFact(fn.Origin(), &f) {
			h = &f
		}
	}
	if h == nil {
		return nil
	}
	return a.helperSite(d, e, call, fn, h)
}

// pollRetries says whether a poll's condition (a closure) answers not
// done only on a failure: every (false, nil) it returns lies in the
// branch of a plain error test (if err != nil), and each of its other
// returns answers done or stops on an error. Such a poll runs what the
// condition asks again because it failed, a retry at the poll's
// interval; one that can answer not done on a success waits for a state.
func (a *analyzer) pollRetries(op ast.Node) bool {
	lit, ok := op.(*ast.FuncLit)
	if !ok {
		return false
	}
	failures, ok := 0, true
	var under []*ast.IfStmt
	var walk func(n ast.Node) bool
	walk = func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			if n.Init != nil {
				ast.Inspect(n.Init, walk)
			}
			ast.Inspect(n.Cond, walk)
			under = append(under, n)
			ast.Inspect(n.Body, walk)
			under = under[:len(under)-1]
			if n.Else != nil {
				ast.Inspect(n.Else, walk)
			}
			return false
		case *ast.ReturnStmt:
			if len(n.Results) != 2 || !a.isNil(n.Results[1]) {
				return false // stops on an error, or a bare return
			}
			v, known := a.boolConst(n.Results[0])
			switch {
			case known && v:
			case known && a.underErrorTest(under):
				failures++
			default:
				ok = false // not done after a success, or an answer read from a state
			}
			return false
		}
		return ok
	}
	ast.Inspect(lit.Body, walk)
	return ok && failures > 0
}

// underErrorTest says whether one of the ifs around a statement, in
// whose body it lies, tests that an error is not nil.
func (a *analyzer) underErrorTest(ifs []*ast.IfStmt) bool {
	for _, s := range ifs {
		b, ok := ast.Unparen(s.Cond).(*ast.BinaryExpr)
		if ok && b.Op == token.NEQ && (a.isError(b.X) && a.isNil(b.Y) || a.isError(b.Y) && a.isNil(b.X)) {
			return true
		}
	}
	return false
}

// boolConst returns the value of a constant bool expression, and whether
// x is one.
func (a *analyzer) boolConst(x ast.Expr) (v, ok bool) {
	tv, found := a.pass.TypesInfo.Types[x]
	if !found || tv.Value == nil || tv.Value.Kind() != constant.Bool {
		return false, false
	}
	return constant.BoolVal(tv.Value), true
}

// operationStops reads a retried closure for its owner's stop: it
// returns no error (success, to the retry) when a stop signal or a state
// it does not set says its owner is done (if t.state() == closed {
// return nil }). The retry then ends with its owner, whatever context it
// was given.
func (a *analyzer) operationStops(op ast.Node, p *Policy) {
	lit, ok := op.(*ast.FuncLit)
	if !ok || p.Cancel == Yes {
		return
	}
	l := &loop{node: lit.Body, body: lit.Body}
	for _, st := range lit.Body.List {
		ifs, ok := st.(*ast.IfStmt)
		if !ok || len(ifs.Body.List) == 0 {
			continue
		}
		ret, ok := ifs.Body.List[len(ifs.Body.List)-1].(*ast.ReturnStmt)
		if !ok || len(ret.Results) == 0 || !a.isNil(ret.Results[len(ret.Results)-1]) {
			continue
		}
		if a.stopSignal(ifs.Cond) || a.stateTest(l, ifs.Cond) {
			p.set(ruleCancelStop, "cancel", Yes, ifs.Cond, "the operation returns no error when %s: it ends the retry when its owner stops", short(ifs.Cond))
			return
		}
	}
}

// helperSite is a call of a retry helper h, made or declared by fn.
func (a *analyzer) helperSite(d *ast.FuncDecl, e *evaluator, call *ast.CallExpr, fn *types.Func, h *HelperFact) *Site {
	if h.Operation >= len(call.Args) {
		return nil
	}
	p := unknownPolicy()
	for _, f := range []struct {
		what string
		v    Tri
	}{{"jitter", h.Jitter}, {"attempts", h.Attempts}, {"elapsed", h.Elapsed}, {"cancel", h.Cancel}} {
		if f.v != Unknown {
			p.set(rulePolicyHelper, f.what, f.v, call, "%s's own retry: %s %s", fn.Name(), f.what, f.v)
		}
	}
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
		p.ContextParam = param
		p.set(ruleCancelArg, "cancel", t, call.Args[h.ContextParam], "%s", contextSays(t, call.Args[h.ContextParam]))
		if t == No {
			p.CapCause = &Cause{Node: call.Args[h.ContextParam]}
		}
	}
	a.helperCall(e, h, call, &p)
	a.operationStops(e.operation(call.Args[h.Operation]), &p)
	site := &Site{Kind: Helper, Node: call, Enclosing: d, Callee: fn, Operation: e.operation(call.Args[h.Operation]), Policy: p, Helper: h}
	site.decide(ruleHelperCall, "site", call, "%s retries its argument %s", fn.Name(), short(call.Args[h.Operation]))
	a.helperFramework(d, h, site)
	return site
}

// operation follows an operation argument held in a local variable to
// the function assigned to it: op := func() error {...}; backoff.Retry(op,
// b) retries the closure. A variable assigned more than once, or not
// from a function, is left as it is.
func (e *evaluator) operation(x ast.Expr) ast.Expr {
	id, ok := ast.Unparen(x).(*ast.Ident)
	if !ok {
		return x
	}
	v, ok := e.info().Uses[id].(*types.Var)
	if !ok {
		return x
	}
	defs := e.scope.Defs[v]
	if len(defs) != 1 || defs[0].Index >= 0 || defs[0].Op || defs[0].Range || defs[0].End > id.Pos() {
		return x
	}
	switch def := ast.Unparen(defs[0].Expr).(type) {
	case *ast.FuncLit:
		return def
	case *ast.Ident, *ast.SelectorExpr:
		if _, ok := e.info().Uses[identOf(def)].(*types.Func); ok {
			return def // op := c.send
		}
	}
	return x
}

func identOf(x ast.Expr) *ast.Ident {
	switch x := x.(type) {
	case *ast.Ident:
		return x
	case *ast.SelectorExpr:
		return x.Sel
	}
	return nil
}

func (a *analyzer) libraryPolicy(e *evaluator, r *rules.Retry, call *ast.CallExpr) Policy {
	p := unknownPolicy()
	p.apply(rulePolicyDefault, "the default of "+types.ExprString(call.Fun), r.Default, &Cause{Node: call, Fix: r.Fix, Library: rules.PackageOf(r.Call), Remedy: r.Remedy})
	if r.Policy != nil {
		p.override(e.policy(analysisutil.Argument(call, *r.Policy)))
	}
	if r.Options != nil && int(*r.Options) < len(call.Args) {
		for _, x := range call.Args[*r.Options:] {
			p.override(e.policy(x))
		}
	}
	if r.Context != nil {
		if x := analysisutil.Argument(call, *r.Context); x != nil {
			t, param := e.context(x)
			if t == No {
				p.CapCause = &Cause{Node: x}
			}
			if p.Cancel != Yes {
				p.ContextParam = param
				p.set(ruleCancelArg, "cancel", t, x, "%s", contextSays(t, x))
			}
		}
	}
	if p.Cancel == Unknown && p.Param < 0 {
		p.set(ruleCancelNone, "cancel", No, call, "no context reaches %s", types.ExprString(call.Fun)) // no context reaches the retry
	}
	return p
}

// clientPolicy reads a client constructor's defaults and the field
// assignments made to the variable that holds the client.
func (a *analyzer) clientPolicy(e *evaluator, r *rules.Retry, call *ast.CallExpr) Policy {
	p := unknownPolicy()
	p.apply(rulePolicyClient, "the default of "+types.ExprString(call.Fun), r.Default, &Cause{Node: call, Fix: r.Fix, Library: rules.PackageOf(r.Call), Remedy: r.Remedy})
	for _, v := range e.scope.HeldBy(call) {
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
	var paramOf func(x ast.Node) int
	paramOf = func(x ast.Node) int {
		// A local variable every assignment of which is the parameter, or
		// a closure that calls it (wrapped := op, or a wrapper that
		// counts its failures), is the parameter.
		if id, ok := x.(*ast.Ident); ok {
			if v, ok := a.pass.TypesInfo.Uses[id].(*types.Var); ok {
				if _, isParam := s.Params[v]; !isParam && len(s.Defs[v]) > 0 {
					same := -1
					for _, def := range s.Defs[v] {
						i := paramOf(ast.Unparen(def.Expr))
						if i < 0 || same >= 0 && i != same {
							return -1
						}
						same = i
					}
					return same
				}
			}
		}
		found := -1
		// In a closure that wraps the parameter (func() error { return
		// op() }), only a call of it is the operation.
		called := map[*ast.Ident]bool{}
		lit, isLit := x.(*ast.FuncLit)
		if isLit {
			ast.Inspect(lit.Body, func(n ast.Node) bool {
				if call, ok := n.(*ast.CallExpr); ok {
					if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
						called[id] = true
					}
				}
				return true
			})
		}
		ast.Inspect(x, func(n ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if !ok || found >= 0 {
				return found < 0
			}
			if isLit && !called[id] {
				return true
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
		if site.Kind == Framework && site.Policy.Attempts == Unknown {
			continue // a dispatch under its caller's options (a Temporal context it was given): not known to retry
		}
		op := paramOf(site.Operation)
		if op < 0 {
			continue
		}
		p := site.Policy
		h := &HelperFact{Operation: op, Jitter: p.Jitter, Attempts: p.Attempts, Elapsed: p.Elapsed, Cancel: p.Cancel, ContextParam: -1, PolicyParam: p.Param}
		h.ClassifierParam, h.NilClassified = a.helperClassifier(d, site)
		if body, ok := site.Operation.(*ast.BlockStmt); ok && site.Kind == Loop {
			h.Verdict = site.verdict || a.hasVerdict(&loop{body: body})
		}
		if p.ContextParam >= 0 && p.Attempts != Yes && p.Elapsed != Yes {
			h.ContextParam = p.ContextParam
		}
		if site.Kind == Loop && p.Classified == No && h.ClassifierParam < 0 && !h.Verdict && a.retriesParam(site, s, op) {
			// for { if err = op(); err == nil { return } ... }: what the
			// caller's op returns is what goes round.
			h.ByCallers = true
			a.byCallers[site.Node] = a.pass.TypesInfo.Defs[d.Name].(*types.Func)
		}
		if c, ok := last(p.trace, "classified"); ok && site.Kind == Library && p.Classified == No && c.Rule == rulePolicyDefault && h.ClassifierParam < 0 && a.onlyParamErrors(s, site.Operation, op) {
			// backoff.Retry(op, b) on the caller's op: the library
			// classifies by what the operation returns (Permanent), so
			// the caller's operation decides.
			h.ByCallers = true
			a.byCallers[site.Node] = a.pass.TypesInfo.Defs[d.Name].(*types.Func)
		}
		a.helperTransaction(d, site, op, h)
		return h
	}
	return nil
}

// onlyParamErrors says whether the errors an operation returns are those
// of its function's parameter op alone: the parameter, a variable set
// only from it, or a closure each of whose error results is nil, a call
// of the parameter, or a variable set only from such a call. A closure
// that adds failures of its own (it decodes what op fetched) is judged
// where it is.
func (a *analyzer) onlyParamErrors(s *localvars.Scope, x ast.Node, op int) bool {
	isParamCall := func(e ast.Expr) bool {
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok {
			return false
		}
		id, ok := ast.Unparen(call.Fun).(*ast.Ident)
		if !ok {
			return false
		}
		v, ok := a.pass.TypesInfo.Uses[id].(*types.Var)
		i, isParam := s.Params[v]
		return ok && isParam && i == op
	}
	switch x := x.(type) {
	case *ast.Ident:
		return true // the parameter, or a variable helperOf found set only from it
	case *ast.FuncLit:
		for _, r := range errorResults(x.Body) {
			switch {
			case a.isNil(r), isParamCall(r):
				continue
			}
			id, ok := ast.Unparen(r).(*ast.Ident)
			if !ok {
				return false
			}
			v, ok := a.pass.TypesInfo.Uses[id].(*types.Var)
			if !ok || len(s.Defs[v]) == 0 {
				return false
			}
			for _, d := range s.Defs[v] {
				if !isParamCall(d.Expr) {
					return false
				}
			}
		}
		return true
	}
	return false
}

// retriesParam says whether the call a loop site retries, as the
// definition found it, is a call of the function's parameter op:
// for { if err = op(); err == nil { return } }, not a loop of its own
// calls that also calls a function it was handed (change(v)).
func (a *analyzer) retriesParam(site *Site, s *localvars.Scope, op int) bool {
	if site.retried == token.NoPos {
		return false
	}
	found := false
	ast.Inspect(site.Operation, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || found {
			return !found
		}
		if call.Lparen != site.retried {
			return true
		}
		if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
			if v, ok := a.pass.TypesInfo.Uses[id].(*types.Var); ok {
				if i, ok := s.Params[v]; ok && i == op {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// handler returns the method name of the operation x's type, when x is a
// value of a concrete type (&SendWorker{}, a variable of type
// *SendWorker): the method a framework runs for the value it was given.
// A value of an interface type runs a method this package cannot name.
// A function with no such method is a creator the framework calls for
// the value: the type its returns make (creators.go).
func (a *analyzer) handler(x ast.Expr, name string) *types.Func {
	if x == nil {
		return nil
	}
	t := a.pass.TypesInfo.TypeOf(x)
	if t == nil || types.IsInterface(t) {
		return nil
	}
	obj, _, _ := types.LookupFieldOrMethod(t, true, a.pass.Pkg, name)
	if _, ok := t.Underlying().(*types.Signature); ok && obj == nil {
		if t = a.created(x); t == nil {
			return nil // a creator whose value is not known here (creators.go)
		}
		obj, _, _ = types.LookupFieldOrMethod(t, true, a.pass.Pkg, name)
	}
	fn, _ := obj.(*types.Func)
	return fn
}
