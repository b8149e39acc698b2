package retrysite

import (
	"go/ast"
	"go/constant"
	"go/types"
	"strings"

	"github.com/retrylint/retrylint/analyzers/internal/analysisutil"
	"github.com/retrylint/retrylint/rules"
)

// clientSite is a call of a client row: a constructor of a retrying
// client, or a call that makes an existing client retry (a row with
// configures: resty's c.SetRetryCount(3)), whose requests are then the
// operations. Its policy is the row's default and the assignments to
// the fields of the variables that hold the client (clientPolicy), then
// its policy argument and its options. A count of retries that is a constant 0 or less,
// or a policy that turns retries off (a gRPC retry interceptor without
// WithMax), leaves every request with one attempt: no site; nor is a
// configuring call that hands on its function's parameter as the count
// (a setter of the project's own client), whose caller chooses it.
func (a *analyzer) clientSite(d *ast.FuncDecl, e *evaluator, r *rules.Retry, fn *types.Func, call *ast.CallExpr) *Site {
	if r.Count != nil {
		if x := analysisutil.Argument(call, *r.Count); x != nil {
			if v, exact := constant.Int64Val(constant.ToInt(orUnknown(a.pass.TypesInfo.Types[x].Value))); exact && v <= 0 {
				return nil // no retries
			}
			if id, ok := ast.Unparen(x).(*ast.Ident); ok && d != nil {
				if v, ok := a.pass.TypesInfo.Uses[id].(*types.Var); ok {
					if _, param := a.scopeOf(d).Params[v]; param && r.Configures != nil {
						// func (c *Client) SetRetryCount(n int) { c.r.SetRetryCount(n) }:
						// a setter that hands on its caller's count; the
						// retry is configured where the count is chosen.
						return nil
					}
				}
			}
		}
	}
	p := a.clientPolicy(e, r, call)
	if r.Policy != nil {
		if x := analysisutil.Argument(call, *r.Policy); x != nil {
			p.override(e.policy(x))
		}
	}
	if r.Options != nil && int(*r.Options) < len(call.Args) {
		for _, x := range call.Args[*r.Options:] {
			p.override(e.policy(x))
		}
	}
	if p.Retries == No {
		return nil // configured to make one attempt
	}
	site := &Site{Kind: Client, Node: call, Enclosing: d, Callee: fn, Policy: p}
	if r.Configures != nil {
		site.decide(ruleClientConfig, "site", call, "%s makes a client of %s retry its requests", types.ExprString(call.Fun), rules.PackageOf(r.Call))
	} else {
		site.decide(ruleClientCtor, "site", call, "%s builds a client of %s that retries its requests", types.ExprString(call.Fun), rules.PackageOf(r.Call))
	}
	return site
}

// clientLiteralSite recognises a retrying client built as a struct
// literal (&retryablehttp.Client{...}): a Client site, like its
// constructor's, when the literal's type is the type a client constructor
// of the rules returns. A literal starts from zero values, not from the
// constructor's defaults: its policy is the literal rule's and its
// fields', read as clientPolicy reads the assignments after a
// constructor.
func (a *analyzer) clientLiteralSite(d *ast.FuncDecl, e *evaluator, lit *ast.CompositeLit) *Site {
	named := namedOf(a.pass.TypesInfo.TypeOf(lit))
	if named == nil || named.Obj().Pkg() == a.pass.Pkg || !a.builtByClientConstructor(named) {
		return nil // the library's own constructor builds it for its callers
	}
	p := unknownPolicy()
	p.override(e.literal(lit))
	site := &Site{Kind: Client, Node: lit, Enclosing: d, Policy: p}
	site.decide(ruleClientLiteral, "site", lit, "a %s literal: a client that retries its requests", types.ExprString(lit.Type))
	return site
}

// builtByClientConstructor says whether a client constructor of the rules
// returns a value of type named (or a pointer to one).
func (a *analyzer) builtByClientConstructor(named *types.Named) bool {
	obj := named.Origin().Obj()
	if obj.Pkg() == nil {
		return false
	}
	path := obj.Pkg().Path()
	for _, r := range a.rules.Clients {
		if rules.PackageOf(r.Call) != path {
			continue
		}
		name := strings.TrimPrefix(rules.Normalize(r.Call), path+".")
		fn, ok := obj.Pkg().Scope().Lookup(name).(*types.Func)
		if !ok {
			continue // a method: not found in the package scope
		}
		sig := fn.Type().(*types.Signature)
		if sig.Results().Len() > 0 {
			if res := namedOf(sig.Results().At(0).Type()); res != nil && res.Origin() == named.Origin() {
				return true
			}
		}
	}
	return false
}
