// Package fixcheck proves, in the checks' tests, that their suggested
// fixes leave code that compiles: each fix alone, and all of a package's
// fixes merged as -fix merges them, are applied by internal/fixes, and
// the package is type-checked again. analysistest's golden files say
// what a fix writes; this says that what it writes builds.
package fixcheck

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"slices"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/retrylint/retrylint/internal/fixes"
)

// Check applies the suggested fixes of results and type-checks the
// fixed packages. It returns how many fixes it applied.
func Check(t *testing.T, results []*analysistest.Result) int {
	t.Helper()
	applied := 0
	for _, r := range results {
		pass := r.Pass
		var all []fixes.Fix
		for _, d := range r.Diagnostics {
			for i, sf := range d.SuggestedFixes {
				var fix fixes.Fix
				for _, e := range sf.TextEdits {
					tf := pass.Fset.File(e.Pos)
					fix = append(fix, fixes.Edit{File: tf.Name(), Start: tf.Offset(e.Pos), End: tf.Offset(e.End), New: string(e.NewText)})
				}
				where := pass.Fset.Position(d.Pos)
				if errs := typeCheck(pass.Pkg, pass.Fset, pass.Files, []fixes.Fix{fix}); len(errs) > 0 {
					t.Errorf("%s: fix %q of %q leaves code that does not compile: %v", where, sf.Message, d.Message, errs)
				}
				applied++
				if i == 0 {
					all = append(all, fix) // -fix applies a diagnostic's first fix
				}
			}
		}
		if len(all) > 1 {
			if errs := typeCheck(pass.Pkg, pass.Fset, pass.Files, all); len(errs) > 0 {
				t.Errorf("%s: the package's %d fixes together leave code that does not compile: %v", pass.Pkg.Path(), len(all), errs)
			}
		}
	}
	return applied
}

// typeCheck applies fixes to the files of pkg and type-checks them
// against the packages pkg imports, and the standard library for an
// import a fix adds.
func typeCheck(pkg *types.Package, fset *token.FileSet, files []*ast.File, list []fixes.Fix) []error {
	edits, skipped := fixes.Merge(list)
	var errs []error
	if skipped > 0 {
		errs = append(errs, errOverlap)
	}
	imports := map[string]*types.Package{}
	for _, imp := range pkg.Imports() {
		imports[imp.Path()] = imp
	}
	newFset := token.NewFileSet()
	var parsed []*ast.File
	for _, f := range files {
		name := fset.File(f.FileStart).Name()
		src, err := os.ReadFile(name)
		if err != nil {
			return append(errs, err)
		}
		if e := edits[name]; len(e) > 0 {
			if src, err = fixes.Fixed(src, e); err != nil {
				return append(errs, err)
			}
		}
		pf, err := parser.ParseFile(newFset, name, src, parser.ParseComments)
		if err != nil {
			return append(errs, err)
		}
		parsed = append(parsed, pf)
	}
	conf := types.Config{
		Importer: importerFunc(func(path string) (*types.Package, error) {
			if p, ok := imports[path]; ok {
				return p, nil
			}
			return stdImport(path)
		}),
		Error: func(err error) { errs = append(errs, err) },
	}
	conf.Check(pkg.Path(), newFset, parsed, nil)
	return slices.Clip(errs)
}

// stdImport imports a package of the standard library from export
// data, once for every check of the test binary.
var stdImport = func() func(string) (*types.Package, error) {
	var mu sync.Mutex
	std := importer.Default()
	return func(path string) (*types.Package, error) {
		mu.Lock()
		defer mu.Unlock()
		return std.Import(path)
	}
}()

type importerFunc func(string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

type overlapError struct{}

func (overlapError) Error() string { return "a fix overlaps another" }

var errOverlap error = overlapError{}
