package catchall

import (
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/internal/report"
	"github.com/retrylint/retrylint/analyzers/retrysite"
)

// reportPolicies reports, at its declaration, each method that
// implements the policy method a retry loop classifies its errors by and
// answers "go round" for every error: every loop that consults it retries
// terminal errors.
func reportPolicies(pass *analysis.Pass, result *retrysite.Result) {
	for _, m := range result.CatchAllMethods {
		qualifier := func(p *types.Package) string {
			if p == pass.Pkg {
				return ""
			}
			return p.Name()
		}
		iface := m.Interface.Name()
		if recv := m.Interface.Type().(*types.Signature).Recv(); recv != nil {
			iface = types.TypeString(recv.Type(), qualifier) + "." + iface
		}
		stop := m.Stop
		if q := qualifier(m.Interface.Pkg()); q != "" && stop != "false" {
			stop = q + "." + stop
		}
		remedy := "look at the error and return " + stop + " for terminal ones"
		d := analysis.Diagnostic{Pos: m.Decl.Pos(), End: m.Decl.Name.End(),
			Message: fmt.Sprintf("%s returns %s, go round, for every error, and retry loops classify by %s: terminal errors are retried; %s; %s", methodName(m.Decl), m.Answer, iface, why, remedy)}
		if m.Loop != nil {
			d.Related = []analysis.RelatedInformation{{Pos: m.Loop.Pos(), Message: "the retry loop that goes round on its answer"}}
		}
		report.Report(pass, d)
	}
}

// methodName names a method as Go does: (*T).M or T.M.
func methodName(d *ast.FuncDecl) string {
	recv := d.Recv.List[0].Type
	if ix, ok := recv.(*ast.IndexExpr); ok {
		recv = ix.X
	}
	if star, ok := recv.(*ast.StarExpr); ok {
		x := star.X
		if ix, ok := x.(*ast.IndexExpr); ok {
			x = ix.X
		}
		return "(*" + types.ExprString(x) + ")." + d.Name.Name
	}
	return types.ExprString(recv) + "." + d.Name.Name
}
