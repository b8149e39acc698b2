package effects

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/retrylint/retrylint/analyzers/internal/analysisutil"
	"github.com/retrylint/retrylint/analyzers/internal/localvars"
	"github.com/retrylint/retrylint/rules"
)

// An HTTP request is an effect when its method is POST or PATCH. Where
// the method is a constant (http.NewRequest("POST", ...), a function of
// the package that passes one on), the call that sends the request has
// the effect. Where it comes from the caller (a request parameter, a
// field of one, a method parameter passed to http.NewRequest), the
// caller chooses: the sending function forwards its parameter (SendsFact)
// and its call is AnyMethod, which only a retry of that very call makes a
// finding of.

// noParam is an origin's param when the request does not come from a
// parameter.
const noParam = -2

// maxRequestDepth bounds the expressions followed to a request's origin.
const maxRequestDepth = 12

// origin is what is known of a request where it is sent.
type origin struct {
	method string // the method when it is a constant, upper case; else ""
	param  int    // the parameter (rules.Receiver for the receiver) it comes from, or noParam
}

var unknown = origin{param: noParam}

// join combines two values a request may have: a non-idempotent method
// on one path is one, and so is a request from the caller.
func (a *analyzer) join(o, p origin) origin {
	if p.method != "" && (o.method == "" || a.rules.NonIdempotentMethods[p.method] && !a.rules.NonIdempotentMethods[o.method]) {
		o.method = p.method
	}
	if o.param == noParam {
		o.param = p.param
	}
	return o
}

// sendEffect is the effect of sending a request: External (or the rule's
// class) for a POST or a PATCH, AnyMethod for a request from the caller,
// none for another method, a request with an idempotency key from the
// input, or one it cannot follow.
func (a *analyzer) sendEffect(req ast.Expr, chain []Hop, class, what string, f *funcCtx) *Effect {
	if req == nil {
		return nil
	}
	o := a.originOf(req, f, 0)
	if !a.rules.NonIdempotentMethods[o.method] && o.param == noParam {
		return nil
	}
	var keys []keyUse
	if v := varOf(a.pass, req); v != nil {
		var keyed bool
		if keyed, keys = a.keyed(v, f.scope); keyed {
			return nil
		}
	}
	if !a.rules.NonIdempotentMethods[o.method] {
		class = AnyMethod
	}
	return a.withKeys(&Effect{Class: class, What: what, Chain: chain}, keys)
}

// sent returns the request a call sends, with the chain to the send and
// what sending does: the request argument of an effect rule, or the
// argument a forwarding function sends on.
func (a *analyzer) sent(call *ast.CallExpr) (ast.Expr, []Hop, string) {
	fn, hop := a.callee(call)
	if fn == nil {
		return a.handlerSend(call)
	}
	if rule := a.effectRule(fn); rule != nil {
		if rule.Request == nil {
			return nil, nil, ""
		}
		return analysisutil.Argument(call, *rule.Request), []Hop{hop}, rule.What
	}
	if s := a.sendsOf(fn); s != nil {
		return analysisutil.Argument(call, rules.Arg(s.Param)), chain(hop, s.Chain), s.What
	}
	return nil, nil, ""
}

func (a *analyzer) sendsOf(fn *types.Func) *SendsFact {
	return a.result.Sends(fn)
}

// forwarders finds the functions that send a request from their caller,
// and the functions that pass one on to them, to the fixed point.
func (a *analyzer) forwarders(funcs []*funcCtx) {
	for grown := true; grown; {
		grown = false
		for _, f := range funcs {
			if a.result.sends[f.obj] != nil {
				continue
			}
			var found *SendsFact
			ast.Inspect(f.decl.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok || found != nil {
					return found == nil
				}
				req, chain, what := a.sent(call)
				if req == nil {
					return true
				}
				o := a.originOf(req, f, 0)
				if o.param == noParam || a.rules.NonIdempotentMethods[o.method] {
					return true
				}
				if v := varOf(a.pass, req); v != nil {
					if keyed, _ := a.keyed(v, f.scope); keyed {
						return true
					}
				}
				found = &SendsFact{Param: o.param, What: what, Chain: chain}
				return false
			})
			if found != nil {
				a.result.sends[f.obj] = found
				grown = true
			}
		}
	}
}

