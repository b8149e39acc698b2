package retrysite

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/retrylint/retrylint/analyzers/internal/analysisutil"
	"github.com/retrylint/retrylint/analyzers/internal/localvars"
	"github.com/retrylint/retrylint/rules"
)

// Temporal's activities: workflow.ExecuteActivity(ctx, activity, args...)
// runs the activity under the ActivityOptions set on ctx, and the
// Temporal server runs it again after a failure as the options'
// RetryPolicy says. The options are not an argument of the call: they
// are what the workflow function last set on the context it passes
// (ctx = workflow.WithActivityOptions(ctx, ao)), followed here through
// the function's assignments of that context. Which calls set which
// options, and which fields cap the attempts or the time or list the
// terminal error types, are the pack's retry-options and attempts rows.

// activityOptions is what the options on a workflow context say about
// the retry of an activity.
type activityOptions struct {
	known bool // the options were found; nothing below holds otherwise
	// policy: the RetryPolicy is set (yes), absent or nil (no), or a
	// value not known here.
	policy Tri
	// attempts is MaximumAttempts when it is a constant (0 when absent);
	// attemptsKnown is false for a value not known here, attemptsExpr.
	attempts      int64
	attemptsKnown bool
	attemptsExpr  ast.Expr
	// elapsed: ScheduleToCloseTimeout is a non-zero constant (yes), zero
	// or absent (no), or not known here.
	elapsed Tri
	// nonRetryable: NonRetryableErrorTypes lists some type (yes), none
	// (no), or is not known here.
	nonRetryable Tri
}

func defaultActivityOptions() activityOptions {
	return activityOptions{known: true, policy: No, attemptsKnown: true, elapsed: No, nonRetryable: No}
}

