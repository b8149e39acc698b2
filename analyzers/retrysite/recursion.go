package retrysite

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/failedge"
)

// A retry may be written as recursion: after a failure the function
// waits and calls itself again with its attempt count moved on
// (if err != nil { time.Sleep(backoff); return c.refresh(topics,
// attemptsRemaining-1) }), from its body or from a closure it defines
// for the purpose that takes the error. Its waits
// are judged as a loop's are. The count it moves on caps it, and what it
// does between attempts is read only for its waits: its classification
// and caps are left unknown, so only nojitter and nonidempotent judge it.

// recursionSites returns the recursive retries of a function.
func (a *analyzer) recursionSites(d *ast.FuncDecl, e *evaluator) []*Site {
	self, ok := a.pass.TypesInfo.Defs[d.Name].(*types.Func)
	if !ok || d.Body == nil {
		return nil
	}
	var out []*Site
	var path []ast.Node
	ast.Inspect(d.Body, func(n ast.Node) bool {
		if n == nil {
			path = path[:len(path)-1]
			return true
		}
		path = append(path, n)
		call, ok := n.(*ast.CallExpr)
		if !ok || calleeOf(a.pass.TypesInfo, call) != self {
			return true
		}
		moves := a.movesCount(d, call)
		def, seen := a.definitionAt(call.Lparen)
		var site *Site
		switch {
		case seen && def.Kind == failedge.Retry:
			delays := a.waitsBefore(path)
			p := unknownPolicy()
			if moves {
				a.recursionCap(d, call, &p)
			}
			a.judgeDelays(e, nil, delays, nil, false, &p)
			site = &Site{Kind: Loop, Node: call, Enclosing: d, Operation: d.Body, Delays: delays, Policy: p}
			site.decide(ruleRecursionEdge, "site", a.nodeIn(d.Body, def.Test, def.Op, call), "%s", def.Says)
			if def.Refusal {
				site.AfterRefusal = true
				site.decide(ruleAfterRefusal, "site", a.nodeIn(d.Body, def.Test, def.Op, call), "no attempt follows a silence: each follows an answer that says the last did not act")
			}
		case seen && !(moves && a.inClosure(path) && a.onFailure(path)):
			// The definition decided it, and it is not the shape the
			// definition cannot see: a recursion through a closure
			// that the function calls on a failure.
			if moves || def.Rule == failedge.RuleRecursionStructure {
				a.notSites[d] = append(a.notSites[d], &NotSite{Node: call, Trace: []Decision{decision(Rule(def.Rule), "site", No, a.nodeIn(d.Body, def.Test, def.Op, call), "%s", def.Says)}})
			}
			return true
		case !moves || !a.onFailure(path):
			return true
		default:
			delays := a.waitsBefore(path)
			p := unknownPolicy()
			a.recursionCap(d, call, &p)
			a.judgeDelays(e, nil, delays, nil, false, &p)
			site = &Site{Kind: Loop, Node: call, Enclosing: d, Operation: d.Body, Delays: delays, Policy: p}
			site.decide(ruleRecursion, "site", call, "calls itself from a closure it calls on a failure, with its count moved on")
		}
		out = append(out, site)
		return true
	})
	return out
}

// recursionCap judges the attempts of a recursion that moves a count
// on: capped when the function compares the count with something, not
// when the count only computes the delay.
func (a *analyzer) recursionCap(d *ast.FuncDecl, call *ast.CallExpr, p *Policy) {
	v := a.movedCount(d, call)
	if v == nil {
		return
	}
	if a.comparesCount(d, v) {
		p.set(rulePolicyRecursion, "attempts", Yes, call, "the count %s it moves on is compared with a bound", v.Name())
		return
	}
	p.set(rulePolicyRecursion, "attempts", No, call, "the count %s it moves on is compared with nothing: it only shapes what the attempt does (its delay)", v.Name())
}

// inClosure says whether the path to a self-call goes through a
// function literal.
func (a *analyzer) inClosure(path []ast.Node) bool {
	for _, n := range path {
		if _, ok := n.(*ast.FuncLit); ok {
			return true
		}
	}
	return false
}

