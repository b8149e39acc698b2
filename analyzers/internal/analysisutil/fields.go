package analysisutil

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/retrylint/retrylint/analyzers/internal/localvars"
)

// Fields of a local struct are followed one by one: r.ID takes what
// the ID of r's literal, an assignment r.ID = ..., or the literal a
// helper of the package returns gives it, and nothing another field is
// given (a row whose trace id is a new UUID keeps the key its caller
// gave).

type fieldResult struct {
	fn    *types.Func
	i     int
	field *types.Var
}

// selector follows v.F, a field of a local variable: handled is false
// for anything else (a method, a promoted field, a package variable),
// which is read as before, as a whole.
func (e *execution) selector(s *localvars.Scope, sel *ast.SelectorExpr, depth int) (c *ast.CallExpr, handled bool) {
	info := e.pass.TypesInfo
	selection := info.Selections[sel]
	if selection == nil || selection.Kind() != types.FieldVal || len(selection.Index()) != 1 {
		return nil, false
	}
	f, ok := selection.Obj().(*types.Var)
	if !ok {
		return nil, false
	}
	id, ok := ast.Unparen(sel.X).(*ast.Ident)
	if !ok {
		return nil, false
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok || v.Pkg() == nil || v.Parent() == v.Pkg().Scope() {
		return nil, false
	}
	return e.field(s, v, f, depth), true
}

// field returns the execution call that field f of local variable v can
// take.
func (e *execution) field(s *localvars.Scope, v, f *types.Var, depth int) *ast.CallExpr {
	if depth > maxExecutionDepth {
		return nil
	}
	for _, set := range s.Fields[v] {
		if set.Field == f && !e.before(s, set.Value) {
			if c := e.call(s, set.Value, depth+1); c != nil {
				return c
			}
		}
	}
	for _, d := range s.Defs[v] {
		if d.Range || d.Op || e.before(s, d.Expr) {
			continue
		}
		if d.Index >= 0 {
			if call, ok := ast.Unparen(d.Expr).(*ast.CallExpr); ok {
				if c := e.fieldResult(call, d.Index, f, depth+1); c != nil {
					return c
				}
			}
			continue
		}
		if c := e.fieldOf(s, d.Expr, f, depth); c != nil {
			return c
		}
	}
	return nil
}

// fieldOf returns the execution call that field f of the struct x
// makes can take: the field's element of a literal (or of its address),
// the field of another local variable, or of what a helper returns.
func (e *execution) fieldOf(s *localvars.Scope, x ast.Expr, f *types.Var, depth int) *ast.CallExpr {
	if depth > maxExecutionDepth {
		return nil
	}
	info := e.pass.TypesInfo
	switch x := ast.Unparen(x).(type) {
	case *ast.UnaryExpr:
		return e.fieldOf(s, x.X, f, depth)
	case *ast.CompositeLit:
		st, ok := derefStruct(info.TypeOf(x))
		if !ok {
			return nil
		}
		for i, elt := range x.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				if key, ok := kv.Key.(*ast.Ident); ok && info.Uses[key] == f {
					return e.call(s, kv.Value, depth+1)
				}
				continue
			}
			if i < st.NumFields() && st.Field(i) == f {
				return e.call(s, elt, depth+1)
			}
		}
	case *ast.Ident:
		if w, ok := info.Uses[x].(*types.Var); ok && w.Pkg() != nil && w.Parent() != w.Pkg().Scope() {
			return e.field(s, w, f, depth+1)
		}
	case *ast.CallExpr:
		if _, tuple := info.TypeOf(x).(*types.Tuple); !tuple {
			return e.fieldResult(x, 0, f, depth+1)
		}
	}
	return nil
}

// fieldResult returns the execution call that field f of result i of a
// function of the package can take, read in its returns.
func (e *execution) fieldResult(call *ast.CallExpr, i int, f *types.Var, depth int) *ast.CallExpr {
	pass := e.pass
	if depth > maxExecutionDepth {
		return nil
	}
	fn := typeutil.StaticCallee(pass.TypesInfo, call)
	if fn == nil || fn.Pkg() != pass.Pkg {
		return nil
	}
	key := fieldResult{fn, i, f}
	if e.fields == nil {
		e.fields = map[fieldResult]*ast.CallExpr{}
	}
	if c, seen := e.fields[key]; seen {
		return c
	}
	e.fields[key] = nil
	decl := FuncDecl(pass, fn)
	sig := fn.Signature()
	if decl == nil || decl.Body == nil || i >= sig.Results().Len() {
		return nil
	}
	named := sig.Results().At(i)
	s := localvars.New(pass.TypesInfo, decl.Type, decl.Body)
	var found *ast.CallExpr
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if found != nil {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			switch {
			case len(n.Results) == sig.Results().Len():
				found = e.fieldOf(s, n.Results[i], f, depth)
			case len(n.Results) == 0 && named.Name() != "" && named.Name() != "_":
				found = e.field(s, named, f, depth)
			}
		}
		return true
	})
	e.fields[key] = found
	return found
}

// derefStruct returns the struct t is, or points to.
func derefStruct(t types.Type) (*types.Struct, bool) {
	if t == nil {
		return nil, false
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	return st, ok
}
