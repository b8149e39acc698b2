package analysisutil

import "go/ast"

// Returns says whether n holds a return statement of its own function:
// one not in a closure.
func Returns(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			found = true
		}
		return !found
	})
	return found
}

// ReturnResults returns the results of body's own return statements (not
// those of nested closures), each statement's in order.
func ReturnResults(body *ast.BlockStmt) [][]ast.Expr {
	var out [][]ast.Expr
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			out = append(out, n.Results)
		}
		return true
	})
	return out
}
