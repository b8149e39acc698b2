package retrysite

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/retrylint/retrylint/analyzers/internal/localvars"
	"github.com/retrylint/retrylint/rules"
)

// evaluator reads configuration expressions in one function.
type evaluator struct {
	pass    *analysis.Pass
	rules   *rules.Rules
	a       *analyzer
	scope   *localvars.Scope
	depth   int
	seen    map[*types.Var]bool
	seenDef map[ast.Expr]bool
	// randomVars keeps randomVar's answers: a variable assigned from
	// others, each assigned many times, is otherwise read again on
	// every way to it, a number of ways that grows with each step.
	randomVars map[*types.Var]Tri
	clockVars  map[*types.Var]bool // caps.go's clock, likewise
}

const maxDepth = 16 // builder chains are long; recursion through helpers is what this bounds

func (e *evaluator) info() *types.Info { return e.pass.TypesInfo }

// policy evaluates a configuration expression: a backoff, an option, a
// policy, a client. Each property it finds a value for has a decision
// on it (trace.go).
func (e *evaluator) policy(x ast.Expr) Policy {
	p := e.policyOf(x)
	if x != nil {
		p.seal(x)
	}
	return p
}

func (e *evaluator) policyOf(x ast.Expr) Policy {
	p := unknownPolicy()
	if x == nil || e.depth > maxDepth {
		return p
	}
	e.depth++
	defer func() { e.depth-- }()
	x = ast.Unparen(x)
	switch x := x.(type) {
	case *ast.UnaryExpr:
		if x.Op == token.AND {
			return e.policy(x.X)
		}
	case *ast.StarExpr:
		return e.policy(x.X)
	case *ast.CompositeLit:
		return e.literal(x)
	case *ast.CallExpr:
		return e.call(x)
	case *ast.FuncLit:
		return e.litPolicy(x, "", x)
	case *ast.Ident:
		return e.object(x, e.info().Uses[x])
	case *ast.SelectorExpr:
		sel, ok := e.info().Selections[x]
		switch {
		case !ok || sel.Kind() == types.MethodVal:
			return e.object(x, e.info().Uses[x.Sel])
		case sel.Kind() == types.FieldVal:
			return e.field(x, sel.Obj().(*types.Var))
		}
	}
	return p
}

func (e *evaluator) object(x ast.Expr, obj types.Object) Policy {
	p := unknownPolicy()
	switch obj := obj.(type) {
	case *types.Func:
		if r := e.rules.Func(obj); r != nil {
			return e.value(r, nil, x, nil)
		}
		if j := e.a.funcBackoff(obj); j.backoff && j.jitter != Unknown {
			return backoffPolicy(j, x)
		}
		if e.a.random(obj) == Yes {
			p.set(ruleJitterRandom, "jitter", Yes, x, "%s returns a random delay", obj.Name())
		}
	case *types.Var:
		if i, ok := e.scope.Params[obj]; ok {
			p.Param = i
			return p
		}
		if obj.Parent() == obj.Pkg().Scope() {
			if r := e.rules.Var(obj); r != nil {
				return e.value(r, nil, x, nil)
			}
			if init := e.a.globals[obj]; init != nil && obj.Pkg() == e.pass.Pkg {
				if lit, ok := ast.Unparen(init).(*ast.FuncLit); ok {
					return e.litPolicy(lit, obj.Name(), x)
				}
				return e.policy(init)
			}
			return e.backoffVar(x, obj)
		}
		return e.local(obj, x.Pos())
	}
	return p
}

