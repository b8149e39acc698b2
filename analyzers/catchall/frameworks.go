package catchall

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/internal/analysisutil"
)

// returnsFailure says whether the failure of call, made in body, makes
// body return: the call is returned (return json.Unmarshal(...), return
// fmt.Errorf("...: %w", strconv.Atoi(...)) is rare but counts), or it is
// tested in an if whose branch returns, directly (if json.Unmarshal(...)
// != nil) or through the error it assigns (if err := ...; err != nil,
// or err = ... followed by the if). A handler that only logs the error
// and goes on does not fail with it.
func returnsFailure(pass *analysis.Pass, body ast.Node, call *ast.CallExpr) bool {
	found := false
	var visitList func(list []ast.Stmt)
	check := func(st ast.Stmt, next ast.Stmt) {
		switch st := st.(type) {
		case *ast.ReturnStmt:
			if contains(st, call) {
				found = true
			}
		case *ast.IfStmt:
			if contains(st.Cond, call) && analysisutil.Returns(st.Body) {
				found = true
			}
			if st.Init != nil && assignsFrom(pass, st.Init, call, st.Cond) && analysisutil.Returns(st.Body) {
				found = true
			}
		}
		if ifs, ok := next.(*ast.IfStmt); ok && ifs.Init == nil && assignsFrom(pass, st, call, ifs.Cond) && analysisutil.Returns(ifs.Body) {
			found = true
		}
	}
	visitList = func(list []ast.Stmt) {
		for i, st := range list {
			var next ast.Stmt
			if i+1 < len(list) {
				next = list[i+1]
			}
			check(st, next)
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return n == body
		case *ast.BlockStmt:
			visitList(n.List)
		case *ast.CaseClause:
			visitList(n.Body)
		case *ast.CommClause:
			visitList(n.Body)
		}
		return !found
	})
	return found
}

// assignsFrom says whether st assigns the error of call to a variable
// that cond mentions.
func assignsFrom(pass *analysis.Pass, st ast.Stmt, call *ast.CallExpr, cond ast.Expr) bool {
	as, ok := st.(*ast.AssignStmt)
	if !ok || len(as.Rhs) != 1 || ast.Unparen(as.Rhs[0]) != call || len(as.Lhs) == 0 {
		return false
	}
	id, ok := as.Lhs[len(as.Lhs)-1].(*ast.Ident)
	if !ok {
		return false
	}
	v := pass.TypesInfo.ObjectOf(id)
	if v == nil {
		return false
	}
	mentioned := false
	ast.Inspect(cond, func(n ast.Node) bool {
		if x, ok := n.(*ast.Ident); ok && pass.TypesInfo.Uses[x] == v {
			mentioned = true
		}
		return !mentioned
	})
	_, isVar := v.(*types.Var)
	return mentioned && isVar
}

func contains(outer ast.Node, inner ast.Node) bool {
	return outer != nil && outer.Pos() <= inner.Pos() && inner.End() <= outer.End()
}
