package sqlextract

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/rules"
	"github.com/retrylint/retrylint/sqlcheck"
)

// TestSchemaForSandbox: the module's migrations are read when the
// package's files are named by absolute paths, as the go command's
// drivers name them, and not when they are named relative to the working
// directory, as Bazel's nogo names them in its action's sandbox, even
// when the module's files happen to be there (an action run unsandboxed).
// A package in no module has an empty schema. None of it fails.
func TestSchemaForSandbox(t *testing.T) {
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string]string{
		"mod/go.mod":                     "module example.com/mod\n",
		"mod/migrations/1_orders.up.sql": "CREATE TABLE orders (id text PRIMARY KEY);\n",
		"mod/store/store.go":             "package store\n",
		"nomod/store/store.go":           "package store\n",
	} {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(filepath.Join(dir, "mod"))
	for _, c := range []struct {
		file   string
		orders bool
	}{
		{filepath.Join(dir, "mod", "store", "store.go"), true},
		{filepath.Join("store", "store.go"), false},
		{filepath.Join(dir, "nomod", "store", "store.go"), false},
	} {
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, c.file, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		pass := &analysis.Pass{Fset: fset, Files: []*ast.File{f}}
		// A fresh sqlcheck.Analyzer each: schemas are cached per one.
		schema := schemaFor(pass, sqlcheck.New(sqlcheck.Options{}), rules.Default())
		switch {
		case schema == nil:
			t.Errorf("%s: no schema, want an empty one at least", c.file)
		case c.orders && schema.Table("orders") == nil:
			t.Errorf("%s: the module's migration was not read", c.file)
		case !c.orders && !schema.Empty():
			t.Errorf("%s: %d tables, want none", c.file, len(schema.Tables()))
		}
	}
}