// local follows a local variable, used at pos, to the last assignment
// before it and the field assignments made to it in between.
func (e *evaluator) local(v *types.Var, pos token.Pos) Policy {
	p := unknownPolicy()
	var d *localvars.Def
	for i := range e.scope.Defs[v] {
		if cand := &e.scope.Defs[v][i]; cand.End <= pos && (d == nil || cand.End > d.End) {
			d = cand
		}
	}
	if d == nil || d.Op || d.Range || d.Index > 0 || e.seenDef[d.Expr] {
		return p
	}
	if e.seenDef == nil {
		e.seenDef = map[ast.Expr]bool{}
	}
	e.seenDef[d.Expr] = true
	defer delete(e.seenDef, d.Expr)
	if d.Index == 0 {
		if call, ok := ast.Unparen(d.Expr).(*ast.CallExpr); ok {
			p = e.call(call)
		}
	} else if lit, ok := ast.Unparen(d.Expr).(*ast.FuncLit); ok {
		p = e.litPolicy(lit, v.Name(), lit)
	} else {
		p = e.policy(d.Expr)
	}
	if named := namedOf(v.Type()); named != nil {
		for _, fs := range e.scope.Fields[v] {
			if fs.Pos < d.End || fs.Pos > pos {
				continue
			}
			if r := e.rules.Field(named, fs.Field); r != nil {
				p.override(e.value(r, []ast.Expr{fs.Value}, fs.Value, nil))
			}
		}
	}
	return p
}

func (e *evaluator) literal(lit *ast.CompositeLit) Policy {
	p := unknownPolicy()
	tv, ok := e.info().Types[lit]
	if !ok {
		return p
	}
	if _, ok := tv.Type.Underlying().(*types.Slice); ok {
		// An option list: each element applies in order.
		for _, elt := range lit.Elts {
			p.override(e.policy(elt))
		}
		return p
	}
	named := namedOf(tv.Type)
	if named == nil {
		return p
	}
	if r := e.rules.Literal(named); r != nil {
		p = e.value(r, nil, lit, nil)
	}
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		key, ok := kv.Key.(*ast.Ident)
		if !ok {
			continue
		}
		if f, ok := e.info().ObjectOf(key).(*types.Var); ok {
			if r := e.rules.Field(named, f); r != nil {
				p.override(e.value(r, []ast.Expr{kv.Value}, kv.Value, nil))
			}
		}
	}
	return p
}

func (e *evaluator) call(call *ast.CallExpr) Policy {
	fn := typeutil.StaticCallee(e.info(), call)
	if fn == nil {
		if f, ok := typeutil.Callee(e.info(), call).(*types.Func); ok {
			fn = f // an interface method
		}
	}
	if fn == nil {
		if isMinMax(e.info(), call) {
			return e.extremum(call)
		}
		// A delay function held in a variable or field: r.backoff(attempt).
		if p, ok := e.backoffCall(call, nil); ok {
			return p
		}
		return unknownPolicy()
	}
	if r := e.rules.Call(fn); r != nil {
		args := call.Args
		if r.Wraps != nil && *r.Wraps == rules.Receiver || r.Arg != nil && *r.Arg == rules.Receiver {
			if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
				args = append([]ast.Expr{sel.X}, args...)
			}
		} else {
			args = append([]ast.Expr{nil}, args...)
		}
		sig, _ := fn.Type().(*types.Signature)
		return e.value(r, args, call, sig)
	}
	// A method that returns the type of the value it is called on is a
	// builder step: the policy passes through it unchanged. The value's
	// type, not the declared receiver: a method of an embedded interface
	// returns the embedding builder.
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		if s, ok := e.info().Selections[sel]; ok && s.Kind() == types.MethodVal {
			if res := e.info().TypeOf(call); res != nil && sameNamed(e.info().TypeOf(sel.X), res) {
				return e.policy(sel.X)
			}
		}
	}
	// A backoff object built here without the field its jitter needs.
	if p, ok := e.fieldJitter(call, fn); ok {
		return p
	}
	// A backoff function: its delays are judged at its declaration.
	if p, ok := e.backoffCall(call, fn); ok {
		return p
	}
	// An interface method whose receiver holds one concrete type: that
	// type's method.
	if recv := fn.Signature().Recv(); recv != nil && types.IsInterface(recv.Type()) {
		if m := e.concreteMethod(call, fn); m != nil {
			if p, ok := e.backoffCall(call, m); ok {
				return p
			}
		}
	}
	// A function of this package that builds a configuration: follow its
	// single returned expression.
	if decl := e.a.decls[fn]; decl != nil && decl.Body != nil && fn.Pkg() == e.pass.Pkg {
		if ret := singleReturn(decl.Body); ret != nil {
			sub := &evaluator{pass: e.pass, rules: e.rules, a: e.a, scope: e.a.scopeOf(decl), depth: e.depth}
			p := sub.policy(ret)
			p.Param, p.ContextParam = -1, -1
			return p
		}
	}
	return unknownPolicy()
}