// originOf follows what a forwarded parameter holds: a method when it is a
// string, a request otherwise.
func (a *analyzer) originOf(x ast.Expr, f *funcCtx, depth int) origin {
	if x != nil && analysisutil.IsString(a.pass.TypesInfo.TypeOf(x)) {
		return a.methodOf(x, f, depth)
	}
	return a.requestOf(x, f, depth)
}

// requestOf follows a request expression to its method and to the
// parameter it comes from.
func (a *analyzer) requestOf(x ast.Expr, f *funcCtx, depth int) origin {
	if x == nil || depth > maxRequestDepth {
		return unknown
	}
	info := a.pass.TypesInfo
	switch x := ast.Unparen(x).(type) {
	case *ast.UnaryExpr:
		if x.Op == token.AND {
			return a.requestOf(x.X, f, depth+1)
		}
	case *ast.StarExpr:
		return a.requestOf(x.X, f, depth+1)
	case *ast.Ident:
		if v, ok := info.Uses[x].(*types.Var); ok {
			return a.requestVar(v, f, depth)
		}
	case *ast.SelectorExpr:
		if sel, ok := info.Selections[x]; ok && sel.Kind() == types.FieldVal {
			if p := a.rootParam(x.X, f); p != noParam {
				return origin{param: p}
			}
			return a.fieldOrigin(x, f, depth, a.requestOf) // a local wrapper's field: fields.go
		}
	case *ast.CallExpr:
		return a.requestCall(x, 0, f, depth+1)
	case *ast.CompositeLit:
		o := unknown
		for _, elt := range x.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				if id, ok := kv.Key.(*ast.Ident); ok && isMethodField(info.ObjectOf(id)) {
					o = a.join(o, a.methodOf(kv.Value, f, depth+1))
				}
			}
		}
		return o
	}
	return unknown
}

// requestVar follows a variable: a parameter is the caller's request; a
// local takes every value assigned to it; a constant set to its Method
// field decides the method.
func (a *analyzer) requestVar(v *types.Var, f *funcCtx, depth int) origin {
	if a.visiting[v] {
		return unknown
	}
	a.visiting[v] = true
	defer delete(a.visiting, v)
	o := unknown
	if i, ok := f.param(v); ok {
		o.param = i
	}
	for _, d := range f.scope.Defs[v] {
		switch {
		case d.Range || d.Op:
		case d.Index >= 0:
			if call, ok := ast.Unparen(d.Expr).(*ast.CallExpr); ok {
				o = a.join(o, a.requestCall(call, d.Index, f, depth+1))
			}
		default:
			o = a.join(o, a.requestOf(d.Expr, f, depth+1))
		}
	}
	for _, fs := range f.scope.Fields[v] {
		if !isMethodField(fs.Field) {
			continue
		}
		m := a.methodOf(fs.Value, f, depth+1)
		if m.method != "" && !a.rules.NonIdempotentMethods[o.method] {
			o = origin{method: m.method, param: noParam}
		} else if m.param != noParam {
			o.param = m.param
		}
	}
	return o
}

