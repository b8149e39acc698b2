package retrysite

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

// Delays a library computes by default: a backoff function whose caller
// may plug in a delay function of its own (if cfg.Backoff != nil { return
// cfg.Backoff(n) }; return cfg.Interval) computes, when none is plugged
// in, the delays of its other paths; and a delay asked of an interface
// (policy.Interval(n)) is the delay of the one concrete type the package
// gives that interface value (the default a constructor assigns).

// hookDefault judges the delays of a backoff function of this package on
// the paths its caller's hook does not take: the returns outside the
// bodies of if statements that test a function value or an interface
// against nil. It returns the hook's name and the jitter of those
// returns, or "" when the function has no such test or no other return.
func (a *analyzer) hookDefault(d *ast.FuncDecl) (string, Tri) {
	e := a.evaluator(d)
	hook := ""
	t := No
	others := 0
	var visit func(n ast.Node) bool
	visit = func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			if h := a.hookTest(n.Cond); h != "" {
				hook = h
				if n.Init != nil {
					ast.Inspect(n.Init, visit)
				}
				if n.Else != nil {
					ast.Inspect(n.Else, visit)
				}
				return false // the hook's own path
			}
		case *ast.ReturnStmt:
			if len(n.Results) > 0 {
				others++
				t = t.or(e.random(n.Results[0]))
			}
		}
		return true
	}
	ast.Inspect(d.Body, visit)
	if hook == "" || others == 0 {
		return "", Unknown
	}
	return hook, t
}

// hookTest returns what a condition tests when it is "h != nil" for a
// function value or an interface held in a field or variable: the
// caller's hook is set.
func (a *analyzer) hookTest(cond ast.Expr) string {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || b.Op != token.NEQ {
		return ""
	}
	h := b.X
	if a.isNil(h) {
		h = b.Y
	} else if !a.isNil(b.Y) {
		return ""
	}
	t := a.pass.TypesInfo.TypeOf(h)
	if t == nil {
		return ""
	}
	switch t.Underlying().(type) {
	case *types.Signature, *types.Interface:
	default:
		return ""
	}
	switch h := ast.Unparen(h).(type) {
	case *ast.SelectorExpr:
		return h.Sel.Name
	case *ast.Ident:
		return h.Name
	}
	return ""
}

// concreteMethod resolves a call of an interface method to the method of
// the concrete type its receiver holds, when that is one type: a local
// variable with one definition, a field assigned one value in the
// package, down to a value of a concrete type. It returns nil otherwise.
func (e *evaluator) concreteMethod(call *ast.CallExpr, fn *types.Func) *types.Func {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	t := e.concreteType(sel.X, 0)
	if t == nil {
		return nil
	}
	obj, _, _ := types.LookupFieldOrMethod(t, true, fn.Pkg(), fn.Name())
	m, _ := obj.(*types.Func)
	return m
}

// concreteType is the concrete type of the value an expression holds,
// followed through local variables and fields, or nil.
func (e *evaluator) concreteType(x ast.Expr, depth int) types.Type {
	if x == nil || depth > 4 {
		return nil
	}
	x = ast.Unparen(x)
	t := e.info().TypeOf(x)
	if t == nil {
		return nil
	}
	if !types.IsInterface(t) {
		return t
	}
	switch x := x.(type) {
	case *ast.Ident:
		v, ok := e.info().Uses[x].(*types.Var)
		if !ok || v.Pkg() == nil || v.IsField() {
			return nil
		}
		if _, isParam := e.scope.Params[v]; isParam {
			return nil
		}
		if v.Parent() == v.Pkg().Scope() {
			if init := e.a.globals[v]; init != nil && v.Pkg() == e.pass.Pkg {
				return e.a.evaluatorAt(init.Pos(), e.depth).concreteType(init, depth+1)
			}
			return nil
		}
		defs := e.scope.Defs[v]
		if len(defs) != 1 || defs[0].Op || defs[0].Range || defs[0].Index >= 0 {
			return nil
		}
		return e.concreteType(defs[0].Expr, depth+1)
	case *ast.SelectorExpr:
		s, ok := e.info().Selections[x]
		if !ok || s.Kind() != types.FieldVal {
			return nil
		}
		fv := e.a.fieldIndex()[s.Obj().(*types.Var)]
		if fv == nil || fv.opaque {
			return nil
		}
		values := e.a.distinct(fv.values)
		if len(values) != 1 {
			return nil
		}
		return e.a.evaluatorAt(values[0].Pos(), e.depth).concreteType(values[0], depth+1)
	}
	return nil
}