// temporalSite reads the options of a Temporal activity's dispatch into
// site's policy and says whether the call is a retry site at all: it is
// not when the activity is named by a string (its function is not known
// here) or when its RetryPolicy makes one attempt (MaximumAttempts 1).
// Sites of other frameworks are left as they are.
func (a *analyzer) temporalSite(e *evaluator, r *rules.Retry, call *ast.CallExpr, site *Site) bool {
	if site.Framework != "Temporal" || site.Callee == nil {
		return true
	}
	op := analysisutil.Argument(call, *r.Operation)
	if op == nil {
		return false
	}
	if strings.HasPrefix(site.Callee.Name(), "Register") {
		return false // a registration: temporalRegistrations
	}
	if t, ok := a.pass.TypesInfo.TypeOf(op).Underlying().(*types.Basic); ok && t.Info()&types.IsString != 0 {
		// An activity named by a string: the function this package
		// registers under that name, if it does.
		v := a.pass.TypesInfo.Types[op].Value
		if v == nil || v.Kind() != constant.String {
			return false
		}
		if site.Handler = a.registeredActivity(constant.StringVal(v)); site.Handler == nil {
			return false // registered elsewhere: its function is not known here
		}
		if d := a.decls[site.Handler.Origin()]; d != nil && d.Body != nil {
			a.classifyOperation(r, d.Body, &site.Policy)
		}
	}
	o := a.contextOptions(e, call.Args[0], call.Pos(), r, 0)
	p := &site.Policy
	switch {
	case !o.known:
		p.Attempts, p.Elapsed = Unknown, Unknown
		site.Retries = "its ActivityOptions are not known here"
	case o.attemptsKnown && o.attempts == 1 || o.attemptsKnown && o.attempts < 0:
		return false // one attempt: no retry
	default:
		p.Elapsed = o.elapsed
		switch {
		case !o.attemptsKnown:
			p.Attempts = Unknown
			site.Retries = "RetryPolicy MaximumAttempts " + types.ExprString(o.attemptsExpr) + ", not known here"
		case o.attempts > 1:
			p.Attempts = Yes
			site.Retries = fmt.Sprintf("RetryPolicy MaximumAttempts %d", o.attempts)
		case o.policy == No:
			p.Attempts = No
			site.Retries = r.Says // the framework's default policy
		case o.policy == Yes:
			p.Attempts = No
			site.Retries = "RetryPolicy without MaximumAttempts: unlimited attempts"
		default:
			p.Attempts = Unknown
			site.Retries = "a RetryPolicy not known here"
		}
		if p.Attempts == No && o.elapsed == Yes {
			site.Retries += " within ScheduleToCloseTimeout"
		}
	}
	if p.Elapsed == No && a.startsBoundedRuns() {
		// The package starts workflows with a run or execution timeout,
		// which ends their activities' retries: this one may be among
		// them.
		p.Elapsed = Unknown
	}
	if p.Attempts != No || p.Elapsed != No {
		p.CapCause = nil
	}
	p.decide(rulePolicyFramework, "attempts", call, "%s", site.Retries)
	switch p.Elapsed {
	case Yes:
		p.decide(rulePolicyFramework, "elapsed", call, "a ScheduleToCloseTimeout bounds its retries")
	case No:
		p.decide(rulePolicyFramework, "elapsed", call, "no ScheduleToCloseTimeout, and no run timeout of a workflow started here, bounds its retries")
	default:
		p.decide(rulePolicyFramework, "elapsed", call, "a timeout that may bound its retries is not known here")
	}
	// Which errors it retries: a type listed in NonRetryableErrorTypes,
	// or a non-retryable ApplicationError the activity returns, stops.
	switch {
	case p.Classified == Yes:
	case o.known && o.nonRetryable == Yes:
		p.set(rulePolicyFramework, "classified", Yes, call, "its RetryPolicy lists NonRetryableErrorTypes")
	case !o.known || o.nonRetryable == Unknown:
		p.set(rulePolicyFramework, "classified", Unknown, call, "its RetryPolicy's NonRetryableErrorTypes are not known here")
	}
	if p.Classified == No {
		fn := site.OperationFunc(a.pass.TypesInfo)
		d := a.decls[originOf(fn)]
		switch {
		case fn == nil && a.operationBody(site.Operation) == nil:
			p.set(ruleClassOperation, "classified", Unknown, site.Operation, "the activity is a function value not known here")
		case fn != nil && d == nil:
			p.set(ruleClassOperation, "classified", Unknown, site.Operation, "the activity %s is another package's: its errors are not read here", fn.Name())
		case a.marksNonRetryable(r.Terminal, a.operationBody(site.Operation)) || d != nil && a.marksNonRetryable(r.Terminal, d.Body):
			p.set(ruleClassOperation, "classified", Yes, site.Operation, "the activity returns a non-retryable error")
		}
	}
	return true
}

func originOf(fn *types.Func) *types.Func {
	if fn == nil {
		return nil
	}
	return fn.Origin()
}

// temporalErrorWithOptions makes an ApplicationError that its options
// make non-retryable or not.
const temporalErrorWithOptions = "go.temporal.io/sdk/temporal.NewApplicationErrorWithOptions"

// marksNonRetryable says whether a body makes a non-retryable
// ApplicationError anywhere, or a function of this package it calls
// does, two levels down: a call of one of the rule's terminal wrappers
// (temporal.NewNonRetryableApplicationError), or of
// NewApplicationErrorWithOptions whose options do not say NonRetryable:
// false. Made and returned through a variable or a helper
// of the package, it still stops the retry, so no retry of every error
// is reported where the activity may stop some.
func (a *analyzer) marksNonRetryable(terminal []rules.Name, body *ast.BlockStmt) bool {
	return a.makesNonRetryable(terminal, body, 0)
}

