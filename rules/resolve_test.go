package rules_test

import (
	"go/types"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/retrylint/retrylint/rules"
)

// TestPacksResolve checks every name in the builtin packs against the
// library stubs (which internal/stubcheck keeps equal to the real
// modules) and the standard library: the function, type, field or
// variable exists, and every
// argument index is in range, the operation being a function.
func TestPacksResolve(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the library stubs")
	}
	r := rules.Default()
	paths := map[string]bool{}
	for p := range r.Packages() {
		paths[p] = true
	}
	names := slices.Concat(
		slices.Collect(maps.Keys(r.Waits)), slices.Collect(maps.Keys(r.Contexts)),
		slices.Collect(maps.Keys(r.Clocks)), slices.Collect(maps.Keys(r.Local)), slices.Collect(maps.Keys(r.Exits)), slices.Collect(maps.Keys(r.Growth)),
		slices.Collect(maps.Keys(r.Sinks)), slices.Collect(maps.Keys(r.ExecutionValues)),
		slices.Collect(maps.Keys(r.TxCallbacks)), slices.Collect(maps.Keys(r.Effects)),
		slices.Collect(maps.Keys(r.Requests)), slices.Collect(maps.Keys(r.Transactions)),
		slices.Collect(maps.Keys(r.TerminalSources)),
		slices.Collect(maps.Keys(r.TimeUnits)), slices.Collect(maps.Keys(r.TimeKeeps)))
	for _, name := range names {
		paths[rules.PackageOf(name)] = true
	}
	for _, rt := range r.Retries {
		for _, n := range append(slices.Clone(rt.Terminal), rt.Retryable...) {
			paths[rules.PackageOf(n.Name)] = true // a wrapper of another package (temporal's, for workflow's retry)
		}
	}
	for key, at := range r.AttemptOptions {
		if at.Field != "" {
			paths[rules.PackageOf(key[:strings.LastIndexByte(key, '.')])] = true
		}
	}
	for key, o := range r.RetryOptions {
		if o.Field != "" {
			key = key[:strings.LastIndexByte(key, '.')]
		}
		paths[rules.PackageOf(key)] = true
	}
	var patterns []string
	for p := range paths {
		patterns = append(patterns, p)
	}
	testdata, _ := filepath.Abs(filepath.Join("..", "testdata"))
	cfg := &packages.Config{
		Mode: packages.NeedTypes | packages.NeedName,
		Dir:  filepath.Join(testdata, "src"),
		Env:  append(os.Environ(), "GO111MODULE=off", "GOPATH="+testdata, "GOFLAGS="),
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	byPath := map[string]*types.Package{}
	for _, p := range pkgs {
		for _, e := range p.Errors {
			t.Errorf("%s: %v", p.PkgPath, e)
		}
		byPath[p.PkgPath] = p.Types
	}

	funcs := map[string]*types.Func{}
	for _, pkg := range byPath {
		scope := pkg.Scope()
		for _, name := range scope.Names() {
			switch obj := scope.Lookup(name).(type) {
			case *types.Func:
				funcs[rules.FuncKey(obj)] = obj
			case *types.TypeName:
				for _, t := range []types.Type{obj.Type(), types.NewPointer(obj.Type())} {
					ms := types.NewMethodSet(t)
					for i := range ms.Len() {
						fn := ms.At(i).Obj().(*types.Func)
						funcs[rules.FuncKey(fn)] = fn
					}
				}
			}
		}
	}
	lookup := func(name string) *types.Func {
		if fn := funcs[rules.Normalize(name)]; fn != nil {
			return fn
		}
		t.Errorf("%s: no such function in the stubs", name)
		return nil
	}
	checkArg := func(name, what string, fn *types.Func, a *rules.Arg, wantFunc bool) {
		if a == nil || fn == nil {
			return
		}
		sig := fn.Type().(*types.Signature)
		if *a == rules.Receiver {
			if sig.Recv() == nil {
				t.Errorf("%s: %s is the receiver of a function", name, what)
			}
			return
		}
		if int(*a) >= sig.Params().Len() {
			t.Errorf("%s: %s argument %d out of range (%d parameters)", name, what, *a, sig.Params().Len())
			return
		}
		if wantFunc {
			if _, ok := sig.Params().At(int(*a)).Type().Underlying().(*types.Signature); !ok {
				t.Errorf("%s: %s argument %d is a %s, not a function", name, what, *a, sig.Params().At(int(*a)).Type())
			}
		}
	}
	for name, u := range r.TimeUnits {
		fn := lookup(name)
		checkArg(name, "arg", fn, u.Arg, false)
		if fn == nil || u.Arg == nil || int(*u.Arg) >= fn.Type().(*types.Signature).Params().Len() {
			continue
		}
		// A duration for truncate, a layout for format.
		var want types.Type = types.Typ[types.String]
		if u.Makes == rules.MakesTruncate {
			want = types.Typ[types.Int64]
		}
		if got := fn.Type().(*types.Signature).Params().At(int(*u.Arg)).Type(); !types.Identical(got.Underlying(), want) {
			t.Errorf("%s: arg %d is a %s, not a %s", name, *u.Arg, got, u.Makes)
		}
	}
	for name, k := range r.TimeKeeps {
		checkArg(name, "back", lookup(name), k.Back, false)
	}
	for name, rt := range r.Retries {
		fn := lookup(name)
		checkArg(name, "operation", fn, rt.Operation, rt.Framework == "") // a framework may take a value (a handler, an activity as any)
		checkArg(name, "policy", fn, rt.Policy, false)
		checkArg(name, "options", fn, rt.Options, false)
		checkArg(name, "context", fn, rt.Context, false)
	}
	for name := range r.Clients {
		lookup(name)
	}
	for name, w := range r.Waits {
		checkArg(name, "delay", lookup(name), w.Delay, false)
	}
	for name, c := range r.Contexts {
		checkArg(name, "parent", lookup(name), c.Parent, false)
	}
	for name := range r.Clocks {
		lookup(name)
	}
	for name := range r.Local {
		lookup(name)
	}
	for name := range r.Exits {
		lookup(name)
	}
	for name := range r.Growth {
		lookup(name)
	}
	for name, k := range r.Sinks {
		fn := lookup(name)
		checkArg(name, "query", fn, k.Query, false)
		checkArg(name, "args", fn, k.Args, false)
		checkArg(name, "table", fn, k.Table, false)
		if fn != nil && k.Query != nil {
			sig := fn.Type().(*types.Signature)
			if int(*k.Query) < sig.Params().Len() {
				if b, ok := sig.Params().At(int(*k.Query)).Type().Underlying().(*types.Basic); !ok || b.Kind() != types.String {
					t.Errorf("%s: query argument %d is a %s, not a string", name, *k.Query, sig.Params().At(int(*k.Query)).Type())
				}
			}
			if k.Args != nil && (!sig.Variadic() || int(*k.Args) != sig.Params().Len()-1) {
				t.Errorf("%s: args %d is not the variadic parameter", name, *k.Args)
			}
		}
	}
	for name := range r.ExecutionValues {
		lookup(name)
	}
	for name, e := range r.Effects {
		fn := lookup(name)
		checkArg(name, "request", fn, e.Request, false)
		checkArg(name, "method", fn, e.Method, false)
		checkArg(name, "append-file", fn, e.AppendFile, false)
	}
	for name := range r.TerminalSources {
		lookup(name)
	}
	for name, rt := range r.Retries {
		checkArg(name, "classifier", lookup(name), rt.Classifier, true)
		for _, n := range rt.Terminal {
			if pkg := byPath[rules.PackageOf(n.Name)]; pkg != nil {
				if _, ok := pkg.Scope().Lookup(n.Name[strings.LastIndexByte(n.Name, '.')+1:]).(*types.Var); ok {
					continue // a marker error (asynq.SkipRetry)
				}
			}
			lookup(n.Name)
		}
		for _, n := range append(slices.Clone(rt.Retryable), rt.Unwraps...) {
			lookup(n.Name)
		}
		checkArg(name, "kind", lookup(name), rt.Kind, false)
	}
	for name, q := range r.Enqueues {
		fn := lookup(name)
		checkArg(name, "kind", fn, q.Kind, false)
		checkArg(name, "task", fn, q.Task, false)
		checkArg(name, "options", fn, q.Options, false)
	}
	for key, at := range r.AttemptOptions {
		if at.Call != "" {
			checkArg(key, "arg", lookup(key), at.Arg, false)
			continue
		}
		typeName, field := key[:strings.LastIndexByte(key, '.')], key[strings.LastIndexByte(key, '.')+1:]
		pkg := byPath[rules.PackageOf(typeName)]
		if pkg == nil || pkg.Scope().Lookup(typeName[strings.LastIndexByte(typeName, '.')+1:]) == nil {
			t.Errorf("attempts: %s: no such type", key)
			continue
		}
		if f, _, _ := types.LookupFieldOrMethod(pkg.Scope().Lookup(typeName[strings.LastIndexByte(typeName, '.')+1:]).Type(), true, pkg, field); f == nil {
			t.Errorf("attempts: %s: no such field", key)
		}
	}
	for key, o := range r.RetryOptions {
		if o.Call != "" {
			fn := lookup(key)
			checkArg(key, "context", fn, o.Context, false)
			checkArg(key, "arg", fn, o.Arg, false)
			for _, f := range o.For {
				if r.Retries[rules.Normalize(f.Name)] == nil {
					t.Errorf("retry-options: %s: for %s is no retries row", key, f.Name)
				}
			}
			continue
		}
		typeName, field := key[:strings.LastIndexByte(key, '.')], key[strings.LastIndexByte(key, '.')+1:]
		pkg := byPath[rules.PackageOf(typeName)]
		if pkg == nil || pkg.Scope().Lookup(typeName[strings.LastIndexByte(typeName, '.')+1:]) == nil {
			t.Errorf("retry-options: %s: no such type", key)
			continue
		}
		if f, _, _ := types.LookupFieldOrMethod(pkg.Scope().Lookup(typeName[strings.LastIndexByte(typeName, '.')+1:]).Type(), true, pkg, field); f == nil {
			t.Errorf("retry-options: %s: no such field", key)
		}
	}
	for key, v := range r.Values {
		// A field's predicate is the value assigned to it, not an argument.
		if kind, name, _ := strings.Cut(key, ":"); v.Predicate != nil && kind != "field" {
			checkArg(name, "predicate", lookup(name), v.Predicate, true)
		}
	}
	for name, q := range r.Requests {
		checkArg(name, "method", lookup(name), q.Method, false)
	}
	for name, c := range r.TxCallbacks {
		fn := lookup(name)
		checkArg(name, "callback", fn, c.Callback, true)
	}
	for name := range r.Transactions {
		pkg := byPath[rules.PackageOf(name)]
		if pkg == nil || pkg.Scope().Lookup(name[strings.LastIndexByte(name, '.')+1:]) == nil {
			t.Errorf("transactions: %s: no such type", name)
		}
	}
	for key, v := range r.Values {
		kind, name, _ := strings.Cut(key, ":")
		switch kind {
		case "call", "func":
			fn := lookup(name)
			if kind == "call" {
				checkArg(name, "wraps", fn, v.Wraps, false)
				checkArg(name, "options", fn, v.Options, false)
				checkArg(name, "context", fn, v.Context, false)
				checkArg(name, "arg", fn, v.Arg, false)
			}
		case "var", "literal":
			pkg := byPath[rules.PackageOf(name)]
			if pkg == nil || pkg.Scope().Lookup(name[strings.LastIndexByte(name, '.')+1:]) == nil {
				t.Errorf("%s: no such %s in the stubs", name, kind)
			}
		case "field":
			typeName, field := name[:strings.LastIndexByte(name, '.')], name[strings.LastIndexByte(name, '.')+1:]
			pkg := byPath[rules.PackageOf(typeName)]
			if pkg == nil {
				t.Errorf("%s: no package", name)
				continue
			}
			obj := pkg.Scope().Lookup(typeName[strings.LastIndexByte(typeName, '.')+1:])
			if obj == nil {
				t.Errorf("%s: no such type", name)
				continue
			}
			if f, _, _ := types.LookupFieldOrMethod(obj.Type(), true, pkg, field); f == nil {
				t.Errorf("%s: no such field", name)
			}
		}
	}
}

// TestSQLDialect: a driver's path matches the packages below it, and
// only those.
func TestSQLDialect(t *testing.T) {
	r := rules.Default()
	for path, want := range map[string]string{
		"github.com/jackc/pgx/v5/stdlib":  "postgresql",
		"github.com/go-sql-driver/mysql":  "mysql",
		"modernc.org/sqlite/lib":          "sqlite",
		"github.com/go-sql-driver/mysqlx": "",
		"database/sql":                    "",
	} {
		if got, ok := r.SQLDialect(path); got != want || ok != (want != "") {
			t.Errorf("SQLDialect(%s) = %q, %v; want %q", path, got, ok, want)
		}
	}
}
