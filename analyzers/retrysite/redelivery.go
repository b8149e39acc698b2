package retrysite

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/types/typeutil"
)

// A message that failed can be retried through its queue rather than in
// a loop: a function sends it back (to its topic, to a retry queue) and
// counts the round trips in the message itself, a number it reads from
// the message's metadata or headers, moves on and writes back under the
// same key before it sends the message. Each round trip is an attempt.
// The function is a redelivery when the send follows a failure (it is in
// the body of an if that tests one) or a pause (a requeue delay): a relay
// that stamps a hop count and forwards at once is not one.
//
// The count caps the redeliveries only when it is compared with a limit
// (or handed to a call that may compare it). A context that is not the
// message's own ends them; the message's context lives for one delivery
// and ends nothing. The clock, read anywhere in the function, may bound
// them. Its waits are judged as a loop's.

// Redelivery is the kind of a site that is a function sending a failed
// message back to its queue, counting the round trips in the message.
const Redelivery = Helper + 1

// carried is an attempt counter that a message carries.
type carried struct {
	counter *types.Var
	root    *types.Var    // the message: what the metadata hangs from
	write   ast.Node      // the write-back of the moved-on count
	send    *ast.CallExpr // the call that hands the message on
}

// metaAccess is a read (R.Get(K), R[K]) or a write (R.Set(K, V), R[K] =
// V) of one key of a message's metadata.
type metaAccess struct {
	recv  string // the metadata, as written (msg.Metadata)
	key   string // the key's constant value or object
	root  *types.Var
	value ast.Expr // for a write
	node  ast.Node
}

// redeliverySites returns the redeliveries of a function and of the
// function literals it holds.
func (a *analyzer) redeliverySites(d *ast.FuncDecl, e *evaluator) []*Site {
	if d.Body == nil {
		return nil
	}
	var out []*Site
	if s := a.redelivery(d, e, d, d.Type, d.Body); s != nil {
		out = append(out, s)
	}
	ast.Inspect(d.Body, func(n ast.Node) bool {
		if lit, ok := n.(*ast.FuncLit); ok {
			if s := a.redelivery(d, e, lit, lit.Type, lit.Body); s != nil {
				out = append(out, s)
			}
		}
		return true
	})
	return out
}

// walkOwn visits the nodes of a function body that are its own: not
// those of the function literals it holds.
func walkOwn(body *ast.BlockStmt, visit func(ast.Node)) {
	ast.Inspect(body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		if n != nil {
			visit(n)
		}
		return true
	})
}

func (a *analyzer) redelivery(d *ast.FuncDecl, e *evaluator, node ast.Node, ftype *ast.FuncType, body *ast.BlockStmt) *Site {
	c := a.carriedCount(e, ftype, body)
	if c == nil {
		return nil
	}
	var delays []*Delay
	walkOwn(body, func(n ast.Node) {
		if call, ok := n.(*ast.CallExpr); ok && call.Pos() < c.send.Pos() {
			if w := a.waitOf(call); w != nil {
				delays = append(delays, w)
			}
		}
	})
	if len(delays) == 0 && !a.sentOnFailure(body, c.send) {
		a.notSites[d] = append(a.notSites[d], &NotSite{Node: node, Trace: []Decision{decision(ruleNotRelay, "site", No, c.send,
			"moves the count %s on and hands the message to %s at once, not after a failure or a pause", c.counter.Name(), short(c.send.Fun))}})
		return nil // a relay that forwards at once, not a redelivery of a failure
	}
	p := Policy{Classified: Unknown, ClassifierParam: -1, Param: -1, ContextParam: -1}
	if t := a.countJudged(body, c); t == Yes {
		p.set(rulePolicyRedelivery, "attempts", t, c.write, "the count %s it carries is compared with a limit", c.counter.Name())
	} else {
		p.set(rulePolicyRedelivery, "attempts", t, c.write, "the count %s it carries is compared with no limit here", c.counter.Name())
	}
	p.set(rulePolicyRedelivery, "elapsed", No, node, "reads no clock")
	p.set(rulePolicyRedelivery, "cancel", No, node, "no context but the message's own, which lives for one delivery")
	walkOwn(body, func(n ast.Node) {
		switch n := n.(type) {
		case *ast.CallExpr:
			if fn, ok := typeutil.Callee(a.pass.TypesInfo, n).(*types.Func); ok && a.rules.IsClock(fn) && p.Elapsed != Unknown {
				p.set(rulePolicyRedelivery, "elapsed", Unknown, n, "reads the clock (%s), which may bound it", short(n.Fun))
			}
			if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && (sel.Sel.Name == "Done" || sel.Sel.Name == "Err") &&
				isContext(a.pass.TypesInfo.TypeOf(sel.X)) && !a.fromMessage(e, sel.X, c.root, 0) && p.Cancel != Yes {
				p.set(ruleCancelContext, "cancel", Yes, n, "looks at %s, the owner's context, not the delivery's", short(sel.X)) // the owner's context, not the delivery's
			}
		case *ast.CommClause:
			if n.Comm != nil && a.stopChannel(n.Comm) && p.Cancel != Yes {
				p.set(ruleCancelStop, "cancel", Yes, n, "leaves on %s", short(receivedFrom(n.Comm)))
			}
		}
	})
	if p.Attempts == No {
		p.CapCause = &Cause{Node: c.write}
	}
	a.judgeDelays(e, nil, delays, nil, false, &p)
	site := &Site{Kind: Redelivery, Node: node, Enclosing: d, Delays: delays, Policy: p}
	site.decide(ruleRedelivery, "site", c.send, "moves the count %s on, writes it back and hands the message to %s", c.counter.Name(), short(c.send.Fun))
	return site
}