// zeroDefault is the value a configuration takes from a setting of this
// package that nothing in the package assigns: an exported field of a
// struct declared here, with no tag (no decoder default), copied into a
// library's setting (b.RandomizationFactor = cfg.RandomizationFactor).
// Unless its caller sets it, it is its zero value. It returns nil for
// anything else.
func (e *evaluator) zeroDefault(x ast.Expr) constant.Value {
	sel, ok := ast.Unparen(x).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	s, ok := e.info().Selections[sel]
	if !ok || s.Kind() != types.FieldVal {
		return nil
	}
	f := s.Obj().(*types.Var)
	if f.Pkg() != e.pass.Pkg || !f.Exported() || e.a.fieldIndex()[f] != nil {
		return nil
	}
	named := namedOf(s.Recv())
	if named == nil || named.Obj().Pkg() != e.pass.Pkg {
		return nil
	}
	st, ok := named.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	direct := false
	for i := range st.NumFields() {
		if st.Field(i) == f {
			direct = st.Tag(i) == ""
		}
	}
	if !direct {
		return nil
	}
	b, ok := f.Type().Underlying().(*types.Basic)
	switch {
	case !ok:
		return nil
	case b.Info()&types.IsBoolean != 0:
		return constant.MakeBool(false)
	case b.Info()&types.IsNumeric != 0:
		return constant.MakeInt64(0)
	}
	return nil
}

// jitterField returns the field of a method's receiver that its random
// component depends on: every call of a random source in its body is in
// the body of an if statement that tests that field non-zero (b.Jitter >
// 0, b.Jitter != 0, b.Jitter), and the method does not assign it. It
// returns "" otherwise. Another package's method is read from its fact.
func (a *analyzer) jitterField(fn *types.Func) string {
	if fn.Pkg() != a.pass.Pkg {
		var f RandomFact
		if fn.Pkg() != nil && a.pass.ImportObjectFact(fn.Origin(), &f) && !f.Maybe {
			return f.Field
		}
		return ""
	}
	recv := fn.Signature().Recv()
	d := a.decls[fn.Origin()]
	if recv == nil || d == nil || d.Body == nil {
		return ""
	}
	field, randoms, ok := "", 0, true
	assigned := map[string]bool{}
	var walk func(n ast.Node, guard string)
	walk = func(n ast.Node, guard string) {
		ast.Inspect(n, func(m ast.Node) bool {
			if !ok {
				return false
			}
			switch m := m.(type) {
			case *ast.FuncLit:
				return false
			case *ast.IfStmt:
				if g := a.fieldTest(m.Cond, recv); g != "" {
					if m.Init != nil {
						walk(m.Init, guard)
					}
					walk(m.Body, g)
					if m.Else != nil {
						walk(m.Else, guard)
					}
					return false
				}
			case *ast.AssignStmt:
				for _, lhs := range m.Lhs {
					if f := a.receiverField(lhs, recv); f != "" {
						assigned[f] = true
					}
				}
			case *ast.CallExpr:
				callee := typeutil.StaticCallee(a.pass.TypesInfo, m)
				if callee != nil && (a.rules.IsRandom(callee) || callee != fn && a.random(callee) == Yes) {
					randoms++
					if guard == "" || field != "" && field != guard {
						ok = false
					}
					field = guard
				}
			}
			return ok
		})
	}
	walk(d.Body, "")
	if !ok || randoms == 0 || assigned[field] {
		return "" // not guarded, or it gives the field a default of its own
	}
	return field
}

// fieldTest returns the field of recv a condition tests non-zero: r.F >
// 0, r.F != 0, 0 < r.F, or a boolean r.F; "" for any other condition.
func (a *analyzer) fieldTest(cond ast.Expr, recv *types.Var) string {
	zero := func(x ast.Expr) bool { return zeroConst(a.pass.TypesInfo.Types[x].Value) }
	switch c := ast.Unparen(cond).(type) {
	case *ast.BinaryExpr:
		switch {
		case (c.Op == token.GTR || c.Op == token.NEQ) && zero(c.Y):
			return a.receiverField(c.X, recv)
		case (c.Op == token.LSS || c.Op == token.NEQ) && zero(c.X):
			return a.receiverField(c.Y, recv)
		}
	case *ast.SelectorExpr:
		if b, ok := a.pass.TypesInfo.TypeOf(c).Underlying().(*types.Basic); ok && b.Info()&types.IsBoolean != 0 {
			return a.receiverField(c, recv)
		}
	}
	return ""
}

