package nonidempotent

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/retrylint/retrylint/analyzers/effects"
	"github.com/retrylint/retrylint/analyzers/internal/analysisutil"
	"github.com/retrylint/retrylint/analyzers/internal/localvars"
	"github.com/retrylint/retrylint/analyzers/retrysite"
	"github.com/retrylint/retrylint/rules"
)

// A request executor sends every request of its package and retries it:
// a loop around c.httpClient.Do(req), or a retrying client, with req from
// the caller. It re-sends a POST as readily as a GET, unless the retry
// decision looks at the method, or the requests carry an idempotency key.

// clientEffect returns the first effect of the requests sent through the
// retrying client a site builds: through the variables it is assigned
// to, and, in any function of the package, through the struct fields
// that hold it, the functions that return it and the wrappers that keep
// its retries (StandardClient).
func (c *checker) clientEffect(s *retrysite.Site) *effects.Effect {
	t := c.tracker(s.Node)
	var found []*effects.Effect
	for _, f := range c.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && t.holds(sel.X) {
				if e := c.eff.Calls[call]; e != nil {
					found = append(found, e)
				}
			}
			return true
		})
	}
	return effects.Preferred(found)
}

// clientTracker follows one client value through the package.
type clientTracker struct {
	c     *checker
	node  ast.Node
	vars  map[*types.Var]bool  // variables and struct fields that hold it
	funcs map[*types.Func]bool // functions that return it
}

// tracker finds what holds the client node builds, to the fixed point.
func (c *checker) tracker(node ast.Node) *clientTracker {
	t := &clientTracker{c: c, node: node, vars: map[*types.Var]bool{}, funcs: map[*types.Func]bool{}}
	info := c.pass.TypesInfo
	// A call that makes an existing client retry (c.SetRetryCount(3)):
	// what holds that client holds a retrying one.
	if call, ok := node.(*ast.CallExpr); ok {
		if fn, _ := typeutil.Callee(info, call).(*types.Func); fn != nil {
			if r := c.rules.Client(fn); r != nil && r.Configures != nil {
				if x := analysisutil.Argument(call, *r.Configures); x != nil {
					if v := t.holder(x); v != nil {
						t.vars[v.Origin()] = true
					}
				}
			}
		}
	}
	for grown := true; grown; {
		grown = false
		add := func(v *types.Var) {
			if v != nil && !t.vars[v.Origin()] {
				t.vars[v.Origin()] = true
				grown = true
			}
		}
		for _, f := range c.pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.AssignStmt:
					if len(n.Lhs) == len(n.Rhs) {
						for i, lhs := range n.Lhs {
							if t.holds(n.Rhs[i]) {
								add(t.holder(lhs))
							}
						}
					}
				case *ast.ValueSpec:
					if len(n.Values) == len(n.Names) {
						for i, id := range n.Names {
							if t.holds(n.Values[i]) {
								v, _ := info.Defs[id].(*types.Var)
								add(v)
							}
						}
					}
				case *ast.KeyValueExpr:
					if id, ok := n.Key.(*ast.Ident); ok && t.holds(n.Value) {
						if v, ok := info.ObjectOf(id).(*types.Var); ok && v.IsField() {
							add(v)
						}
					}
				case *ast.FuncDecl:
					fn, ok := info.Defs[n.Name].(*types.Func)
					if !ok || n.Body == nil || t.funcs[fn] || !t.returns(n.Body) {
						return true
					}
					t.funcs[fn] = true
					grown = true
				}
				return true
			})
		}
	}
	return t
}

// returns says whether a function body returns the client.
func (t *clientTracker) returns(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(n.Results) > 0 && t.holds(n.Results[0]) {
				found = true
			}
		}
		return !found
	})
	return found
}

// fluent says whether fn is a method of a builder that returns its
// receiver's type (resty's SetBody, SetTimeout): the value it returns is
// the one it was called on.
func fluent(fn *types.Func) bool {
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil || sig.Results().Len() != 1 {
		return false
	}
	return types.Identical(sig.Recv().Type(), sig.Results().At(0).Type())
}

// holder returns the variable or field an assignment stores into.
func (t *clientTracker) holder(lhs ast.Expr) *types.Var {
	info := t.c.pass.TypesInfo
	switch lhs := ast.Unparen(lhs).(type) {
	case *ast.Ident:
		v, _ := info.ObjectOf(lhs).(*types.Var)
		return v
	case *ast.SelectorExpr:
		if sel, ok := info.Selections[lhs]; ok && sel.Kind() == types.FieldVal {
			v, _ := sel.Obj().(*types.Var)
			return v
		}
	}
	return nil
}