func (a *analyzer) makesNonRetryable(terminal []rules.Name, body *ast.BlockStmt, depth int) bool {
	if body == nil {
		return false
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || found {
			return !found
		}
		fn := typeutil.StaticCallee(a.pass.TypesInfo, call)
		if fn == nil {
			return true
		}
		switch {
		case a.callsOneOf(call, terminal):
			found = true
		case rules.FuncKey(fn) == temporalErrorWithOptions:
			// Its options decide: terminal unless they say NonRetryable:
			// false, which a terminal: row cannot say.
			found = len(call.Args) < 3 || a.nonRetryableOption(call.Args[2])
		default:
			if d := a.decls[fn.Origin()]; d != nil && depth < 2 {
				found = a.makesNonRetryable(terminal, d.Body, depth+1)
			}
		}
		return !found
	})
	return found
}

// nonRetryableOption says whether ApplicationErrorOptions may set
// NonRetryable: a literal that sets it to anything but the constant
// false, or a value not known here.
func (a *analyzer) nonRetryableOption(x ast.Expr) bool {
	lit, ok := ast.Unparen(x).(*ast.CompositeLit)
	if !ok {
		return true
	}
	for _, el := range lit.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			return true
		}
		if id, ok := kv.Key.(*ast.Ident); ok && id.Name == "NonRetryable" {
			v := a.pass.TypesInfo.Types[kv.Value].Value
			return v == nil || constant.BoolVal(v)
		}
	}
	return false
}

// contextOptions returns the options the dispatch of row r reads on the
// context x at pos: from the retry-options call for r that made it
// (workflow.WithActivityOptions for ExecuteActivity), through the other
// functions of that call's package that derive a context from another
// (WithTaskQueue, WithCancel) and the local variables that hold it.
func (a *analyzer) contextOptions(e *evaluator, x ast.Expr, pos token.Pos, r *rules.Retry, depth int) activityOptions {
	if depth > 16 {
		return activityOptions{}
	}
	switch x := ast.Unparen(x).(type) {
	case *ast.Ident:
		v, ok := e.info().Uses[x].(*types.Var)
		if !ok {
			return activityOptions{}
		}
		d := lastDef(e, v, pos)
		if d == nil || d.Op || d.Range || d.Index > 0 {
			return activityOptions{} // a parameter: the caller's options
		}
		call, ok := ast.Unparen(d.Expr).(*ast.CallExpr)
		if !ok {
			return activityOptions{}
		}
		return a.contextOptions(e, call, call.Pos(), r, depth+1)
	case *ast.CallExpr:
		fn := typeutil.StaticCallee(e.info(), x)
		if d := a.decls[originOf(fn)]; d != nil && d.Body != nil {
			// A function of the package that returns the context it
			// makes (return workflow.WithActivityOptions(ctx, ao)): its
			// options, as far as they do not depend on its parameters.
			if ret := singleReturn(d.Body); ret != nil {
				return a.contextOptions(a.evaluator(d), ret, ret.Pos(), r, depth+1)
			}
			return activityOptions{}
		}
		if fn == nil || fn.Pkg() == nil || len(x.Args) == 0 {
			return activityOptions{}
		}
		if row := a.rules.RetryOptionCall(fn); row != nil && row.Applies(r) {
			value, parent := analysisutil.Argument(x, *row.Arg), analysisutil.Argument(x, *row.Context)
			if value == nil || parent == nil {
				return activityOptions{}
			}
			if row.Sets == rules.SetsOptions {
				return a.optionsValue(e, value, x.Pos(), depth+1)
			}
			o := a.contextOptions(e, parent, x.Pos(), r, depth+1)
			if o.known {
				a.optionValue(e, &o, row.Sets, value, x.Pos(), depth)
			}
			return o
		}
		// Another context derived from the first (WithTaskQueue,
		// WithStartToCloseTimeout, WithCancel, or an options call for
		// another dispatch): its options are the first's, as far as the
		// retry goes.
		if slices.Contains(a.rules.RetryOptionPackages(r), fn.Pkg().Path()) && derivesContext(e.info(), fn, x) {
			return a.contextOptions(e, x.Args[0], x.Pos(), r, depth+1)
		}
	}
	return activityOptions{}
}