// carriedCount finds a counter read from a message's metadata, moved on
// and written back under the same key, and the call after the write
// that hands on the message, a parameter of the function.
func (a *analyzer) carriedCount(e *evaluator, ftype *ast.FuncType, body *ast.BlockStmt) *carried {
	params := map[*types.Var]bool{}
	for _, f := range ftype.Params.List {
		for _, name := range f.Names {
			if v, ok := a.pass.TypesInfo.Defs[name].(*types.Var); ok {
				params[v] = true
			}
		}
	}
	if len(params) == 0 {
		return nil
	}
	var writes []*metaAccess
	walkOwn(body, func(n ast.Node) {
		switch n := n.(type) {
		case *ast.CallExpr:
			if w := a.metaWrite(e, n); w != nil {
				writes = append(writes, w)
			}
		case *ast.AssignStmt:
			if len(n.Lhs) == 1 && len(n.Rhs) == 1 && n.Tok == token.ASSIGN {
				if w := a.metaIndex(e, n.Lhs[0]); w != nil {
					w.value, w.node = n.Rhs[0], n
					writes = append(writes, w)
				}
			}
		}
	})
	for _, w := range writes {
		if w.root == nil || !params[w.root] {
			continue
		}
		for _, n := range a.intVars(w.value) {
			if !a.readFrom(e, n, w, 0) || !a.movedOn(body, n, w.value) {
				continue
			}
			if send := a.sendAfter(body, w); send != nil {
				return &carried{counter: n, root: w.root, write: w.node, send: send}
			}
		}
	}
	return nil
}

// metaKey is how a key is compared: its constant value, or the object it
// names.
func (a *analyzer) metaKey(k ast.Expr) string {
	tv := a.pass.TypesInfo.Types[k]
	if b, ok := tv.Type.Underlying().(*types.Basic); !ok || b.Info()&types.IsString == 0 {
		return ""
	}
	if tv.Value != nil {
		return "const " + constant.StringVal(tv.Value)
	}
	var id *ast.Ident
	switch k := ast.Unparen(k).(type) {
	case *ast.Ident:
		id = k
	case *ast.SelectorExpr:
		id = k.Sel
	}
	if id != nil {
		if obj := a.pass.TypesInfo.Uses[id]; obj != nil {
			return "obj " + obj.Pkg().Path() + "." + obj.Name()
		}
	}
	return ""
}

// rootVar is the variable an expression hangs from (msg in
// msg.Metadata), followed once through a local variable assigned it (h
// := d.Headers).
func (a *analyzer) rootVar(e *evaluator, x ast.Expr, depth int) *types.Var {
	for {
		switch y := ast.Unparen(x).(type) {
		case *ast.SelectorExpr:
			x = y.X
			continue
		case *ast.CallExpr:
			if sel, ok := ast.Unparen(y.Fun).(*ast.SelectorExpr); ok {
				if s, ok := a.pass.TypesInfo.Selections[sel]; ok && s.Kind() == types.MethodVal {
					x = sel.X // d.Headers(): the message's headers
					continue
				}
			}
		case *ast.StarExpr:
			x = y.X
			continue
		case *ast.Ident:
			v, ok := a.pass.TypesInfo.Uses[y].(*types.Var)
			if !ok {
				return nil
			}
			if _, param := e.scope.Params[v]; param || depth > 0 {
				return v
			}
			if defs := e.scope.Defs[v]; len(defs) == 1 && defs[0].Index < 0 && !defs[0].Range {
				if r := a.rootVar(e, defs[0].Expr, depth+1); r != nil {
					return r
				}
			}
			return v
		}
		return nil
	}
}