// requestCall follows result index of a call that makes a request: a
// constructor of the rules, a method that derives a request from its
// receiver (WithContext, Clone), a function of this package, or one that
// takes a request and returns one (retryablehttp.FromRequest).
func (a *analyzer) requestCall(call *ast.CallExpr, index int, f *funcCtx, depth int) origin {
	info := a.pass.TypesInfo
	if tv, ok := info.Types[call.Fun]; ok && tv.IsType() {
		if len(call.Args) == 1 {
			return a.requestOf(call.Args[0], f, depth+1)
		}
		return unknown
	}
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	if fn == nil || index > 0 {
		return unknown
	}
	if ctor := a.rules.Request(fn); ctor != nil {
		if ctor.URL != nil && a.endpoint(analysisutil.Argument(call, *ctor.URL), f, depth+1) {
			return unknown // safe to repeat, whatever the method
		}
		return a.methodOf(analysisutil.Argument(call, *ctor.Method), f, depth+1)
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Results().Len() == 0 {
		return unknown
	}
	result := sig.Results().At(0).Type()
	if recv := sig.Recv(); recv != nil && sameNamed(recv.Type(), result) {
		return a.requestOf(analysisutil.Argument(call, rules.Receiver), f, depth+1)
	}
	if fn.Pkg() == a.pass.Pkg {
		c := a.ctorOf(fn.Origin())
		o := origin{method: c.method, param: noParam}
		if c.param != noParam {
			o = a.join(o, a.originOf(analysisutil.Argument(call, rules.Arg(c.param)), f, depth+1))
		}
		return o
	}
	if !isRequest(result) {
		return unknown
	}
	var from ast.Expr
	for i := 0; i < sig.Params().Len() && i < len(call.Args); i++ {
		if isRequest(sig.Params().At(i).Type()) {
			if from != nil {
				return unknown
			}
			from = call.Args[i]
		}
	}
	return a.requestOf(from, f, depth+1)
}

// ctorOf says what a function of this package returns as its first
// result, read as a request: its constant method, or the parameter it
// comes from.
func (a *analyzer) ctorOf(fn *types.Func) origin {
	if c, ok := a.ctors[fn]; ok {
		return *c
	}
	pending := unknown
	a.ctors[fn] = &pending // recursion ends here
	f := a.funcs[fn]
	if f == nil {
		return unknown
	}
	sig := fn.Type().(*types.Signature)
	if sig.Results().Len() == 0 {
		return unknown
	}
	o := unknown
	ast.Inspect(f.decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			switch {
			case len(n.Results) == 0:
				if named := sig.Results().At(0); named.Name() != "" {
					o = a.join(o, a.requestVar(named, f, 0))
				}
			case len(n.Results) == 1 && sig.Results().Len() > 1:
				if call, ok := ast.Unparen(n.Results[0]).(*ast.CallExpr); ok {
					o = a.join(o, a.requestCall(call, 0, f, 0))
				}
			default:
				o = a.join(o, a.requestOf(n.Results[0], f, 0))
			}
		}
		return true
	})
	a.ctors[fn] = &o
	return o
}

// methodOf follows a method expression: a constant, a parameter, a field
// of a parameter (r.Method), a local variable.
func (a *analyzer) methodOf(x ast.Expr, f *funcCtx, depth int) origin {
	if x == nil || depth > maxRequestDepth {
		return unknown
	}
	info := a.pass.TypesInfo
	if tv := info.Types[x]; tv.Value != nil && tv.Value.Kind() == constant.String {
		return origin{method: strings.ToUpper(constant.StringVal(tv.Value)), param: noParam}
	}
	switch x := ast.Unparen(x).(type) {
	case *ast.Ident:
		v, ok := info.Uses[x].(*types.Var)
		if !ok || a.visiting[v] {
			return unknown
		}
		a.visiting[v] = true
		defer delete(a.visiting, v)
		o := unknown
		i, isParam := f.param(v)
		if isParam {
			o.param = i
		}
		for _, d := range f.scope.Defs[v] {
			if isParam && a.emptyDefault(f, v, d) {
				// if method == "" { method = http.MethodPost }: the
				// default of a caller that passes none; a caller that
				// passes one (HEAD) decides.
				continue
			}
			if !d.Range && !d.Op && d.Index < 0 {
				o = a.join(o, a.methodOf(d.Expr, f, depth+1))
			}
		}
		return o
	case *ast.SelectorExpr:
		if sel, ok := info.Selections[x]; ok && sel.Kind() == types.FieldVal {
			if p := a.rootParam(x.X, f); p != noParam {
				return origin{param: p}
			}
			return a.fieldOrigin(x, f, depth, a.methodOf)
		}
	}
	return unknown
}