// derivesContext says whether a call of fn returns first a value of the
// type of its first argument: a context made from that context.
func derivesContext(info *types.Info, fn *types.Func, call *ast.CallExpr) bool {
	sig, _ := fn.Type().(*types.Signature)
	t := info.TypeOf(call.Args[0])
	return sig != nil && t != nil && sig.Results().Len() > 0 && types.Identical(t, sig.Results().At(0).Type())
}

// lastDef is the last assignment of a local variable that ends before
// pos, or nil.
func lastDef(e *evaluator, v *types.Var, pos token.Pos) *localvars.Def {
	var d *localvars.Def
	for i := range e.scope.Defs[v] {
		if cand := &e.scope.Defs[v][i]; cand.End <= pos && (d == nil || cand.End > d.End) {
			d = cand
		}
	}
	return d
}

// durationSet says whether a duration is a non-zero constant (yes), zero
// (no), or not known here.
func durationSet(e *evaluator, x ast.Expr) Tri {
	v := e.info().Types[x].Value
	if v == nil {
		return Unknown
	}
	return triOf(constant.Sign(v) != 0)
}

// optionsValue reads an ActivityOptions (or LocalActivityOptions) value:
// a composite literal, a local variable assigned one (with the fields
// set on it before pos), a package-level variable, or a call of a
// function of this package that returns one.
func (a *analyzer) optionsValue(e *evaluator, x ast.Expr, pos token.Pos, depth int) activityOptions {
	if depth > 16 {
		return activityOptions{}
	}
	switch x := ast.Unparen(x).(type) {
	case *ast.CompositeLit:
		o := defaultActivityOptions()
		t := e.info().TypeOf(x)
		for _, el := range x.Elts {
			kv, ok := el.(*ast.KeyValueExpr)
			if !ok {
				return activityOptions{}
			}
			key, _ := kv.Key.(*ast.Ident)
			if key == nil {
				return activityOptions{}
			}
			a.optionsField(e, &o, t, key.Name, kv.Value, pos, depth)
		}
		return o
	case *ast.Ident:
		v, ok := e.info().Uses[x].(*types.Var)
		if !ok {
			return activityOptions{}
		}
		if init, ok := a.globals[v]; ok {
			return a.optionsValue(a.evaluatorOf(init), init, init.End(), depth+1)
		}
		d := lastDef(e, v, pos)
		if d == nil || d.Op || d.Range || d.Index >= 0 || a.setDeep(v, pos) {
			return activityOptions{}
		}
		o := a.optionsValue(e, d.Expr, d.End, depth+1)
		for _, fs := range e.scope.Fields[v] {
			if o.known && fs.Pos >= d.End && fs.Pos < pos {
				a.optionsField(e, &o, v.Type(), fs.Field.Name(), fs.Value, fs.Pos, depth)
			}
		}
		return o
	case *ast.CallExpr:
		if d := a.declOf(x.Fun); d != nil && d.Body != nil {
			if ret := singleReturn(d.Body); ret != nil {
				return a.optionsValue(a.evaluator(d), ret, ret.Pos(), depth+1)
			}
		}
	}
	return activityOptions{}
}

// evaluatorOf returns an evaluator for a package-level expression: it
// has no local variables.
func (a *analyzer) evaluatorOf(ast.Expr) *evaluator {
	return &evaluator{pass: a.pass, rules: a.rules, a: a, scope: &localvars.Scope{}}
}

// optionsField reads one field of the options, of type t: the policy or
// the time cap its retry-options row says it is.
func (a *analyzer) optionsField(e *evaluator, o *activityOptions, t types.Type, name string, value ast.Expr, pos token.Pos, depth int) {
	if row := a.rules.RetryOptionField(t, name); row != nil {
		a.optionValue(e, o, row.Sets, value, pos, depth)
	}
}

