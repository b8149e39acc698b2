package analysisutil

import (
	"go/ast"
	"go/format"
	"go/token"
	"go/types"
	"os"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/rules"
)

// File returns the syntax tree of the file that holds pos.
func File(pass *analysis.Pass, pos token.Pos) *ast.File {
	for _, f := range pass.Files {
		if f.FileStart <= pos && pos < f.FileEnd {
			return f
		}
	}
	return nil
}

// ImportName returns the name under which f imports path, or "".
func ImportName(pass *analysis.Pass, f *ast.File, path string) string {
	for _, spec := range f.Imports {
		p, err := strconv.Unquote(spec.Path.Value)
		if err != nil || p != path {
			continue
		}
		if spec.Name != nil {
			return spec.Name.Name
		}
		if pkg, ok := pass.TypesInfo.Implicits[spec].(*types.PkgName); ok {
			return pkg.Name()
		}
	}
	return ""
}

// Source returns the source text of a node. A driver that gives the
// pass no ReadFile (Bazel's nogo) has parsed the package's files from
// their names: they are read from there. When the file cannot be read,
// the node is printed instead.
func Source(pass *analysis.Pass, n ast.Node) string {
	tf := pass.Fset.File(n.Pos())
	if tf == nil {
		return ""
	}
	content, ok := Content(pass, tf)
	if !ok {
		if e, ok := n.(ast.Expr); ok {
			return types.ExprString(e)
		}
		var b strings.Builder
		if format.Node(&b, pass.Fset, n) != nil {
			return ""
		}
		return b.String()
	}
	return string(content[tf.Offset(n.Pos()):tf.Offset(n.End())])
}

// Content returns the text of a file of the pass, as the pass has
// parsed it: false when it cannot be read or has changed since. A driver
// that gives the pass no ReadFile (Bazel's nogo) has parsed the package's
// files from their names: they are read from there.
func Content(pass *analysis.Pass, tf *token.File) ([]byte, bool) {
	read := pass.ReadFile
	if read == nil {
		read = os.ReadFile
	}
	content, err := read(tf.Name())
	if err != nil || len(content) != tf.Size() {
		return nil, false
	}
	return content, true
}

// RuleFix turns a rule's fix template into a suggested fix at node, or
// nil when it cannot be applied (the library is not imported by name).
func RuleFix(pass *analysis.Pass, fix *rules.Fix, node ast.Node, library string) *analysis.SuggestedFix {
	if fix == nil {
		return nil
	}
	f := File(pass, node.Pos())
	if f == nil {
		return nil
	}
	pkg := ImportName(pass, f, library)
	if pkg == "" && (strings.Contains(fix.Replace, "{pkg}") || strings.Contains(fix.AddField, "{pkg}")) {
		return nil
	}
	expand := func(s string) string {
		s = strings.ReplaceAll(s, "{pkg}", pkg)
		return strings.ReplaceAll(s, "{arg}", Source(pass, node))
	}
	if fix.Replace != "" {
		return &analysis.SuggestedFix{Message: fix.Label, TextEdits: []analysis.TextEdit{{Pos: node.Pos(), End: node.End(), NewText: []byte(expand(fix.Replace))}}}
	}
	lit, ok := node.(*ast.CompositeLit)
	if !ok {
		return nil
	}
	field := expand(fix.AddField)
	var edit analysis.TextEdit
	switch {
	case len(lit.Elts) == 0:
		edit = analysis.TextEdit{Pos: lit.Rbrace, End: lit.Rbrace, NewText: []byte(field)}
	case pass.Fset.Position(lit.Rbrace).Line > pass.Fset.Position(lit.Elts[len(lit.Elts)-1].End()).Line:
		last := pass.Fset.Position(lit.Elts[len(lit.Elts)-1].Pos())
		tf := pass.Fset.File(lit.Rbrace)
		start := tf.LineStart(pass.Fset.Position(lit.Rbrace).Line)
		edit = analysis.TextEdit{Pos: start, End: start, NewText: []byte(strings.Repeat("\t", last.Column-1) + field + ",\n")}
	default:
		end := lit.Elts[len(lit.Elts)-1].End()
		edit = analysis.TextEdit{Pos: end, End: end, NewText: []byte(", " + field)}
	}
	return &analysis.SuggestedFix{Message: fix.Label, TextEdits: []analysis.TextEdit{edit}}
}

// Short returns the source of an expression, cut to a readable length.
func Short(pass *analysis.Pass, n ast.Node) string {
	s := strings.Join(strings.Fields(Source(pass, n)), " ")
	if len(s) > 48 {
		s = s[:45] + "..."
	}
	return s
}

// Describe names a configuration expression in a message: "the T
// literal" for a composite literal, the call or expression as written
// when it is short, the callee with "(...)" when it is not.
func Describe(pass *analysis.Pass, n ast.Node) string {
	switch x := n.(type) {
	case *ast.UnaryExpr:
		if lit, ok := x.X.(*ast.CompositeLit); ok {
			return Describe(pass, lit)
		}
	case *ast.CompositeLit:
		if x.Type != nil {
			return "the " + types.ExprString(x.Type) + " literal"
		}
	case *ast.CallExpr:
		if s := Short(pass, x); !strings.HasSuffix(s, "...") {
			return s
		}
		// A step of a long builder chain: name the step alone.
		if sel, ok := x.Fun.(*ast.SelectorExpr); ok {
			if _, isPkg := pass.TypesInfo.Uses[Ident(sel.X)].(*types.PkgName); !isPkg {
				args := make([]string, len(x.Args))
				for i, arg := range x.Args {
					args[i] = types.ExprString(arg)
				}
				if s := "." + sel.Sel.Name + "(" + strings.Join(args, ", ") + ")"; len(s) <= 48 {
					return s
				}
			}
		}
		return types.ExprString(x.Fun) + "(...)"
	}
	return Short(pass, n)
}

// Ident returns x as an identifier, inside parentheses or not, or nil.
func Ident(x ast.Expr) *ast.Ident {
	id, _ := ast.Unparen(x).(*ast.Ident)
	return id
}

// IsString says whether t is a string type.
func IsString(t types.Type) bool {
	if t == nil {
		return false
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}