// holds says whether an expression is the client.
func (t *clientTracker) holds(x ast.Expr) bool {
	info := t.c.pass.TypesInfo
	x = ast.Unparen(x)
	if x == t.node {
		return true
	}
	switch x := x.(type) {
	case *ast.UnaryExpr:
		return x.Op == token.AND && t.holds(x.X)
	case *ast.StarExpr:
		return t.holds(x.X)
	case *ast.Ident:
		v, ok := info.Uses[x].(*types.Var)
		return ok && t.vars[v.Origin()]
	case *ast.SelectorExpr:
		if sel, ok := info.Selections[x]; ok && sel.Kind() == types.FieldVal {
			v, ok := sel.Obj().(*types.Var)
			return ok && t.vars[v.Origin()]
		}
	case *ast.CallExpr:
		fn, _ := typeutil.Callee(info, x).(*types.Func)
		if fn == nil {
			return false
		}
		if t.funcs[fn.Origin()] {
			return true
		}
		if r := t.c.rules.Call(fn); r != nil && r.Wraps != nil && *r.Wraps == rules.Receiver || fluent(fn) {
			if sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr); ok {
				return t.holds(sel.X) // c.StandardClient(), c.R().SetBody(b)
			}
		}
	}
	return false
}

// methodLimited says whether a retry that re-sends its caller's requests
// decides on their method: a condition of the operation reads
// http.Request.Method and goes round again or leaves on it, directly or
// in a predicate the operation calls (isIdempotent(req),
// c.shouldRetry(req, err)); for a client, in a function it is configured
// with (CheckRetry).
func (c *checker) methodLimited(s *retrysite.Site) bool {
	if s.Kind != retrysite.Client {
		if s.Operation == nil {
			return false
		}
		if fn := s.OperationFunc(c.pass.TypesInfo); fn != nil {
			d := c.decl(fn)
			return d != nil && c.decides(d.Body, 1)
		}
		return c.decides(s.Operation, 0)
	}
	var scope *localvars.Scope
	if s.Enclosing != nil {
		scope = localvars.New(c.pass.TypesInfo, s.Enclosing.Type, s.Enclosing.Body)
	}
	var hooks []ast.Expr
	if lit, ok := s.Node.(*ast.CompositeLit); ok {
		for _, elt := range lit.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				hooks = append(hooks, kv.Value)
			}
		}
	}
	t := c.tracker(s.Node)
	for _, f := range c.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			if as, ok := n.(*ast.AssignStmt); ok && len(as.Lhs) == len(as.Rhs) {
				for i, lhs := range as.Lhs {
					if sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr); ok && t.holds(sel.X) {
						hooks = append(hooks, as.Rhs[i])
					}
				}
			}
			return true
		})
	}
	for _, h := range hooks {
		if c.hookDecides(h, scope, 0) {
			return true
		}
	}
	return false
}

// hookDecides says whether a function value a client is configured with
// decides on the request's method.
func (c *checker) hookDecides(x ast.Expr, scope *localvars.Scope, depth int) bool {
	info := c.pass.TypesInfo
	if depth > 4 {
		return false
	}
	if t := info.TypeOf(x); t == nil || !isFunc(t) {
		return false
	}
	switch x := ast.Unparen(x).(type) {
	case *ast.FuncLit:
		return c.decides(x.Body, 1)
	case *ast.Ident:
		switch obj := info.Uses[x].(type) {
		case *types.Func:
			d := c.decl(obj)
			return d != nil && c.decides(d.Body, 1)
		case *types.Var:
			if scope != nil {
				for _, d := range scope.Defs[obj] {
					if d.Index < 0 && c.hookDecides(d.Expr, scope, depth+1) {
						return true
					}
				}
			}
		}
	case *ast.SelectorExpr:
		if fn, ok := info.Uses[x.Sel].(*types.Func); ok {
			d := c.decl(fn)
			return d != nil && c.decides(d.Body, 1)
		}
	}
	return false
}

// decides says whether node holds a decision on a request's method: an
// if or a switch on it with a branch that returns, breaks, continues or
// sets a flag; in a predicate (depth > 0), a return of it. It follows the
// boolean predicates of the package that node calls, two deep.
func (c *checker) decides(node ast.Node, depth int) bool {
	found := false
	ast.Inspect(node, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.IfStmt:
			// if m := req.Method; m != http.MethodGet {...}: the init
			// statement reads it for the condition.
			onMethod := c.readsMethod(n.Cond) || n.Init != nil && c.initReadsMethod(n.Init, n.Cond)
			found = onMethod && (branches(n.Body) || n.Else != nil && branches(n.Else))
		case *ast.SwitchStmt:
			tag := n.Tag != nil && c.readsMethod(n.Tag)
			for _, cc := range n.Body.List {
				cc := cc.(*ast.CaseClause)
				onMethod := tag
				for _, x := range cc.List {
					onMethod = onMethod || c.readsMethod(x)
				}
				if onMethod && branches(&ast.BlockStmt{List: cc.Body}) {
					found = true
				}
			}
		case *ast.AssignStmt:
			// ok := req.Method == http.MethodGet && ...: a flag the
			// decision reads.
			for i, rhs := range n.Rhs {
				if i < len(n.Lhs) && isBool(c.pass.TypesInfo.TypeOf(n.Lhs[i])) && c.readsMethod(rhs) {
					found = true
				}
			}
		case *ast.ReturnStmt:
			for _, x := range n.Results {
				found = found || depth > 0 && c.readsMethod(x)
			}
		case *ast.CallExpr:
			fn := typeutil.StaticCallee(c.pass.TypesInfo, n)
			if fn == nil || depth >= 2 || fn.Pkg() != c.pass.Pkg {
				return true
			}
			sig := fn.Type().(*types.Signature)
			if sig.Results().Len() == 0 || !isBool(sig.Results().At(0).Type()) {
				return true
			}
			if d := c.decl(fn); d != nil && d.Body != nil {
				found = c.decides(d.Body, depth+1)
			}
		}
		return !found
	})
	return found
}