// optionValue reads a value that sets the policy or the time cap into o,
// whether a field or a context function sets it.
func (a *analyzer) optionValue(e *evaluator, o *activityOptions, sets string, value ast.Expr, pos token.Pos, depth int) {
	switch sets {
	case rules.SetsElapsed:
		o.elapsed = durationSet(e, value)
	case rules.SetsPolicy:
		if a.isNil(value) {
			o.policy, o.attempts, o.attemptsKnown, o.nonRetryable = No, 0, true, No
			return
		}
		a.retryPolicyValue(e, value, pos, o, depth+1)
	}
}

// retryPolicyValue reads a RetryPolicy (or a pointer to one) into o.
func (a *analyzer) retryPolicyValue(e *evaluator, x ast.Expr, pos token.Pos, o *activityOptions, depth int) {
	unknown := func() {
		o.policy, o.attemptsKnown, o.attemptsExpr, o.nonRetryable = Unknown, false, x, Unknown
	}
	if depth > 16 {
		unknown()
		return
	}
	switch y := ast.Unparen(x).(type) {
	case *ast.UnaryExpr:
		if y.Op == token.AND {
			a.retryPolicyValue(e, y.X, pos, o, depth+1)
			return
		}
	case *ast.CompositeLit:
		o.policy, o.attempts, o.attemptsKnown, o.nonRetryable = Yes, 0, true, No
		t := e.info().TypeOf(y)
		for _, el := range y.Elts {
			kv, ok := el.(*ast.KeyValueExpr)
			if !ok {
				unknown()
				return
			}
			key, _ := kv.Key.(*ast.Ident)
			if key == nil {
				continue
			}
			if cap := a.rules.AttemptsFieldNamed(t, key.Name); cap != nil {
				if v, ok := constant.Int64Val(constant.ToInt(orUnknown(e.info().Types[kv.Value].Value))); ok {
					o.attempts = attemptsOf(cap, v)
				} else {
					o.attemptsKnown, o.attemptsExpr = false, kv.Value
				}
			}
			if row := a.rules.RetryOptionField(t, key.Name); row != nil && row.Sets == rules.SetsTerminalTypes {
				o.nonRetryable = a.listsSome(e, kv.Value)
			}
		}
		return
	case *ast.Ident:
		v, ok := e.info().Uses[y].(*types.Var)
		if !ok {
			break
		}
		if init, ok := a.globals[v]; ok {
			a.retryPolicyValue(a.evaluatorOf(init), init, init.End(), o, depth+1)
			return
		}
		if d := lastDef(e, v, pos); d != nil && !d.Op && !d.Range && d.Index < 0 && len(e.scope.Fields[v]) == 0 {
			a.retryPolicyValue(e, d.Expr, d.End, o, depth+1)
			return
		}
	}
	unknown()
}

// attemptsOf converts the constant value of an attempts field into
// activityOptions.attempts: 0 when it leaves the default, 1 or less for
// one attempt, or the number of attempts.
func attemptsOf(cap *rules.Attempts, v int64) int64 {
	switch {
	case cap.Unset != nil && v == int64(*cap.Unset):
		return 0
	case cap.Counts == "retries":
		return max(v, 0) + 1
	}
	return v
}

func orUnknown(v constant.Value) constant.Value {
	if v == nil {
		return constant.MakeUnknown()
	}
	return v
}

// listsSome says whether a []string lists some element: yes for a
// literal with elements, no for an empty one or nil, unknown otherwise.
func (a *analyzer) listsSome(e *evaluator, x ast.Expr) Tri {
	if a.isNil(x) {
		return No
	}
	if lit, ok := ast.Unparen(x).(*ast.CompositeLit); ok {
		return triOf(len(lit.Elts) > 0)
	}
	return Unknown
}