// value applies a value rule. args are the call's arguments with the
// receiver (or nil) at index 0, so that argument i is args[i+1]; for a
// field or a function value, args is the assigned value alone.
func (e *evaluator) value(r *rules.Value, args []ast.Expr, node ast.Node, sig *types.Signature) Policy {
	arg := func(a rules.Arg) []ast.Expr {
		switch {
		case r.Field != "":
			return args
		case a == rules.Receiver:
			if len(args) > 0 && args[0] != nil {
				return args[:1]
			}
			return nil
		case int(a)+1 < len(args):
			return args[a+1:]
		}
		return nil
	}
	lib := r.Package()
	p := unknownPolicy()
	if r.Wraps != nil {
		rest := arg(*r.Wraps)
		for i, x := range rest {
			q := e.policy(x)
			if i == 0 {
				p = q
			} else {
				p.combine(q)
			}
			if *r.Wraps == rules.Receiver || sig == nil || !sig.Variadic() || int(*r.Wraps) != sig.Params().Len()-1 {
				break // only a variadic parameter holds more than one
			}
		}
	}
	cause := &Cause{Node: node, Fix: r.Fix, Library: lib, Remedy: r.Remedy}
	if r.Field != "" && len(args) > 0 {
		cause.Label = r.Field[strings.LastIndexByte(r.Field, '.')+1:] + " = " + types.ExprString(args[0])
	}
	p.apply(rulePolicyOption, "the pack's row for "+rowName(r), r.Set, cause)
	if len(r.When) > 0 {
		a := rules.Arg(0)
		if r.Arg != nil {
			a = *r.Arg
		}
		var val, zero constant.Value
		if xs := arg(a); len(xs) > 0 && xs[0] != nil {
			val = e.info().Types[xs[0]].Value
			if val == nil {
				zero = e.zeroDefault(xs[0])
			}
		}
		for _, c := range r.When {
			if c.Equals == nil || val != nil && equals(val, string(*c.Equals)) {
				fix := c.Fix
				if fix == nil {
					fix = r.Fix
				}
				says := "the pack's row for " + rowName(r)
				if c.Equals != nil {
					says += ", given " + val.ExactString()
				}
				p.apply(rulePolicyWhen, says, c.Set, &Cause{Node: node, Fix: fix, Library: lib, Label: cause.Label, Remedy: r.Remedy})
				break
			}
			if zero != nil && c.Set.Jitter != nil && equals(zero, string(*c.Equals)) {
				// A setting of the package's own that nothing here sets:
				// its zero value is the default.
				p.apply(rulePolicyZero, "the pack's row for "+rowName(r)+", whose setting nothing here sets: its zero value "+zero.ExactString(), c.Set, &Cause{Node: node, Library: lib, Label: cause.Label + " (zero unless the caller sets it)", Remedy: "give the setting a default with jitter"})
				break
			}
		}
	}
	if r.Options != nil {
		for _, x := range arg(*r.Options) {
			p.override(e.policy(x))
		}
	}
	if r.Predicate != nil {
		if xs := arg(*r.Predicate); len(xs) > 0 {
			p.Classifier = nil
			p.set(rulePolicyPredicate, "classified", Yes, xs[0], "retries the errors %s accepts", short(xs[0]))
			if e.a.alwaysTrue(xs[0]) {
				p.Classifier = &Classifier{Node: xs[0]}
				p.set(rulePolicyPredicate, "classified", No, xs[0], "%s accepts every error", short(xs[0]))
			}
		}
	}
	if r.ReplacesTerminal {
		p.ReplacesTerminal = true
	}
	if r.Context != nil {
		if xs := arg(*r.Context); len(xs) > 0 {
			t, param := e.context(xs[0])
			p.set(ruleCancelArg, "cancel", t, xs[0], "%s", contextSays(t, xs[0]))
			if t == No {
				p.CapCause = &Cause{Node: xs[0]}
			}
			p.ContextParam = param
		}
	}
	return p
}

