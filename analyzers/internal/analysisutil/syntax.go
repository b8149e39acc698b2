package analysisutil

import (
	"go/ast"
	"go/token"

	"github.com/retrylint/retrylint/rules"
)

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

// Argument returns argument i of a call, as a rule names it, or its
// receiver for rules.Receiver; nil if the call has no such argument.
func Argument(call *ast.CallExpr, i rules.Arg) ast.Expr {
	if i == rules.Receiver {
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			return sel.X
		}
		return nil
	}
	if int(i) < len(call.Args) {
		return call.Args[i]
	}
	return nil
}

// Mirror turns a comparison around: a < b is b > a.
func Mirror(op token.Token) token.Token {
	switch op {
	case token.LSS:
		return token.GTR
	case token.GTR:
		return token.LSS
	case token.LEQ:
		return token.GEQ
	case token.GEQ:
		return token.LEQ
	}
	return op
}