// emptyDefault says whether d assigns a parameter v only where v is
// empty: inside if v == "" { v = ... }.
func (a *analyzer) emptyDefault(f *funcCtx, v *types.Var, d localvars.Def) bool {
	if f.decl == nil || f.decl.Body == nil {
		return false
	}
	found := false
	ast.Inspect(f.decl.Body, func(n ast.Node) bool {
		ifs, ok := n.(*ast.IfStmt)
		if !ok || found {
			return !found
		}
		if ifs.Body.Pos() > d.End || d.End > ifs.Body.End() {
			return true
		}
		b, ok := ast.Unparen(ifs.Cond).(*ast.BinaryExpr)
		if !ok || b.Op != token.EQL {
			return true
		}
		x, y := ast.Unparen(b.X), ast.Unparen(b.Y)
		if lit, ok := x.(*ast.BasicLit); ok {
			x, y = y, lit
		}
		id, ok := x.(*ast.Ident)
		lit, isLit := y.(*ast.BasicLit)
		if ok && isLit && a.pass.TypesInfo.Uses[id] == v && (lit.Value == `""` || lit.Value == "``") {
			found = true
		}
		return !found
	})
	return found
}

// rootParam returns the parameter an expression of fields and indices is
// rooted at (r in r.req.URL), or noParam.
func (a *analyzer) rootParam(x ast.Expr, f *funcCtx) int {
	for {
		switch e := ast.Unparen(x).(type) {
		case *ast.SelectorExpr:
			if sel, ok := a.pass.TypesInfo.Selections[e]; !ok || sel.Kind() != types.FieldVal {
				return noParam
			}
			x = e.X
		case *ast.StarExpr:
			x = e.X
		case *ast.IndexExpr:
			x = e.X
		case *ast.Ident:
			if v, ok := a.pass.TypesInfo.Uses[e].(*types.Var); ok {
				if i, ok := f.param(v); ok {
					return i
				}
			}
			return noParam
		default:
			return noParam
		}
	}
}

// isMethodField says whether obj is net/http.Request's Method field.
func isMethodField(obj types.Object) bool {
	v, ok := obj.(*types.Var)
	return ok && v.IsField() && v.Name() == "Method" && v.Pkg() != nil && v.Pkg().Path() == "net/http"
}

// isRequest says whether t is a request: *http.Request, or a struct that
// holds one, embedded (retryablehttp.Request).
func isRequest(t types.Type) bool {
	if t == nil {
		return false
	}
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, "Method")
	return isMethodField(obj)
}

func sameNamed(x, y types.Type) bool {
	nx, ny := namedOf(x), namedOf(y)
	return nx != nil && ny != nil && nx.Origin() == ny.Origin()
}

func namedOf(t types.Type) *types.Named {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, _ := types.Unalias(t).(*types.Named)
	return n
}