// Registrations: (worker.ActivityRegistry).RegisterActivity(a) and
// RegisterActivityWithOptions(a, options) make a function, or every
// exported method of a struct, an activity that the server retries under
// the RetryPolicy its callers choose. Where a caller's ExecuteActivity is
// in sight (this package, or a package whose TemporalFact lists the
// activity's name), that call is the retry site, judged with its
// policy, and the registration is not: one defect is reported once. An
// activity that no caller in sight dispatches is a site at its
// registration, retried under a policy not in sight: nonidempotent
// judges it, since Temporal's default retries; unbounded and catchall do
// not, since its callers may cap it or list its errors.

// TemporalFact lists the names of the activities a package dispatches
// (workflow.ExecuteActivity, ExecuteLocalActivity): a function's or
// method's name, or the string a call names it by. Any is set when the
// package dispatches an activity it cannot name (a function-typed
// parameter): then no registration that sees the fact is judged.
type TemporalFact struct {
	Names []string
	Any   bool
}

func (*TemporalFact) AFact() {}

func (f *TemporalFact) String() string {
	s := "temporal(" + strings.Join(f.Names, ", ")
	if f.Any {
		s += ", any"
	}
	return s + ")"
}

// temporalDispatched records the activity a dispatch names.
func (a *analyzer) temporalDispatched(op ast.Expr) {
	if a.dispatched == nil {
		a.dispatched = &TemporalFact{}
	}
	if v := a.pass.TypesInfo.Types[op].Value; v != nil && v.Kind() == constant.String {
		a.dispatched.Names = append(a.dispatched.Names, constant.StringVal(v))
		return
	}
	var obj types.Object
	switch x := ast.Unparen(op).(type) {
	case *ast.Ident:
		obj = a.pass.TypesInfo.Uses[x]
	case *ast.SelectorExpr:
		obj = a.pass.TypesInfo.Uses[x.Sel]
	}
	if fn, ok := obj.(*types.Func); ok {
		a.dispatched.Names = append(a.dispatched.Names, fn.Name())
		return
	}
	a.dispatched.Any = true
}

// scanDispatches records, once, the activities every function of the
// package dispatches.
func (a *analyzer) scanDispatches() {
	if a.dispatchScanned {
		return
	}
	a.dispatchScanned = true
	for _, d := range a.decls {
		if d.Body == nil {
			continue
		}
		ast.Inspect(d.Body, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			fn := calleeOf(a.pass.TypesInfo, call)
			if fn == nil || strings.HasPrefix(fn.Name(), "Register") {
				return true
			}
			if r := a.rules.Retry(fn); r != nil && r.Framework == "Temporal" && r.Operation != nil {
				if op := analysisutil.Argument(call, *r.Operation); op != nil {
					a.temporalDispatched(op)
				}
			}
			return true
		})
	}
}

// exportTemporal exports the package's TemporalFact, sorted.
func (a *analyzer) exportTemporal() {
	a.scanDispatches()
	f := a.dispatched
	if f == nil {
		return
	}
	slices.Sort(f.Names)
	f.Names = slices.Compact(f.Names)
	a.pass.ExportPackageFact(f)
}

// dispatchedInSight says whether an activity of this name is dispatched
// in this package or one whose fact is in sight, or whether some
// dispatch in sight cannot be named.
func (a *analyzer) dispatchedInSight(name string) bool {
	a.scanDispatches()
	seen := []*TemporalFact{a.dispatched}
	for _, pf := range a.pass.AllPackageFacts() {
		if f, ok := pf.Fact.(*TemporalFact); ok {
			seen = append(seen, f)
		}
	}
	for _, f := range seen {
		if f != nil && (f.Any || slices.Contains(f.Names, name)) {
			return true
		}
	}
	return false
}

