package retrysite

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/retrylint/retrylint/analyzers/internal/failedge"
)

// definition returns what the definition of a retry says of the loop or
// the recursive call at node, and whether it decided it. It builds the
// package's SSA form once, on the first question: a package the fast
// path skips never builds it. A range over a function is in no graph
// SSA makes (its body becomes a closure the iterator calls), so the
// definition does not decide it.
func (a *analyzer) definition(node ast.Node) (failedge.Decision, bool) {
	return a.definitionAt(node.Pos())
}

// definitionAt is definition for the decision at p: a loop's start, or
// the parenthesis of a recursive call.
func (a *analyzer) definitionAt(p token.Pos) (failedge.Decision, bool) {
	if a.defs == nil {
		a.defs = failedge.Package(a.pass.Fset, a.pass.Pkg, a.pass.Files, a.pass.TypesInfo, failedge.Options{
			IsWait:   a.isWait,
			NoReturn: a.rules.IsExit,
			IsRandom: a.rules.IsRandom,
		})
	}
	d, ok := a.defs[p]
	return d, ok
}

// isWait says whether a call of fn pauses: a wait of the rule packs, or
// a function of this package or another that waits through one.
func (a *analyzer) isWait(fn *types.Func) bool {
	if a.rules.Wait(fn) != nil || a.waits[fn] != nil {
		return true
	}
	if fn.Pkg() == nil || fn.Pkg() == a.pass.Pkg {
		return false
	}
	var wf WaitFact
	return a.pass.ImportObjectFact(fn.Origin(), &wf)
}

// definitionNode is the node a decision of the definition read: the test
// whose failure outcome goes round, else the operation, else the loop.
func (a *analyzer) definitionNode(l *loop, d failedge.Decision) ast.Node {
	return a.nodeIn(l.node, d.Test, d.Op, l.node)
}

// nodeIn returns the node of root at the first of ps that names one, or
// else.
func (a *analyzer) nodeIn(root ast.Node, test, op token.Pos, orElse ast.Node) ast.Node {
	for _, p := range []token.Pos{test, op} {
		if n := nodeAt(root, p); n != nil {
			return n
		}
	}
	return orElse
}

// nodeAt returns the outermost expression of root that starts at p, or
// the call whose parenthesis or the comparison whose operator is at p
// (where SSA puts them), or nil.
func nodeAt(root ast.Node, p token.Pos) ast.Node {
	if !p.IsValid() {
		return nil
	}
	var found ast.Node
	ast.Inspect(root, func(n ast.Node) bool {
		if found != nil || n == nil || n.Pos() > p || n.End() <= p {
			return false
		}
		switch n := n.(type) {
		case *ast.CallExpr:
			if n.Lparen == p {
				found = n
				return false
			}
		case *ast.BinaryExpr:
			if n.OpPos == p { // where SSA puts a comparison
				found = n
				return false
			}
		}
		if x, ok := n.(ast.Expr); ok && x.Pos() == p {
			found = x
			return false
		}
		return true
	})
	return found
}

// tickerReceive returns a receive from a ticker's channel in the loop's
// body (<-ticker.C), or nil: a loop paced by a ticker runs on a
// schedule, whatever its attempts return.
func (a *analyzer) tickerReceive(l *loop) ast.Node {
	var found ast.Node
	walkLoop(l.body, func(n ast.Node) {
		u, ok := n.(*ast.UnaryExpr)
		if !ok || u.Op != token.ARROW || found != nil {
			return
		}
		sel, ok := ast.Unparen(u.X).(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "C" {
			return
		}
		if t := a.pass.TypesInfo.TypeOf(sel.X); t != nil && isNamed(t, "time", "Ticker") {
			found = u
		}
	})
	return found
}

// localTarget says whether the operation the definition names is
// handed an address of this machine (a constant naming localhost,
// 127.0.0.1 or ::1): a wait for a server it started to answer.
func (a *analyzer) localTarget(l *loop, def failedge.Decision) bool {
	found := false
	ast.Inspect(l.node, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || found || call.Lparen != def.Op && call.Pos() != def.Op {
			return !found
		}
		for _, arg := range call.Args {
			tv := a.pass.TypesInfo.Types[arg]
			if tv.Value == nil || tv.Value.Kind() != constant.String {
				continue
			}
			host := constant.StringVal(tv.Value)
			for _, local := range []string{"localhost", "127.0.0.1", "::1"} {
				if strings.Contains(host, local) {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// tickerDelay is the wait of a loop paced by a ticker's receive: the
// period given to time.NewTicker where the ticker is made, in the
// function, or nil.
func (a *analyzer) tickerDelay(e *evaluator, tick ast.Node) *Delay {
	u, ok := tick.(*ast.UnaryExpr)
	if !ok {
		return nil
	}
	sel, ok := ast.Unparen(u.X).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	id, ok := ast.Unparen(sel.X).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := a.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok {
		return nil
	}
	defs := e.scope.Defs[v]
	if len(defs) != 1 {
		return nil
	}
	call, ok := ast.Unparen(defs[0].Expr).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return nil
	}
	if fn, ok := typeutil.Callee(a.pass.TypesInfo, call).(*types.Func); !ok || fn.Pkg() == nil || fn.Pkg().Path() != "time" || fn.Name() != "NewTicker" {
		return nil
	}
	return &Delay{Wait: call, Expr: call.Args[0], Param: -1}
}

// isNamed says whether t, or what it points to, is the named type
// pkg.name.
func isNamed(t types.Type, pkg, name string) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == pkg && n.Obj().Name() == name
}