// endpoint says whether a URL is one of an idempotent endpoint (an OAuth2
// token endpoint): the end of its text, as far as constants spell it,
// ends with the endpoint's path. A local variable must be one on every
// assignment; a parameter, a field or a call is not followed.
func (a *analyzer) endpoint(x ast.Expr, f *funcCtx, depth int) bool {
	if x == nil || depth > maxRequestDepth {
		return false
	}
	if id, ok := ast.Unparen(x).(*ast.Ident); ok && a.pass.TypesInfo.Types[x].Value == nil {
		v, ok := a.pass.TypesInfo.Uses[id].(*types.Var)
		if !ok || a.visiting[v] {
			return false
		}
		if _, param := f.param(v); param {
			return false
		}
		a.visiting[v] = true
		defer delete(a.visiting, v)
		defs := f.scope.Defs[v]
		paths := 0
		for _, d := range defs {
			if d.Op && a.queryOnly(d.Expr) {
				continue // u += "?" + q.Encode(): the path stays
			}
			if d.Range || d.Op || d.Index >= 0 || !a.endpoint(d.Expr, f, depth+1) {
				return false
			}
			paths++
		}
		return paths > 0
	}
	// base + "/token?" + q.Encode(), u + "?" + q.Encode(): the path ends
	// at the query.
	if ops := addends(x); len(ops) > 1 {
		if i, before := a.queryAt(ops); i >= 0 {
			if before == "" && i == 1 {
				return a.endpoint(ops[0], f, depth+1)
			}
			tail := before
			for k := i - 1; k >= 0; k-- {
				t, whole := a.urlTail(ops[k], depth+1)
				tail = t + tail
				if !whole {
					break
				}
			}
			return tail != "" && a.rules.IdempotentEndpoint(tail) != nil
		}
	}
	tail, _ := a.urlTail(x, depth)
	return tail != "" && a.rules.IdempotentEndpoint(tail) != nil
}

// addends returns the operands of a chain of string +, left to right.
func addends(x ast.Expr) []ast.Expr {
	if b, ok := ast.Unparen(x).(*ast.BinaryExpr); ok && b.Op == token.ADD {
		return append(addends(b.X), addends(b.Y)...)
	}
	return []ast.Expr{x}
}

// queryOnly says whether a string added to a URL starts its query or its
// fragment, or adds a parameter to its query ("?" + q.Encode(), "&a=1"):
// the URL's path is what it was.
func (a *analyzer) queryOnly(x ast.Expr) bool {
	tv := a.pass.TypesInfo.Types[addends(x)[0]]
	if tv.Value == nil || tv.Value.Kind() != constant.String {
		return false
	}
	text := constant.StringVal(tv.Value)
	return text != "" && strings.ContainsRune("?#&", rune(text[0]))
}

// queryAt finds the first constant of a chain of string + that starts
// the URL's query or fragment: its index, and the text before the ? or
// #; -1 when there is none.
func (a *analyzer) queryAt(ops []ast.Expr) (int, string) {
	for i, op := range ops {
		tv := a.pass.TypesInfo.Types[op]
		if tv.Value == nil || tv.Value.Kind() != constant.String {
			continue
		}
		text := constant.StringVal(tv.Value)
		if j := strings.IndexAny(text, "?#"); j >= 0 {
			return i, text[:j]
		}
	}
	return -1, ""
}

// urlTail returns the end of a string that constants spell, and whether
// that is the whole string: "https://sso.example/token", the constant
// right of a +, what follows a fmt.Sprintf format's last verb.
func (a *analyzer) urlTail(x ast.Expr, depth int) (string, bool) {
	if depth > maxRequestDepth {
		return "", false
	}
	if tv := a.pass.TypesInfo.Types[x]; tv.Value != nil && tv.Value.Kind() == constant.String {
		return constant.StringVal(tv.Value), true
	}
	switch x := ast.Unparen(x).(type) {
	case *ast.BinaryExpr:
		if x.Op != token.ADD {
			return "", false
		}
		right, whole := a.urlTail(x.Y, depth+1)
		if !whole {
			return right, false
		}
		left, whole := a.urlTail(x.X, depth+1)
		return left + right, whole
	case *ast.CallExpr:
		fn := typeutil.StaticCallee(a.pass.TypesInfo, x)
		if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "fmt" || fn.Name() != "Sprintf" || len(x.Args) == 0 {
			return "", false
		}
		tv := a.pass.TypesInfo.Types[x.Args[0]]
		if tv.Value == nil || tv.Value.Kind() != constant.String {
			return "", false
		}
		format := constant.StringVal(tv.Value)
		i := strings.LastIndexByte(format, '%')
		if i < 0 {
			return format, true
		}
		if i+2 > len(format) {
			return "", false
		}
		return format[i+2:], false // after a one-letter verb: %s, %v, %d
	}
	return "", false
}
