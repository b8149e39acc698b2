package effects

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/analysisutil"
	"github.com/retrylint/retrylint/rules"
)

// A call whose callee cannot be told (a function value, the next handler
// of a middleware chain, a method of an interface with several
// implementations) sends its request argument when its signature is a
// round trip: it takes a request (an *http.Request, or a value that holds
// one: a pipeline's request type) and returns an *http.Response. Whatever
// the handler is, what it answers with is the response to that request:
// next(req), nextPolicy.Do(req) and transport.RoundTrip(req) all send it
// on. The request's origin decides the rest, as for client.Do(req): a
// constant POST is an effect, a request from the caller is AnyMethod.

// handlerSend returns the request argument of a call through a function
// value or an unresolved interface method whose signature is a round
// trip, with the hop that names the call; nil otherwise.
func (a *analyzer) handlerSend(call *ast.CallExpr) (ast.Expr, []Hop, string) {
	info := a.pass.TypesInfo
	if tv, ok := info.Types[call.Fun]; !ok || tv.IsType() || tv.IsBuiltin() {
		return nil, nil, ""
	}
	sig, ok := info.TypeOf(call.Fun).Underlying().(*types.Signature)
	if !ok || !returnsResponse(sig) {
		return nil, nil, ""
	}
	index := -1
	for i := 0; i < sig.Params().Len(); i++ {
		if carriesRequest(sig.Params().At(i).Type()) {
			if index >= 0 {
				return nil, nil, "" // two requests: which one is sent cannot be told
			}
			index = i
		}
	}
	if index < 0 || sig.Variadic() && index == sig.Params().Len()-1 {
		return nil, nil, ""
	}
	hop := Hop{Name: types.ExprString(call.Fun), Posn: a.posn(call.Pos())}
	return analysisutil.Argument(call, rules.Arg(index)), []Hop{hop}, "sends an HTTP request"
}

// returnsResponse says whether a signature returns an *http.Response.
func returnsResponse(sig *types.Signature) bool {
	for i := 0; i < sig.Results().Len(); i++ {
		if isResponse(sig.Results().At(i).Type()) {
			return true
		}
	}
	return false
}

func isResponse(t types.Type) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	if !ok {
		return false
	}
	n := namedOf(p.Elem())
	return n != nil && n.Obj().Name() == "Response" && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "net/http"
}

// carriesRequest says whether t is a request: an *http.Request, a struct
// that embeds one (isRequest), or a struct, or a pointer to one, with a
// field that holds an *http.Request.
func carriesRequest(t types.Type) bool {
	if isRequest(t) {
		return true
	}
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := 0; i < st.NumFields(); i++ {
		if ft, ok := types.Unalias(st.Field(i).Type()).(*types.Pointer); ok && isHTTPRequest(ft.Elem()) {
			return true
		}
	}
	return false
}

// isHTTPRequest says whether t is net/http.Request itself.
func isHTTPRequest(t types.Type) bool {
	n := namedOf(t)
	return n != nil && n.Obj().Name() == "Request" && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "net/http"
}
