// Package localvars follows a function's local variables to the values
// they are assigned, for analyzers that evaluate expressions statically.
package localvars

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
)

// Scope is what is known of one function: its parameters and every
// assignment in its body, so that a local variable can be followed to the
// values it takes.
type Scope struct {
	Params map[*types.Var]int
	Defs   map[*types.Var][]Def
	Fields map[*types.Var][]FieldSet
	// Elems are the values stored in elements of a variable (a slice,
	// an array or a map): v[i] = x, v[k] = f().
	Elems map[*types.Var][]Def
}

// Def is one value a variable takes.
type Def struct {
	End   token.Pos // where the assignment ends: uses after it see it
	Expr  ast.Expr
	Index int  // the result taken from a multi-value call, or -1
	Op    bool // an op-assignment (d *= 2): the variable also keeps its value
	Range bool // a range variable over Expr
}

// FieldSet is an assignment to a field of a variable: v.Field = Value.
type FieldSet struct {
	Field *types.Var
	Value ast.Expr
	Pos   token.Pos
}

// New reads a function's parameters and assignments.
func New(info *types.Info, ftype *ast.FuncType, body *ast.BlockStmt) *Scope {
	s := &Scope{Params: map[*types.Var]int{}, Defs: map[*types.Var][]Def{}, Fields: map[*types.Var][]FieldSet{}, Elems: map[*types.Var][]Def{}}
	if ftype != nil && ftype.Params != nil {
		i := 0
		for _, field := range ftype.Params.List {
			if len(field.Names) == 0 {
				i++
				continue
			}
			for _, name := range field.Names {
				if v, ok := info.Defs[name].(*types.Var); ok {
					s.Params[v] = i
				}
				i++
			}
		}
	}
	if body == nil {
		return s
	}
	varOf := func(x ast.Expr) *types.Var {
		if id, ok := ast.Unparen(x).(*ast.Ident); ok {
			if v, ok := info.ObjectOf(id).(*types.Var); ok && !v.IsField() {
				return v
			}
		}
		return nil
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			op := n.Tok != token.ASSIGN && n.Tok != token.DEFINE
			for i, lhs := range n.Lhs {
				if v := varOf(lhs); v != nil {
					switch {
					case len(n.Rhs) == len(n.Lhs):
						s.Defs[v] = append(s.Defs[v], Def{End: n.End(), Expr: n.Rhs[i], Index: -1, Op: op})
					case len(n.Rhs) == 1:
						s.Defs[v] = append(s.Defs[v], Def{End: n.End(), Expr: n.Rhs[0], Index: i})
					}
					continue
				}
				if ix, ok := ast.Unparen(lhs).(*ast.IndexExpr); ok && !op {
					if v := varOf(ix.X); v != nil {
						switch {
						case len(n.Rhs) == len(n.Lhs):
							s.Elems[v] = append(s.Elems[v], Def{End: n.End(), Expr: n.Rhs[i], Index: -1})
						case len(n.Rhs) == 1:
							s.Elems[v] = append(s.Elems[v], Def{End: n.End(), Expr: n.Rhs[0], Index: i})
						}
					}
					continue
				}
				if sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr); ok && len(n.Rhs) == len(n.Lhs) && !op {
					if v := varOf(sel.X); v != nil {
						if f, ok := info.ObjectOf(sel.Sel).(*types.Var); ok && f.IsField() {
							s.Fields[v] = append(s.Fields[v], FieldSet{f, n.Rhs[i], n.Pos()})
						}
					}
				}
			}
		case *ast.ValueSpec:
			for i, name := range n.Names {
				v, _ := info.Defs[name].(*types.Var)
				if v == nil {
					continue
				}
				switch {
				case len(n.Values) == len(n.Names):
					s.Defs[v] = append(s.Defs[v], Def{End: n.End(), Expr: n.Values[i], Index: -1})
				case len(n.Values) == 1:
					s.Defs[v] = append(s.Defs[v], Def{End: n.End(), Expr: n.Values[0], Index: i})
				}
			}
		case *ast.RangeStmt:
			for _, x := range []ast.Expr{n.Key, n.Value} {
				if v := varOf(x); v != nil {
					s.Defs[v] = append(s.Defs[v], Def{End: n.X.End(), Expr: n.X, Index: -1, Range: true})
				}
			}
		}
		return true
	})
	return s
}

// HeldBy returns the variables whose only definition is call (c :=
// NewClient(...)), in the order they are declared.
func (s *Scope) HeldBy(call *ast.CallExpr) []*types.Var {
	var held []*types.Var
	for v, defs := range s.Defs {
		if len(defs) == 1 && ast.Unparen(defs[0].Expr) == call {
			held = append(held, v)
		}
	}
	slices.SortFunc(held, func(x, y *types.Var) int { return int(x.Pos() - y.Pos()) })
	return held
}