// onFailure says whether the path to a self-call runs only after a
// failure: through the body of an if that tests one (if err != nil), or
// inside a function literal that takes the error (retry := func(err
// error) error {...}). A function that calls itself for the next page
// after a success is paging, not retrying.
func (a *analyzer) onFailure(path []ast.Node) bool {
	for i := 0; i+1 < len(path); i++ {
		switch n := path[i].(type) {
		case *ast.IfStmt:
			if path[i+1] == n.Body && a.failureCond(n.Cond) {
				return true
			}
		case *ast.FuncLit:
			for _, f := range n.Type.Params.List {
				if isErrorType(a.pass.TypesInfo.TypeOf(f.Type)) {
					return true
				}
			}
		}
	}
	return false
}

// movesCount says whether a self-call passes an attempt count moved on:
// an argument n-1 or n+1 of a parameter n, or a parameter the function
// decrements or increments before the call.
func (a *analyzer) movesCount(d *ast.FuncDecl, call *ast.CallExpr) bool {
	return a.movedCount(d, call) != nil
}

// movedCount returns the parameter a self-call passes moved on (see
// movesCount), or nil.
func (a *analyzer) movedCount(d *ast.FuncDecl, call *ast.CallExpr) *types.Var {
	params := map[*types.Var]bool{}
	for _, f := range d.Type.Params.List {
		for _, name := range f.Names {
			if v, ok := a.pass.TypesInfo.Defs[name].(*types.Var); ok && isNumeric(v.Type()) {
				params[v] = true
			}
		}
	}
	if len(params) == 0 {
		return nil
	}
	param := func(x ast.Expr) *types.Var {
		if id, ok := ast.Unparen(x).(*ast.Ident); ok {
			if v, ok := a.pass.TypesInfo.Uses[id].(*types.Var); ok && params[v] {
				return v
			}
		}
		return nil
	}
	stepped := map[*types.Var]bool{}
	ast.Inspect(d.Body, func(n ast.Node) bool {
		if s, ok := n.(*ast.IncDecStmt); ok && s.Pos() < call.Pos() {
			if v := param(s.X); v != nil {
				stepped[v] = true
			}
		}
		return true
	})
	for _, arg := range call.Args {
		if b, ok := ast.Unparen(arg).(*ast.BinaryExpr); ok && (b.Op == token.SUB || b.Op == token.ADD) {
			if tv := a.pass.TypesInfo.Types[b.Y]; tv.Value != nil && param(b.X) != nil {
				return param(b.X)
			}
		}
		if v := param(arg); v != nil && stepped[v] {
			return v
		}
	}
	return nil
}

// comparesCount says whether a condition of the function (an if, a for,
// a switch case) compares the count v itself with something: a count
// that only scales the delay (delay := time.Duration(try) * time.Second)
// caps nothing.
func (a *analyzer) comparesCount(d *ast.FuncDecl, v *types.Var) bool {
	found := false
	ast.Inspect(d.Body, func(n ast.Node) bool {
		b, ok := n.(*ast.BinaryExpr)
		if !ok || found {
			return !found
		}
		switch b.Op {
		case token.LSS, token.LEQ, token.GTR, token.GEQ, token.EQL, token.NEQ:
			for _, side := range []ast.Expr{b.X, b.Y} {
				if id, ok := ast.Unparen(side).(*ast.Ident); ok && a.pass.TypesInfo.Uses[id] == v {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// waitsBefore returns the waits that run before the call at the end of
// path: in each block on the path, the statements before the one the
// path goes through, outside function literals the path does not enter.
func (a *analyzer) waitsBefore(path []ast.Node) []*Delay {
	var out []*Delay
	for i := 0; i+1 < len(path); i++ {
		block, ok := path[i].(*ast.BlockStmt)
		if !ok {
			continue
		}
		for _, st := range block.List {
			if st == path[i+1] {
				break
			}
			ast.Inspect(st, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.FuncLit:
					return false
				case *ast.CallExpr:
					if w := a.waitOf(n); w != nil {
						out = append(out, w)
					}
				}
				return true
			})
		}
	}
	return out
}