// metaWrite recognises R.Set(K, V): a method of two arguments, the first
// a key, that returns nothing.
func (a *analyzer) metaWrite(e *evaluator, call *ast.CallExpr) *metaAccess {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || len(call.Args) != 2 {
		return nil
	}
	if s, ok := a.pass.TypesInfo.Selections[sel]; !ok || s.Kind() != types.MethodVal {
		return nil
	}
	if sig, ok := a.pass.TypesInfo.TypeOf(sel).(*types.Signature); !ok || sig.Results().Len() != 0 {
		return nil
	}
	key := a.metaKey(call.Args[0])
	if key == "" {
		return nil
	}
	return &metaAccess{recv: types.ExprString(sel.X), key: key, root: a.rootVar(e, sel.X, 0), value: call.Args[1], node: call}
}

// metaIndex recognises R[K] on a map keyed by strings.
func (a *analyzer) metaIndex(e *evaluator, x ast.Expr) *metaAccess {
	ix, ok := ast.Unparen(x).(*ast.IndexExpr)
	if !ok {
		return nil
	}
	if _, ok := a.pass.TypesInfo.TypeOf(ix.X).Underlying().(*types.Map); !ok {
		return nil
	}
	key := a.metaKey(ix.Index)
	if key == "" {
		return nil
	}
	return &metaAccess{recv: types.ExprString(ix.X), key: key, root: a.rootVar(e, ix.X, 0), node: ix}
}

// metaRead recognises R.Get(K) (a method of one argument, the key, that
// returns one value) or R[K].
func (a *analyzer) metaRead(e *evaluator, x ast.Expr) *metaAccess {
	if r := a.metaIndex(e, x); r != nil {
		return r
	}
	call, ok := ast.Unparen(x).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return nil
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	if s, ok := a.pass.TypesInfo.Selections[sel]; !ok || s.Kind() != types.MethodVal {
		return nil
	}
	if sig, ok := a.pass.TypesInfo.TypeOf(sel).(*types.Signature); !ok || sig.Results().Len() != 1 {
		return nil
	}
	key := a.metaKey(call.Args[0])
	if key == "" {
		return nil
	}
	return &metaAccess{recv: types.ExprString(sel.X), key: key, node: call}
}

// intVars are the local integer variables an expression mentions.
func (a *analyzer) intVars(x ast.Expr) []*types.Var {
	var out []*types.Var
	ast.Inspect(x, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := a.pass.TypesInfo.Uses[id].(*types.Var); ok && !v.IsField() && v.Parent() != nil && v.Parent() != v.Pkg().Scope() {
				if b, ok := v.Type().Underlying().(*types.Basic); ok && b.Info()&types.IsInteger != 0 {
					out = append(out, v)
				}
			}
		}
		return true
	})
	return out
}

// readFrom says whether a variable is assigned a value read from the
// same key of the same metadata a write writes (n, err :=
// strconv.Atoi(msg.Metadata.Get(key))), directly or through a local
// variable.
func (a *analyzer) readFrom(e *evaluator, v *types.Var, w *metaAccess, depth int) bool {
	if depth > 2 {
		return false
	}
	for _, def := range e.scope.Defs[v] {
		found := false
		ast.Inspect(def.Expr, func(n ast.Node) bool {
			if found {
				return false
			}
			switch n := n.(type) {
			case ast.Expr:
				if r := a.metaRead(e, n); r != nil && r.recv == w.recv && r.key == w.key {
					found = true
					return false
				}
				if id, ok := n.(*ast.Ident); ok {
					if u, ok := a.pass.TypesInfo.Uses[id].(*types.Var); ok && u != v && !u.IsField() && a.readFrom(e, u, w, depth+1) {
						found = true
					}
				}
			}
			return true
		})
		if found {
			return true
		}
	}
	return false
}