// readsMethod says whether an expression reads http.Request.Method (of a
// request, of resp.Request, of a retryablehttp.Request).
func (c *checker) readsMethod(x ast.Expr) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok && !found {
			if v, ok := c.pass.TypesInfo.Uses[sel.Sel].(*types.Var); ok && v.IsField() && v.Name() == "Method" && v.Pkg() != nil && v.Pkg().Path() == "net/http" {
				found = true
			}
		}
		return !found
	})
	return found
}

// initReadsMethod says whether an if's init statement sets a variable
// from a request's method that the condition reads.
func (c *checker) initReadsMethod(init ast.Stmt, cond ast.Expr) bool {
	as, ok := init.(*ast.AssignStmt)
	if !ok || len(as.Lhs) != len(as.Rhs) {
		return false
	}
	info := c.pass.TypesInfo
	for i, rhs := range as.Rhs {
		id, ok := as.Lhs[i].(*ast.Ident)
		if !ok || !c.readsMethod(rhs) {
			continue
		}
		v := info.ObjectOf(id)
		used := false
		ast.Inspect(cond, func(n ast.Node) bool {
			if x, ok := n.(*ast.Ident); ok && v != nil && info.Uses[x] == v {
				used = true
			}
			return !used
		})
		if used {
			return true
		}
	}
	return false
}

// branches says whether a statement goes round again, leaves, or sets a
// boolean flag.
func branches(st ast.Stmt) bool {
	found := false
	ast.Inspect(st, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt, *ast.BranchStmt:
			found = true
		case *ast.AssignStmt:
			for _, rhs := range n.Rhs {
				if id, ok := ast.Unparen(rhs).(*ast.Ident); ok && (id.Name == "true" || id.Name == "false") {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// setsHeader says whether a call's name sets a header: Header.Set and
// Add, SetHeader, WithHeader.
func setsHeader(call *ast.CallExpr) bool {
	var name string
	switch fun := ast.Unparen(call.Fun).(type) {
	case *ast.SelectorExpr:
		name = fun.Sel.Name
	case *ast.Ident:
		name = fun.Name
	}
	return name == "Set" || name == "Add" || strings.HasSuffix(name, "Header")
}

func isFunc(t types.Type) bool {
	_, ok := t.Underlying().(*types.Signature)
	return ok
}

func isBool(t types.Type) bool {
	if t == nil {
		return false
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.Bool
}

func (c *checker) decl(fn *types.Func) *ast.FuncDecl {
	if fn.Pkg() != c.pass.Pkg {
		return nil
	}
	if c.decls == nil {
		c.decls = map[*types.Func]*ast.FuncDecl{}
		for _, f := range c.pass.Files {
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok {
					if obj, ok := c.pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
						c.decls[obj] = fd
					}
				}
			}
		}
	}
	return c.decls[fn.Origin()]
}

// keyed says whether the requests a retry re-sends carry an idempotency
// key: the package sets one (Header.Set, SetHeader, WithHeader with an
// idempotency header name), in the executor or where it builds its
// requests. A key set once before the retry is re-sent by every attempt,
// whatever its value; one made inside the retried operation from the
// execution (uuid.New) is new at every attempt and is no key.
func (c *checker) keyed(s *retrysite.Site) bool {
	var scope *localvars.Scope
	if s.Enclosing != nil {
		scope = localvars.New(c.pass.TypesInfo, s.Enclosing.Type, s.Enclosing.Body)
	}
	isKey := func(x ast.Expr) bool {
		tv := c.pass.TypesInfo.Types[x]
		return tv.Value != nil && tv.Value.Kind() == constant.String && c.rules.IsIdempotencyHeader(constant.StringVal(tv.Value))
	}
	counts := func(at ast.Node, value ast.Expr) bool {
		inOperation := s.Operation != nil && s.Operation.Pos() <= at.Pos() && at.End() <= s.Operation.End()
		return !inOperation || scope == nil || analysisutil.ExecutionCall(c.pass, c.rules, scope, value) == nil
	}
	found := false
	for _, f := range c.pass.Files {
		if strings.HasSuffix(c.pass.Fset.Position(f.Pos()).Filename, "_test.go") {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				if len(n.Args) >= 2 && setsHeader(n) && isKey(n.Args[0]) && counts(n, n.Args[1]) {
					found = true
				}
			case *ast.AssignStmt:
				for i, lhs := range n.Lhs {
					if ix, ok := ast.Unparen(lhs).(*ast.IndexExpr); ok && isKey(ix.Index) && i < len(n.Rhs) && counts(n, n.Rhs[i]) {
						found = true
					}
				}
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}
