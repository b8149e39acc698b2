package failedge

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Build builds SSA for the functions of a type-checked package that can
// hold a retry: those with a loop (a for, a range, a goto) or a call of
// themselves, and those that return a bool beside an error (a verdict
// the definition reads from its returns). Every other function
// declaration is given no body, which ssa builds as an external function
// at no cost; so is every function of the packages it imports. noReturn
// says which functions never return (os.Exit, log.Fatal), so that a call
// of one ends its block as it does for the compiler. It returns the
// functions built, in the order of their declarations.
func Build(fset *token.FileSet, pkg *types.Package, files []*ast.File, info *types.Info, noReturn func(*types.Func) bool) []*ssa.Function {
	prog := ssa.NewProgram(fset, 0)
	if noReturn != nil {
		prog.SetNoReturn(noReturn)
	}
	for _, p := range pkg.Imports() {
		prog.CreatePackage(p, nil, nil, true)
	}
	var kept []*types.Func
	trimmed := make([]*ast.File, 0, len(files))
	for _, f := range files {
		cp := *f
		cp.Decls = make([]ast.Decl, len(f.Decls))
		for i, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				cp.Decls[i] = d
				continue
			}
			if mayRetry(info, fd) {
				cp.Decls[i] = d
				if obj, ok := info.Defs[fd.Name].(*types.Func); ok {
					kept = append(kept, obj)
				}
				continue
			}
			bodiless := *fd
			bodiless.Body = nil
			cp.Decls[i] = &bodiless
		}
		trimmed = append(trimmed, &cp)
	}
	p := prog.CreatePackage(pkg, trimmed, info, false)
	p.Build()
	out := make([]*ssa.Function, 0, len(kept))
	for _, obj := range kept {
		if fn := prog.FuncValue(obj); fn != nil {
			out = append(out, fn)
		}
	}
	return out
}

// mayRetry says whether a function declaration holds a loop or a call of
// itself by name, or returns a bool beside an error.
func mayRetry(info *types.Info, fd *ast.FuncDecl) bool {
	self := info.Defs[fd.Name]
	if fn, ok := self.(*types.Func); ok {
		res := fn.Signature().Results()
		hasBool, hasErr := false, false
		for i := range res.Len() {
			t := res.At(i).Type()
			hasErr = hasErr || isError(t)
			if b, ok := t.Underlying().(*types.Basic); ok && b.Info()&types.IsBoolean != 0 {
				hasBool = true
			}
		}
		if hasBool && hasErr {
			return true
		}
	}
	found := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			found = true
		case *ast.BranchStmt:
			found = found || n.Tok == token.GOTO
		case *ast.SelectorExpr:
			found = found || info.Uses[n.Sel] == self
		case *ast.Ident:
			found = found || info.Uses[n] == self
		}
		return !found
	})
	return found
}

// Package decides every loop and recursion of a type-checked package:
// the decisions by the position of their Loop node (a for or range
// statement, a goto's labelled statement, a recursive call).
func Package(fset *token.FileSet, pkg *types.Package, files []*ast.File, info *types.Info, opt Options) map[token.Pos]Decision {
	out := map[token.Pos]Decision{}
	for _, fn := range Build(fset, pkg, files, info, opt.NoReturn) {
		for _, d := range Analyze(fn, opt) {
			out[d.Pos] = d
		}
	}
	return out
}
