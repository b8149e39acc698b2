package retrysite

import (
	"go/ast"
	"go/types"
	"strings"

	"github.com/retrylint/retrylint/rules"
)

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
