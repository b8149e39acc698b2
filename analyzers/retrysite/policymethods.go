package retrysite

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"
)

// A retry loop can leave its classification to an interface: it hands
// its error to a method of a policy (switch p.RetryType(err) { case
// Retry: continue; case Rethrow: return err }, if !p.ShouldRetry(err) {
// return err }) and goes round or leaves on the answer. The answers after
// which it goes round are its retry values. An implementation of that
// method that answers a retry value on every path, whatever the error,
// retries every error for every loop that consults it; one that looks at
// the error and can answer a stop value classifies.

// PolicyMethodFact marks a method of an interface that a retry loop of
// its package calls with its error and goes round or leaves on the
// answer: implementations in other packages are judged by it.
type PolicyMethodFact struct {
	// ErrorParam is the index of the error parameter.
	ErrorParam int
	// Retry and Stop are the answers after which the loop goes round, and
	// after which it leaves, in source order.
	Retry, Stop []PolicyAnswer
}

// PolicyAnswer is one constant answer of a policy method.
type PolicyAnswer struct {
	Value string // constant.Value.ExactString
	Name  string // the constant's name, or the value as written
}

func (*PolicyMethodFact) AFact() {}

func (f *PolicyMethodFact) String() string {
	names := func(as []PolicyAnswer) string {
		var s []string
		for _, x := range as {
			s = append(s, x.Name)
		}
		return strings.Join(s, ",")
	}
	return fmt.Sprintf("policyMethod(err=%d, retry=%s, stop=%s)", f.ErrorParam, names(f.Retry), names(f.Stop))
}

// CatchAllMethod is a method of this package that implements a policy
// method and answers a retry value for every error.
type CatchAllMethod struct {
	Decl *ast.FuncDecl
	// Interface is the interface method the retry loops call.
	Interface *types.Func
	// Answer is the retry value it returns; Stop a value the loops leave
	// on, for the remedy.
	Answer, Stop string
	// Loop is a retry loop of this package that consults it, or nil.
	Loop ast.Node
}

// policyMethods finds the interface methods the package's retry loops
// classify by, exports them as facts, and returns them with a loop that
// consults each.
func (a *analyzer) policyMethods(funcs []*ast.FuncDecl) (map[*types.Func]*PolicyMethodFact, map[*types.Func]ast.Node) {
	facts := map[*types.Func]*PolicyMethodFact{}
	loops := map[*types.Func]ast.Node{}
	var order []*types.Func
	for _, d := range funcs {
		if d.Body == nil {
			continue
		}
		ast.Inspect(d.Body, func(n ast.Node) bool {
			var l *loop
			switch n := n.(type) {
			case *ast.ForStmt:
				l = a.newLoop(n, n.Body, n.Cond, nil)
			case *ast.RangeStmt:
				l = a.newLoop(n, n.Body, nil, nil)
			default:
				return true
			}
			type decision struct {
				m *types.Func
				f *PolicyMethodFact
			}
			var found []decision
			walkLoop(l.body, func(m ast.Node) {
				if m1, f := a.policyDecision(l, m); m1 != nil {
					found = append(found, decision{m1, f})
				}
			})
			if len(found) == 0 || !a.retries(l) {
				return true
			}
			for _, dec := range found {
				m1, f := dec.m, dec.f
				old := facts[m1]
				if old == nil {
					facts[m1], loops[m1] = f, l.node
					order = append(order, m1)
					continue
				}
				old.Retry = mergeAnswers(old.Retry, f.Retry)
				old.Stop = mergeAnswers(old.Stop, f.Stop)
			}
			return true
		})
	}
	for _, m := range order {
		if m.Pkg() == a.pass.Pkg {
			a.pass.ExportObjectFact(m, facts[m])
		}
	}
	return facts, loops
}

func mergeAnswers(x, y []PolicyAnswer) []PolicyAnswer {
	for _, v := range y {
		if !slices.ContainsFunc(x, func(w PolicyAnswer) bool { return w.Value == v.Value }) {
			x = append(x, v)
		}
	}
	return x
}

// policyDecision reads a statement of a retry loop's body for a decision
// on an interface method's answer to the loop's error: a switch on it
// with constant cases that go round and others that leave, or an if on a
// boolean answer that leaves on one side.
func (a *analyzer) policyDecision(l *loop, n ast.Node) (*types.Func, *PolicyMethodFact) {
	switch n := n.(type) {
	case *ast.SwitchStmt:
		if n.Init != nil || n.Tag == nil {
			return nil, nil
		}
		m, errParam := a.policyCall(n.Tag)
		if m == nil {
			return nil, nil
		}
		f := &PolicyMethodFact{ErrorParam: errParam}
		for _, c := range n.Body.List {
			cc := c.(*ast.CaseClause)
			if len(cc.Body) == 0 {
				continue
			}
			last := cc.Body[len(cc.Body)-1]
			var into *[]PolicyAnswer
			switch {
			case a.goesRound(l, last):
				into = &f.Retry
			case a.exits(l, last, true):
				into = &f.Stop
			default:
				continue
			}
			for _, x := range cc.List {
				if ans, ok := a.policyAnswer(x); ok {
					*into = append(*into, ans)
				}
			}
		}
		if len(f.Retry) == 0 || len(f.Stop) == 0 {
			return nil, nil // its course does not depend on the answer
		}
		return m, f
	case *ast.IfStmt:
		// if !p.ShouldRetry(err) { return err }: true goes round.
		cond, negated := ast.Unparen(n.Cond), false
		if u, ok := cond.(*ast.UnaryExpr); ok && u.Op == token.NOT {
			cond, negated = ast.Unparen(u.X), true
		}
		m, errParam := a.policyCall(cond)
		if m == nil || !isBoolType(m.Type().(*types.Signature).Results().At(0).Type()) || !a.exits(l, n.Body, false) {
			return nil, nil
		}
		yes, no := PolicyAnswer{Value: "true", Name: "true"}, PolicyAnswer{Value: "false", Name: "false"}
		if !negated {
			yes, no = no, yes
		}
		return m, &PolicyMethodFact{ErrorParam: errParam, Retry: []PolicyAnswer{yes}, Stop: []PolicyAnswer{no}}
	}
	return nil, nil
}