// rowName is how a trace names a value row: its function, variable,
// type or field, without the package path.
func rowName(r *rules.Value) string {
	name := r.Call + r.Func + r.Var + r.Literal + r.Field
	i := strings.LastIndexByte(name, '/')
	if i > 0 && len(name) > i+2 && name[i+1] == 'v' && name[i+2] >= '0' && name[i+2] <= '9' {
		i = strings.LastIndexByte(name[:i], '/') // a major version: retry-go/v4.RandomDelay
	}
	if i >= 0 {
		prefix := ""
		if strings.HasPrefix(name, "(*") {
			prefix = "(*"
		} else if strings.HasPrefix(name, "(") {
			prefix = "("
		}
		name = prefix + name[i+1:]
	}
	return name
}

// contextSays is what a trace says of a context the retry is given.
func contextSays(t Tri, x ast.Expr) string {
	switch t {
	case Yes:
		return "given " + short(x) + ", which can be cancelled"
	case No:
		return "given " + short(x) + ", which is never cancelled"
	}
	return "given " + short(x)
}

// context says whether a context expression can be cancelled, and which
// parameter of the enclosing function it is (-1 if none). A context that
// comes from elsewhere is assumed to end.
func (e *evaluator) context(x ast.Expr) (Tri, int) {
	x = ast.Unparen(x)
	switch x := x.(type) {
	case *ast.CallExpr:
		fn := typeutil.StaticCallee(e.info(), x)
		if fn == nil {
			return Yes, -1
		}
		c := e.rules.Context(fn)
		switch {
		case c == nil:
			return Yes, -1
		case c.Ends != nil:
			return triOf(*c.Ends), -1
		case int(*c.Parent) < len(x.Args):
			return e.context(x.Args[*c.Parent])
		}
		return Yes, -1
	case *ast.Ident:
		v, ok := e.info().Uses[x].(*types.Var)
		if !ok {
			return Yes, -1
		}
		if i, ok := e.scope.Params[v]; ok {
			return Yes, i
		}
		defs := e.scope.Defs[v]
		if len(defs) == 1 && !defs[0].Range && e.depth < maxDepth {
			e.depth++
			defer func() { e.depth-- }()
			if call, ok := ast.Unparen(defs[0].Expr).(*ast.CallExpr); ok && defs[0].Index >= 0 {
				return e.context(call)
			}
			return e.context(defs[0].Expr)
		}
	}
	return Yes, -1
}

// random says whether a delay expression depends on a random source.
func (e *evaluator) random(x ast.Expr) Tri {
	if x == nil || e.depth > maxDepth+2 {
		return Unknown
	}
	e.depth++
	defer func() { e.depth-- }()
	result := No
	ast.Inspect(x, func(n ast.Node) bool {
		if result == Yes {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if tv, ok := e.info().Types[n.Fun]; ok && tv.IsType() {
				return true // a conversion
			}
			fn := typeutil.StaticCallee(e.info(), n)
			if fn == nil {
				if f, ok := typeutil.Callee(e.info(), n).(*types.Func); ok && e.rules.Call(f) != nil {
					result = result.or(e.call(n).Jitter)
					return false
				}
				if _, ok := typeutil.Callee(e.info(), n).(*types.Builtin); ok {
					return true
				}
				result = result.or(Unknown) // an interface or a function value
				return true
			}
			if e.rules.IsRandom(fn) {
				result = Yes
				return false
			}
			if e.rules.Call(fn) != nil {
				result = result.or(e.call(n).Jitter)
				return false
			}
			switch e.a.random(fn) {
			case Yes:
				result = Yes
				return false
			case Unknown:
				// It calls a function value or an interface: the caller's
				// delay may well be random.
				result = result.or(Unknown)
				return false
			}
			// Only a numeric result can carry its arguments' randomness:
			// clamp(jitter(d), max) can, sleepCtx(ctx, jitter(d)) cannot.
			return numericResult(fn)
		case *ast.Ident:
			if v, ok := e.info().Uses[n].(*types.Var); ok && !v.IsField() {
				if _, isParam := e.scope.Params[v]; isParam || v.Parent() == v.Pkg().Scope() {
					return false
				}
				result = result.or(e.randomVar(v))
			}
		}
		return true
	})
	return result
}