// movedOn says whether a counter is moved on before it is written back:
// n++, n += k, n = n + k, or a write of n + k.
func (a *analyzer) movedOn(body *ast.BlockStmt, v *types.Var, written ast.Expr) bool {
	is := func(x ast.Expr) bool {
		id, ok := ast.Unparen(x).(*ast.Ident)
		return ok && a.pass.TypesInfo.ObjectOf(id) == v
	}
	found := false
	ast.Inspect(written, func(n ast.Node) bool {
		if b, ok := n.(*ast.BinaryExpr); ok && b.Op == token.ADD && (is(b.X) || is(b.Y)) {
			found = true
		}
		return !found
	})
	walkOwn(body, func(n ast.Node) {
		switch n := n.(type) {
		case *ast.IncDecStmt:
			found = found || n.Tok == token.INC && is(n.X)
		case *ast.AssignStmt:
			if len(n.Lhs) == 1 && len(n.Rhs) == 1 && is(n.Lhs[0]) {
				if n.Tok == token.ADD_ASSIGN {
					found = true
				}
				if b, ok := ast.Unparen(n.Rhs[0]).(*ast.BinaryExpr); ok && n.Tok == token.ASSIGN && b.Op == token.ADD && (is(b.X) || is(b.Y)) {
					found = true
				}
			}
		}
	})
	return found
}

// sendAfter returns the call after a write that hands the message on: it
// takes the message (or what the metadata hangs from) as an argument,
// and is not the standard library's (a log line, a format).
func (a *analyzer) sendAfter(body *ast.BlockStmt, w *metaAccess) *ast.CallExpr {
	var send *ast.CallExpr
	walkOwn(body, func(n ast.Node) {
		call, ok := n.(*ast.CallExpr)
		if !ok || send != nil || call.Pos() < w.node.End() {
			return
		}
		if fn, ok := typeutil.Callee(a.pass.TypesInfo, call).(*types.Func); ok && a.standard(fn) {
			return
		}
		for _, arg := range call.Args {
			found := false
			ast.Inspect(arg, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok && a.pass.TypesInfo.Uses[id] == w.root {
					found = true
				}
				return !found
			})
			if found {
				send = call
				return
			}
		}
	})
	return send
}

// sentOnFailure says whether the send is in the body of an if that
// tests a failure.
func (a *analyzer) sentOnFailure(body *ast.BlockStmt, send *ast.CallExpr) bool {
	found := false
	walkOwn(body, func(n ast.Node) {
		if ifs, ok := n.(*ast.IfStmt); ok && within([]ast.Node{ifs.Body}, send) && a.failureCond(ifs.Cond) {
			found = true
		}
	})
	return found
}

// fromMessage says whether a context comes from the message (msg.Context(),
// or a local variable assigned it): it lives for one delivery.
func (a *analyzer) fromMessage(e *evaluator, x ast.Expr, root *types.Var, depth int) bool {
	return a.rootVar(e, x, depth) == root
}

// countJudged says whether the count is compared with a limit: yes for a
// comparison or a switch on it, unknown when it is handed to a call
// outside the standard library (which may compare it), no when it is
// only read, moved on, formatted and written back.
func (a *analyzer) countJudged(body *ast.BlockStmt, c *carried) Tri {
	t := No
	var path []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			path = path[:len(path)-1]
			return true
		}
		path = append(path, n)
		id, ok := n.(*ast.Ident)
		if !ok || a.pass.TypesInfo.Uses[id] != c.counter {
			return true
		}
		for i := len(path) - 2; i >= 0; i-- {
			switch p := path[i].(type) {
			case *ast.BinaryExpr:
				switch p.Op {
				case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
					t = Yes
				}
			case *ast.SwitchStmt:
				if p.Tag != nil && within([]ast.Node{p.Tag}, id) {
					t = Yes
				}
			case *ast.CallExpr:
				if within([]ast.Node{p.Fun}, id) || a.pass.TypesInfo.Types[p.Fun].IsType() {
					continue // a conversion
				}
				fn, _ := typeutil.Callee(a.pass.TypesInfo, p).(*types.Func)
				if (fn == nil || !a.standard(fn)) && p != c.write && t == No {
					t = Unknown // the callee may compare it
				}
			case ast.Stmt:
				i = 0 // the statement holding the use: look no further out
			}
		}
		return true
	})
	return t
}

// standard says whether a function is the standard library's: its
// package path's first element has no dot, and is not this package's own
// (a module named myapp).
func (a *analyzer) standard(fn *types.Func) bool {
	if fn.Pkg() == nil {
		return true // error.Error
	}
	first, _, _ := strings.Cut(fn.Pkg().Path(), "/")
	own, _, _ := strings.Cut(a.pass.Pkg.Path(), "/")
	return !strings.Contains(first, ".") && first != own
}