// temporalRegistrations returns the sites of the activities a function
// registers that no dispatch in sight names.
func (a *analyzer) temporalRegistrations(d *ast.FuncDecl, e *evaluator) []*Site {
	if d.Body == nil {
		return nil
	}
	var out []*Site
	ast.Inspect(d.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || len(call.Args) == 0 {
			return true
		}
		fn := calleeOf(a.pass.TypesInfo, call)
		if fn == nil || (fn.Name() != "RegisterActivity" && fn.Name() != "RegisterActivityWithOptions") {
			return true
		}
		r := a.rules.Retry(fn)
		if r == nil || r.Framework != "Temporal" {
			return true
		}
		prefix, named := "", false // the Name option: a function's name, a struct's methods' prefix
		if fn.Name() == "RegisterActivityWithOptions" && len(call.Args) > 1 {
			var ok bool
			if prefix, named, ok = registeredName(e, call.Args[1]); !ok {
				return true // a name not known here
			}
		}
		x := call.Args[0]
		for _, act := range a.registeredFuncs(x) { // none for an interface or a function value not known here
			name := act.Name()
			if named {
				name = prefix
				if !isFuncValue(a.pass.TypesInfo, x) {
					name = prefix + act.Name()
				}
			}
			if a.dispatchedInSight(name) {
				continue
			}
			p := unknownPolicy()
			// Temporal's default retries without limit, whatever the worker's context.
			p.set(rulePolicyFramework, "attempts", No, call, "Temporal's default RetryPolicy makes unlimited attempts")
			p.set(rulePolicyFramework, "cancel", No, call, "the worker's context does not end an activity's retries")
			site := &Site{Kind: Framework, Node: call, Enclosing: d, Callee: fn, Operation: x, Policy: p,
				Framework: r.Framework, Handler: act,
				Retries: "registers " + name + ", retried under its callers' RetryPolicy, none in sight: Temporal's default makes unlimited attempts"}
			site.decide(ruleFrameworkHandler, "site", call, "%s registers %s, which no dispatch in sight names", types.ExprString(call.Fun), name)
			out = append(out, site)
		}
		return true
	})
	return out
}

func identObj(info *types.Info, x ast.Expr) types.Object {
	switch x := ast.Unparen(x).(type) {
	case *ast.Ident:
		return info.Uses[x]
	case *ast.SelectorExpr:
		return info.Uses[x.Sel]
	}
	return nil
}

// registeredName reads the Name of an activity.RegisterOptions literal:
// named is false when it sets none; ok is false when it is not a
// literal or its Name not a constant.
func registeredName(e *evaluator, x ast.Expr) (name string, named, ok bool) {
	lit, isLit := ast.Unparen(x).(*ast.CompositeLit)
	if !isLit {
		return "", false, false
	}
	for _, el := range lit.Elts {
		kv, isKV := el.(*ast.KeyValueExpr)
		if !isKV {
			return "", false, false
		}
		if key, _ := kv.Key.(*ast.Ident); key != nil && key.Name == "Name" {
			v := e.info().Types[kv.Value].Value
			if v == nil || v.Kind() != constant.String {
				return "", false, false
			}
			return constant.StringVal(v), true, true
		}
	}
	return "", false, true
}

// setDeep says whether the function around pos assigns a field of a
// field of v (ao.RetryPolicy.MaximumAttempts = 1): a change the
// variable's assignments do not show.
func (a *analyzer) setDeep(v *types.Var, pos token.Pos) bool {
	for _, d := range a.decls {
		if d.Body == nil || pos < d.Body.Pos() || pos >= d.Body.End() {
			continue
		}
		found := false
		ast.Inspect(d.Body, func(n ast.Node) bool {
			as, ok := n.(*ast.AssignStmt)
			if !ok || found {
				return !found
			}
			for _, lhs := range as.Lhs {
				sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr)
				if !ok {
					continue
				}
				inner, ok := ast.Unparen(sel.X).(*ast.SelectorExpr)
				if !ok {
					continue
				}
				for {
					next, ok := ast.Unparen(inner.X).(*ast.SelectorExpr)
					if !ok {
						break
					}
					inner = next
				}
				if id, ok := ast.Unparen(inner.X).(*ast.Ident); ok && a.pass.TypesInfo.Uses[id] == v {
					found = true
				}
			}
			return !found
		})
		return found
	}
	return false
}