// policyCall says whether x calls a method of an interface, handing it
// an error, for one result: the method and the error's index.
func (a *analyzer) policyCall(x ast.Expr) (*types.Func, int) {
	call, ok := ast.Unparen(x).(*ast.CallExpr)
	if !ok {
		return nil, -1
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil, -1
	}
	s, ok := a.pass.TypesInfo.Selections[sel]
	if !ok || s.Kind() != types.MethodVal || !types.IsInterface(s.Recv()) {
		return nil, -1
	}
	m, ok := s.Obj().(*types.Func)
	if !ok || m.Type().(*types.Signature).Results().Len() != 1 {
		return nil, -1
	}
	if _, named := s.Recv().(*types.Named); !named {
		return nil, -1 // an interface literal: nothing implements it by name
	}
	params := m.Type().(*types.Signature).Params()
	for i, arg := range call.Args {
		if i < params.Len() && isErrorType(params.At(i).Type()) && a.isError(arg) && !a.contextError(arg) {
			return m.Origin(), i
		}
	}
	return nil, -1
}

// policyAnswer reads a case value: a constant.
func (a *analyzer) policyAnswer(x ast.Expr) (PolicyAnswer, bool) {
	tv := a.pass.TypesInfo.Types[x]
	if tv.Value == nil {
		return PolicyAnswer{}, false
	}
	name := types.ExprString(x)
	if sel, ok := ast.Unparen(x).(*ast.SelectorExpr); ok {
		name = sel.Sel.Name
	}
	return PolicyAnswer{Value: tv.Value.ExactString(), Name: name}, true
}

// catchAllMethods finds the methods of this package that implement a
// policy method, of this package or by its fact, and answer one of its
// retry values on every path, whatever the error.
func (a *analyzer) catchAllMethods(funcs []*ast.FuncDecl, local map[*types.Func]*PolicyMethodFact, loops map[*types.Func]ast.Node) []*CatchAllMethod {
	known := map[*types.Func]*PolicyMethodFact{}
	for m, f := range local {
		known[m] = f
	}
	for _, of := range a.pass.AllObjectFacts() {
		if f, ok := of.Fact.(*PolicyMethodFact); ok {
			if m, ok := of.Object.(*types.Func); ok {
				known[m] = f
			}
		}
	}
	if len(known) == 0 {
		return nil
	}
	var out []*CatchAllMethod
	for _, d := range funcs {
		if d.Recv == nil || d.Body == nil {
			continue
		}
		fn, ok := a.pass.TypesInfo.Defs[d.Name].(*types.Func)
		if !ok {
			continue
		}
		recv := fn.Type().(*types.Signature).Recv().Type()
		var match []*types.Func
		for m := range known {
			if m.Name() != fn.Name() {
				continue
			}
			iface, ok := m.Type().(*types.Signature).Recv().Type().Underlying().(*types.Interface)
			if !ok || !types.Implements(recv, iface) && !types.Implements(types.NewPointer(recv), iface) {
				continue
			}
			match = append(match, m)
		}
		slices.SortFunc(match, func(x, y *types.Func) int { return strings.Compare(x.FullName(), y.FullName()) })
		for _, m := range match {
			if answer, ok := a.answersRetry(d, known[m]); ok {
				stop := ""
				if len(known[m].Stop) > 0 {
					stop = known[m].Stop[0].Name
				}
				out = append(out, &CatchAllMethod{Decl: d, Interface: m, Answer: answer, Stop: stop, Loop: loops[m]})
				break
			}
		}
	}
	return out
}

// answersRetry says whether every return of a method's body answers a
// retry value, a constant, whatever the error: the value as written.
func (a *analyzer) answersRetry(d *ast.FuncDecl, f *PolicyMethodFact) (string, bool) {
	answer, all := "", true
	ast.Inspect(d.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(n.Results) != 1 {
				all = false
				return false
			}
			tv := a.pass.TypesInfo.Types[n.Results[0]]
			if tv.Value == nil || !slices.ContainsFunc(f.Retry, func(p PolicyAnswer) bool { return p.Value == tv.Value.ExactString() }) {
				all = false
				return false
			}
			if answer == "" {
				answer = types.ExprString(n.Results[0])
			}
		}
		return all
	})
	return answer, all && answer != ""
}