func (e *evaluator) randomVar(v *types.Var) Tri {
	if e.seen[v] {
		return No
	}
	if r, ok := e.randomVars[v]; ok {
		return r
	}
	if e.randomVars == nil {
		e.randomVars = map[*types.Var]Tri{}
	}
	r := e.randomVarOnce(v)
	e.randomVars[v] = r
	return r
}

func (e *evaluator) randomVarOnce(v *types.Var) Tri {
	if e.seen == nil {
		e.seen = map[*types.Var]bool{}
	}
	e.seen[v] = true
	defer delete(e.seen, v)
	result := No
	for _, d := range e.scope.Defs[v] {
		result = result.or(e.random(d.Expr))
	}
	if named := namedOf(v.Type()); named != nil && len(e.scope.Defs[v]) == 1 && (e.fieldRuled(v, named) || e.rules.Literal(named) != nil) {
		result = result.or(e.local(v, token.Pos(1<<62)).Jitter)
	}
	return result
}

// growing says whether a delay variable grows between attempts.
func (e *evaluator) growing(x ast.Expr) bool {
	grows := false
	ast.Inspect(x, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BinaryExpr:
			if n.Op == token.SHL || n.Op == token.MUL && !isConst(e.info(), n) {
				grows = true
			}
		case *ast.CallExpr:
			if fn := typeutil.StaticCallee(e.info(), n); fn != nil && e.rules.Grows(fn) {
				grows = true
			}
		case *ast.Ident:
			if v, ok := e.info().Uses[n].(*types.Var); ok {
				for _, d := range e.scope.Defs[v] {
					if d.Op {
						grows = true
					}
				}
			}
		}
		return !grows
	})
	return grows
}

func isConst(info *types.Info, x ast.Expr) bool {
	tv, ok := info.Types[x]
	return ok && tv.Value != nil
}

// equals compares a constant with a rule's scalar.
func equals(v constant.Value, s string) bool {
	switch v.Kind() {
	case constant.Bool:
		b, err := strconv.ParseBool(s)
		return err == nil && constant.BoolVal(v) == b
	case constant.Int, constant.Float:
		f, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return false
		}
		return constant.Compare(constant.ToFloat(v), token.EQL, constant.MakeFloat64(f))
	}
	return false
}

func namedOf(t types.Type) *types.Named {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, _ := types.Unalias(t).(*types.Named)
	return n
}

func sameNamed(a, b types.Type) bool {
	na, nb := namedOf(a), namedOf(b)
	return na != nil && nb != nil && na.Origin() == nb.Origin()
}

// singleReturn returns the expression of a function body's only return
// statement with one result, or nil.
func singleReturn(body *ast.BlockStmt) ast.Expr {
	var ret ast.Expr
	count := 0
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			count++
			if len(n.Results) == 1 {
				ret = n.Results[0]
			}
		}
		return true
	})
	if count != 1 {
		return nil
	}
	return ret
}

// numericResult says whether fn returns a number or a duration.
func numericResult(fn *types.Func) bool {
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Results().Len() == 0 {
		return false
	}
	basic, ok := sig.Results().At(0).Type().Underlying().(*types.Basic)
	return ok && basic.Info()&types.IsNumeric != 0
}

// fieldRuled says whether a field the rules know is set on v: only then
// does v's configuration say anything of jitter. A plain options struct
// with fields set (o.ttl = wait) says nothing.
func (e *evaluator) fieldRuled(v *types.Var, named *types.Named) bool {
	for _, fs := range e.scope.Fields[v] {
		if e.rules.Field(named, fs.Field) != nil {
			return true
		}
	}
	return false
}
