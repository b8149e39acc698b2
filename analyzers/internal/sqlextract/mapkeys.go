package sqlextract

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ast/astutil"

	"github.com/retrylint/retrylint/analyzers/internal/localvars"
)

// rangeKeyText resolves the key variable of a range over a local map to
// the text the function stores under every key of the map: batch[sql] =
// append(batch[sql], args); for sql, rows := range batch { send(sql,
// rows) } runs the texts it stored. The map must be made in the
// function (make or a literal, whose keys count as stores) and used only
// by indexing, ranging, len, delete and clear: a map passed on, returned
// or assigned elsewhere may get keys from code not read here. Every key
// must resolve to one text: a map of several texts says nothing.
func (x *extractor) rangeKeyText(v *types.Var, d localvars.Def, depth int) (string, bool) {
	info := x.pass.TypesInfo
	file := x.fileOf(d.Expr)
	if file == nil {
		return "", false
	}
	path, _ := astutil.PathEnclosingInterval(file, d.Expr.Pos(), d.Expr.End())
	var rs *ast.RangeStmt
	var fd *ast.FuncDecl
	for _, n := range path {
		switch n := n.(type) {
		case *ast.RangeStmt:
			if rs == nil && n.X == d.Expr {
				rs = n
			}
		case *ast.FuncDecl:
			fd = n
		}
	}
	if rs == nil || fd == nil || fd.Body == nil {
		return "", false
	}
	if k, ok := rs.Key.(*ast.Ident); !ok || info.ObjectOf(k) != v {
		return "", false // the value of a range, or of a range over something else
	}
	if _, ok := info.TypeOf(rs.X).Underlying().(*types.Map); !ok {
		return "", false
	}
	id, ok := ast.Unparen(rs.X).(*ast.Ident)
	if !ok {
		return "", false
	}
	m, ok := info.Uses[id].(*types.Var)
	if !ok || m.Parent() == nil || m.Pkg() == nil || m.Parent() == m.Pkg().Scope() {
		return "", false
	}
	var keys []ast.Expr
	made, ok := false, true
	parents := map[ast.Node]ast.Node{}
	var stack []ast.Node
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if len(stack) > 0 {
			parents[n] = stack[len(stack)-1]
		}
		stack = append(stack, n)
		return true
	})
	for n, parent := range parents {
		use, isIdent := n.(*ast.Ident)
		if !isIdent || info.ObjectOf(use) != m {
			continue
		}
		switch p := parent.(type) {
		case *ast.IndexExpr:
			if p.X != use {
				ok = false
			} else if as, isAssign := parents[p].(*ast.AssignStmt); isAssign && lhsOf(as, p) {
				keys = append(keys, p.Index)
			} else if _, isIncDec := parents[p].(*ast.IncDecStmt); isIncDec {
				keys = append(keys, p.Index)
			}
		case *ast.RangeStmt:
			ok = ok && p.X == use
		case *ast.CallExpr:
			b, isBuiltin := info.Uses[analysisIdent(p.Fun)].(*types.Builtin)
			ok = ok && isBuiltin && (b.Name() == "len" || b.Name() == "delete" || b.Name() == "clear") && len(p.Args) > 0 && p.Args[0] == use
		case *ast.AssignStmt:
			i := indexOf(p.Lhs, use)
			if i < 0 || len(p.Rhs) != len(p.Lhs) {
				ok = false
				break
			}
			lit, isMake := x.madeMap(p.Rhs[i])
			if !isMake {
				ok = false
				break
			}
			made = true
			keys = append(keys, lit...)
		case *ast.ValueSpec:
			i := indexOf(p.Names, use)
			if i < 0 {
				ok = false
				break
			}
			if len(p.Values) == 0 {
				continue // var m map[string]T: a store into it panics, a range sees nothing
			}
			if len(p.Values) != len(p.Names) {
				ok = false
				break
			}
			lit, isMake := x.madeMap(p.Values[i])
			if !isMake {
				ok = false
				break
			}
			made = true
			keys = append(keys, lit...)
		default:
			ok = false
		}
	}
	if !ok || !made || len(keys) == 0 {
		return "", false
	}
	text := ""
	for i, k := range keys {
		t, _, resolved := x.str(k, depth+1)
		if !resolved || i > 0 && t != text {
			return "", false
		}
		text = t
	}
	return text, true
}

// madeMap says whether e makes a new map, with the keys of a literal.
func (x *extractor) madeMap(e ast.Expr) ([]ast.Expr, bool) {
	switch e := ast.Unparen(e).(type) {
	case *ast.CompositeLit:
		var keys []ast.Expr
		for _, elt := range e.Elts {
			kv, ok := elt.(*ast.KeyValueExpr)
			if !ok {
				return nil, false
			}
			keys = append(keys, kv.Key)
		}
		return keys, true
	case *ast.CallExpr:
		b, ok := x.pass.TypesInfo.Uses[analysisIdent(e.Fun)].(*types.Builtin)
		return nil, ok && b.Name() == "make"
	}
	return nil, false
}

// fileOf returns the file of the package that holds n.
func (x *extractor) fileOf(n ast.Node) *ast.File {
	for _, f := range x.pass.Files {
		if f.FileStart <= n.Pos() && n.Pos() < f.FileEnd {
			return f
		}
	}
	return nil
}

func analysisIdent(e ast.Expr) *ast.Ident {
	id, _ := ast.Unparen(e).(*ast.Ident)
	return id
}

func lhsOf(as *ast.AssignStmt, e ast.Expr) bool {
	return indexOf(as.Lhs, e) >= 0
}

func indexOf[T ast.Node](list []T, n ast.Node) int {
	for i, x := range list {
		if ast.Node(x) == n {
			return i
		}
	}
	return -1
}