// registeredActivity returns the function or method this package
// registers as the activity of a name: RegisterActivityWithOptions with
// that Name, or RegisterActivity of a function, or of a struct's method,
// of that name. Nil when none, or more than one, does.
func (a *analyzer) registeredActivity(name string) *types.Func {
	var found []*types.Func
	for _, d := range a.decls {
		if d.Body == nil {
			continue
		}
		ast.Inspect(d.Body, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) == 0 {
				return true
			}
			fn := calleeOf(a.pass.TypesInfo, call)
			if fn == nil || !strings.HasPrefix(fn.Name(), "RegisterActivity") {
				return true
			}
			if r := a.rules.Retry(fn); r == nil || r.Framework != "Temporal" {
				return true
			}
			prefix, named := "", false
			if len(call.Args) > 1 {
				var ok bool
				if prefix, named, ok = registeredName(a.evaluator(d), call.Args[1]); !ok {
					return true
				}
			}
			for _, act := range a.registeredFuncs(call.Args[0]) {
				actName := act.Name()
				if named {
					actName = prefix
					if !isFuncValue(a.pass.TypesInfo, call.Args[0]) {
						actName = prefix + act.Name()
					}
				}
				if actName == name {
					found = append(found, act)
				}
			}
			return true
		})
	}
	if len(found) != 1 {
		return nil
	}
	return found[0]
}

func isFuncValue(info *types.Info, x ast.Expr) bool {
	_, ok := info.TypeOf(x).Underlying().(*types.Signature)
	return ok
}

// registeredFuncs returns the activities a registration's argument
// makes: a function or method value, or every exported method of a
// struct (through a pointer or not).
func (a *analyzer) registeredFuncs(x ast.Expr) []*types.Func {
	t := a.pass.TypesInfo.TypeOf(x)
	if t == nil || types.IsInterface(t) {
		return nil
	}
	if _, isFunc := t.Underlying().(*types.Signature); isFunc {
		if f, _ := identObj(a.pass.TypesInfo, x).(*types.Func); f != nil {
			return []*types.Func{f}
		}
		return nil
	}
	if _, isPtr := t.Underlying().(*types.Pointer); !isPtr {
		t = types.NewPointer(t)
	}
	var out []*types.Func
	for sel := range types.NewMethodSet(t).Methods() {
		if m, ok := sel.Obj().(*types.Func); ok && m.Exported() {
			out = append(out, m)
		}
	}
	return out
}

// startsBoundedRuns says whether the package starts some workflow with a
// run or execution timeout: an options literal that sets a run-elapsed
// field of the retry-options rows (client.StartWorkflowOptions'
// WorkflowRunTimeout or WorkflowExecutionTimeout) to anything but zero. Which workflow it starts is not followed (the options often
// reach ExecuteWorkflow through a helper), so every workflow of the
// package may be bounded by one.
func (a *analyzer) startsBoundedRuns() bool {
	if a.boundedRuns != Unknown {
		return a.boundedRuns == Yes
	}
	a.boundedRuns = No
	for _, f := range a.sourceFiles() {
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.CompositeLit)
			if !ok || a.boundedRuns == Yes {
				return a.boundedRuns != Yes
			}
			t := a.pass.TypesInfo.TypeOf(lit)
			if t == nil {
				return true
			}
			for _, el := range lit.Elts {
				kv, ok := el.(*ast.KeyValueExpr)
				if !ok {
					continue
				}
				key, _ := kv.Key.(*ast.Ident)
				if key == nil {
					continue
				}
				if row := a.rules.RetryOptionField(t, key.Name); row == nil || row.Sets != rules.SetsRunElapsed {
					continue
				}
				if v := a.pass.TypesInfo.Types[kv.Value].Value; v == nil || constant.Sign(v) != 0 {
					a.boundedRuns = Yes
				}
			}
			return true
		})
	}
	return a.boundedRuns == Yes
}