// receiverField returns F when x is recv.F, a field of the receiver.
func (a *analyzer) receiverField(x ast.Expr, recv *types.Var) string {
	sel, ok := ast.Unparen(x).(*ast.SelectorExpr)
	if !ok {
		return ""
	}
	id, ok := ast.Unparen(sel.X).(*ast.Ident)
	if !ok || a.pass.TypesInfo.Uses[id] != recv {
		return ""
	}
	if s, ok := a.pass.TypesInfo.Selections[sel]; ok && s.Kind() == types.FieldVal {
		return sel.Sel.Name
	}
	return ""
}

// fieldJitter is the policy of a call of a method whose random component
// depends on a field of its receiver (jitterField), on a receiver built
// here by a struct literal that leaves the field zero and never set
// after: its delays have no jitter, and the literal is the cause. ok is
// false for any other call.
func (e *evaluator) fieldJitter(call *ast.CallExpr, fn *types.Func) (Policy, bool) {
	p := unknownPolicy()
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || fn.Signature().Recv() == nil || e.a.random(fn) != Yes {
		return p, false // not a method, or no random component to turn off
	}
	field := e.a.jitterField(fn)
	if field == "" {
		return p, false
	}
	lit, v := e.literalOf(sel.X, 0)
	if lit == nil {
		return p, false
	}
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			return p, false // positional: not read
		}
		if key, ok := kv.Key.(*ast.Ident); ok && key.Name == field {
			if !zeroConst(e.info().Types[kv.Value].Value) {
				return p, false
			}
		}
	}
	if v != nil {
		for _, fs := range e.scope.Fields[v] {
			if fs.Field.Name() == field {
				return p, false
			}
		}
	}
	p.set(ruleJitterConfig, "jitter", No, lit, "a %s literal without %s: its zero value has no jitter", types.ExprString(lit.Type), field)
	p.JitterCause = &Cause{Node: lit, Label: types.ExprString(lit.Type) + " literal without " + field, Remedy: "set its " + field}
	return p, true
}

// literalOf returns the struct literal an expression holds, through &
// and a local variable with one definition, and that variable.
func (e *evaluator) literalOf(x ast.Expr, depth int) (*ast.CompositeLit, *types.Var) {
	if depth > 4 {
		return nil, nil
	}
	switch x := ast.Unparen(x).(type) {
	case *ast.UnaryExpr:
		if x.Op == token.AND {
			return e.literalOf(x.X, depth+1)
		}
	case *ast.CompositeLit:
		return x, nil
	case *ast.Ident:
		v, ok := e.info().Uses[x].(*types.Var)
		if !ok || v.IsField() {
			return nil, nil
		}
		defs := e.scope.Defs[v]
		if len(defs) != 1 || defs[0].Op || defs[0].Range || defs[0].Index >= 0 {
			return nil, nil
		}
		lit, _ := e.literalOf(defs[0].Expr, depth+1)
		return lit, v
	}
	return nil, nil
}

// extremum is the policy of max or min over delays: the delays' own,
// leaving out constants and what the peer asked for (a Retry-After sets
// a floor; the client's own backoff decides the rest).
func (e *evaluator) extremum(call *ast.CallExpr) Policy {
	p := unknownPolicy()
	first := true
	for _, arg := range call.Args {
		if isConst(e.info(), arg) || e.a.serverPaced(e, arg, 0) {
			continue
		}
		q := e.policy(arg)
		if first {
			p, first = q, false
		} else {
			p.combine(q)
		}
	}
	return p
}

// zeroConst says whether a constant is a zero number or false.
func zeroConst(v constant.Value) bool {
	switch {
	case v == nil:
		return false
	case v.Kind() == constant.Bool:
		return !constant.BoolVal(v)
	case v.Kind() == constant.Int || v.Kind() == constant.Float:
		return constant.Sign(v) == 0
	}
	return false
}
