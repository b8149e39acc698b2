package stubcheck_test

import (
	"bufio"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/go/packages"
)

// stubHeader is the first line every file of a stub package starts with.
// Directories under testdata/src without it (analyzer test inputs) are not
// stubs and are ignored.
var stubHeader = regexp.MustCompile(`^// Package (\w+) is a test stub of (\S+)@(v\S+): exported API only, bodies are not real\.$`)

// A stub is one stub package found under testdata/src.
type stub struct {
	path    string // import path, relative to testdata/src
	name    string // package name from the header
	module  string // module path from the header
	version string // module version from the header
}

func TestStubsMatchRealAPI(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the real modules with go/packages; skipped with -short")
	}
	testdata, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(testdata, "src")
	realmod := filepath.Join(testdata, "realmod")

	stubs := findStubs(t, src)
	if len(stubs) == 0 {
		t.Fatalf("no stub packages found under %s", src)
	}
	var patterns []string
	for _, s := range stubs {
		patterns = append(patterns, s.path)
	}

	const mode = packages.NeedName | packages.NeedModule | packages.NeedTypes |
		packages.NeedSyntax | packages.NeedTypesInfo
	stubCfg := &packages.Config{
		Mode: mode,
		Dir:  src,
		Env:  append(os.Environ(), "GO111MODULE=off", "GOPATH="+testdata, "GOFLAGS=", "GOWORK=off"),
	}
	realCfg := &packages.Config{
		Mode: mode,
		Dir:  realmod,
		Env:  append(os.Environ(), "GO111MODULE=on", "GOFLAGS=", "GOWORK=off"),
	}

	// One Load per side, both at once.
	var (
		wg                 sync.WaitGroup
		stubPkgs, realPkgs []*packages.Package
		stubErr, realErr   error
	)
	wg.Add(2)
	go func() { defer wg.Done(); stubPkgs, stubErr = packages.Load(stubCfg, patterns...) }()
	go func() { defer wg.Done(); realPkgs, realErr = packages.Load(realCfg, patterns...) }()
	wg.Wait()
	if stubErr != nil {
		t.Fatalf("loading stubs: %v", stubErr)
	}
	if realErr != nil {
		t.Fatalf("loading real packages from %s: %v", realmod, realErr)
	}
	stubByPath := indexPackages(t, "stub", stubPkgs)
	realByPath := indexPackages(t, "real", realPkgs)

	for _, s := range stubs {
		t.Run(s.path, func(t *testing.T) {
			sp, rp := stubByPath[s.path], realByPath[s.path]
			if sp == nil {
				t.Fatalf("stub package %s was not loaded", s.path)
			}
			if rp == nil {
				t.Fatalf("%s is not loadable from testdata/realmod: add its module to realmod/go.mod and a blank import to imports.go", s.path)
			}
			checkHeader(t, s, sp, rp)
			c := &checker{t: t, stub: sp, real: rp}
			c.comparePackages()
		})
	}
}

// findStubs returns the stub packages under src, sorted by import path.
func findStubs(t *testing.T, src string) []stub {
	t.Helper()
	byDir := map[string][]string{} // dir -> first lines of its .go files
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		line, err := firstLine(p)
		if err != nil {
			return err
		}
		dir := filepath.Dir(p)
		byDir[dir] = append(byDir[dir], filepath.Base(p)+"\x00"+line)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var stubs []stub
	for dir, lines := range byDir {
		var found *stub
		for _, l := range lines {
			if m := stubHeader.FindStringSubmatch(strings.SplitN(l, "\x00", 2)[1]); m != nil {
				found = &stub{name: m[1], module: m[2], version: m[3]}
				break
			}
		}
		if found == nil {
			continue
		}
		rel, err := filepath.Rel(src, dir)
		if err != nil {
			t.Fatal(err)
		}
		found.path = filepath.ToSlash(rel)
		for _, l := range lines {
			file, line, _ := strings.Cut(l, "\x00")
			m := stubHeader.FindStringSubmatch(line)
			switch {
			case m == nil:
				t.Errorf("%s/%s: stub file does not start with the stub header line", found.path, file)
			case m[1] != found.name || m[2] != found.module || m[3] != found.version:
				t.Errorf("%s/%s: header says package %s of %s@%s, another file of the package says %s of %s@%s",
					found.path, file, m[1], m[2], m[3], found.name, found.module, found.version)
			}
		}
		stubs = append(stubs, *found)
	}
	sort.Slice(stubs, func(i, j int) bool { return stubs[i].path < stubs[j].path })
	return stubs
}

func firstLine(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Scan()
	return sc.Text(), sc.Err()
}

// indexPackages maps the loaded packages by path and fails on load errors.
func indexPackages(t *testing.T, side string, pkgs []*packages.Package) map[string]*packages.Package {
	t.Helper()
	byPath := map[string]*packages.Package{}
	var errs []string
	for _, p := range pkgs {
		byPath[p.PkgPath] = p
		for _, e := range p.Errors {
			errs = append(errs, e.Error())
		}
	}
	if len(errs) > 0 {
		t.Fatalf("%s packages failed to load:\n\t%s", side, strings.Join(errs, "\n\t"))
	}
	return byPath
}

// checkHeader checks the stub header against the module realmod resolves.
func checkHeader(t *testing.T, s stub, sp, rp *packages.Package) {
	t.Helper()
	if sp.Name != s.name {
		t.Errorf("header names package %s, stub package clause says %s", s.name, sp.Name)
	}
	if rp.Name != sp.Name {
		t.Errorf("package name: stub %s, real %s", sp.Name, rp.Name)
	}
	if rp.Module == nil {
		t.Errorf("real package %s has no module information", rp.PkgPath)
		return
	}
	if rp.Module.Path != s.module || rp.Module.Version != s.version {
		t.Errorf("header says %s@%s, realmod resolves %s@%s", s.module, s.version, rp.Module.Path, rp.Module.Version)
	}
}

type checker struct {
	t          *testing.T
	stub, real *packages.Package
}

// qualifier prints package paths, so a stub type and the real type print
// the same when they are the same declaration.
func qualifier(p *types.Package) string { return p.Path() }

func typeString(t types.Type) string { return types.TypeString(t, qualifier) }

func (c *checker) errorf(format string, args ...any) {
	c.t.Helper()
	c.t.Errorf(format, args...)
}

func (c *checker) comparePackages() {
	ss, rs := c.stub.Types.Scope(), c.real.Types.Scope()
	stubInits, realInits := varInits(c.stub), varInits(c.real)
	for _, name := range ss.Names() {
		so := ss.Lookup(name)
		if !so.Exported() {
			continue
		}
		where := c.stub.PkgPath + "." + name
		ro := rs.Lookup(name)
		if ro == nil {
			c.errorf("%s: stub declares %s %s, the real package has no such name", where, objKind(so), typeString(so.Type()))
			continue
		}
		if objKind(so) != objKind(ro) {
			c.errorf("%s: stub declares a %s, the real package a %s", where, objKind(so), objKind(ro))
			continue
		}
		switch so := so.(type) {
		case *types.Func:
			c.compareTypes(where, so.Type(), ro.Type())
		case *types.Var:
			c.compareTypes(where, so.Type(), ro.Type())
			c.compareInit(where, stubInits[name], realInits[name])
		case *types.Const:
			c.compareTypes(where, so.Type(), ro.Type())
			if rv := ro.(*types.Const).Val(); !sameConst(so.Val(), rv) {
				c.errorf("%s: constant value\n\tstub %s\n\treal %s", where, so.Val().ExactString(), rv.ExactString())
			}
		case *types.TypeName:
			c.compareTypeNames(where, so, ro.(*types.TypeName))
		default:
			c.errorf("%s: unexpected object %T", where, so)
		}
	}
}

func objKind(o types.Object) string {
	switch o := o.(type) {
	case *types.Func:
		return "func"
	case *types.Var:
		return "var"
	case *types.Const:
		return "const"
	case *types.TypeName:
		if o.IsAlias() {
			return "type alias"
		}
		return "type"
	default:
		return fmt.Sprintf("%T", o)
	}
}

func (c *checker) compareTypes(where string, s, r types.Type) {
	c.t.Helper()
	if ss, rs := typeString(s), typeString(r); ss != rs {
		c.errorf("%s: type\n\tstub %s\n\treal %s", where, ss, rs)
	}
}

func (c *checker) compareTypeNames(where string, s, r *types.TypeName) {
	if s.IsAlias() {
		c.compareTypes(where+" (alias of)", types.Unalias(s.Type()), types.Unalias(r.Type()))
		return
	}
	sn, ok1 := s.Type().(*types.Named)
	rn, ok2 := r.Type().(*types.Named)
	if !ok1 || !ok2 {
		c.errorf("%s: not a defined type: stub %T, real %T", where, s.Type(), r.Type())
		return
	}
	if st, rt := tparamsString(sn.TypeParams()), tparamsString(rn.TypeParams()); st != rt {
		c.errorf("%s: type parameters\n\tstub %s\n\treal %s", where, st, rt)
	}
	su, ru := sn.Underlying(), rn.Underlying()
	switch su := su.(type) {
	case *types.Struct:
		rs, ok := ru.(*types.Struct)
		if !ok {
			c.errorf("%s: underlying type\n\tstub %s\n\treal %s", where, typeString(su), typeString(ru))
			return
		}
		c.compareFields(where, su, rs)
	case *types.Interface:
		if _, ok := ru.(*types.Interface); !ok {
			c.errorf("%s: underlying type\n\tstub %s\n\treal %s", where, typeString(su), typeString(ru))
			return
		}
		c.compareInterfaces(where, sn, rn)
		return // an interface type has no declared methods of its own
	default:
		c.compareTypes(where+" (underlying)", su, ru)
	}
	c.compareMethods(where, sn, rn)
}

func tparamsString(l *types.TypeParamList) string {
	if l.Len() == 0 {
		return "none"
	}
	var parts []string
	for tp := range l.TypeParams() {
		parts = append(parts, tp.Obj().Name()+" "+typeString(tp.Constraint()))
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// compareFields checks that every field the stub declares (exported or
// not) is a field of the real struct with the same type, embedding and
// relative order, and that the stub declares every exported field.
func (c *checker) compareFields(where string, s, r *types.Struct) {
	realIndex := map[string]int{}
	for i := range r.NumFields() {
		realIndex[r.Field(i).Name()] = i
	}
	declared := map[string]bool{}
	prev, prevName := -1, ""
	for i := range s.NumFields() {
		sf := s.Field(i)
		declared[sf.Name()] = true
		at := where + "." + sf.Name()
		j, ok := realIndex[sf.Name()]
		if !ok {
			c.errorf("%s: stub field %s, the real struct has no such field", at, typeString(sf.Type()))
			continue
		}
		rf := r.Field(j)
		c.compareTypes(at, sf.Type(), rf.Type())
		if sf.Embedded() != rf.Embedded() {
			c.errorf("%s: embedded: stub %v, real %v", at, sf.Embedded(), rf.Embedded())
		}
		if j < prev {
			c.errorf("%s: field order: the stub puts it after %s, the real struct before", at, prevName)
		}
		prev, prevName = j, sf.Name()
	}
	for i := range r.NumFields() {
		rf := r.Field(i)
		if rf.Exported() && !declared[rf.Name()] {
			c.errorf("%s.%s: real field %s is missing from the stub (stubs declare every exported field)", where, rf.Name(), typeString(rf.Type()))
		}
	}
}

// compareInterfaces requires the two method sets to be equal: an interface
// with fewer methods would accept implementations the real one rejects.
func (c *checker) compareInterfaces(where string, sn, rn *types.Named) {
	sm, rm := methodsByName(types.NewMethodSet(sn)), methodsByName(types.NewMethodSet(rn))
	for name, ssel := range sm {
		rsel, ok := rm[name]
		if !ok {
			c.errorf("%s.%s: stub interface method %s, the real interface has no such method", where, name, typeString(ssel.Type()))
			continue
		}
		c.compareTypes(where+"."+name, ssel.Obj().Type(), rsel.Obj().Type())
	}
	for name, rsel := range rm {
		if _, ok := sm[name]; !ok {
			c.errorf("%s.%s: real interface method %s is missing from the stub", where, name, typeString(rsel.Obj().Type()))
		}
	}
}

// compareMethods checks every exported method the stub has on T or *T.
func (c *checker) compareMethods(where string, sn, rn *types.Named) {
	sPtr := types.NewMethodSet(types.NewPointer(sn))
	rPtr := types.NewMethodSet(types.NewPointer(rn))
	sVal, rVal := types.NewMethodSet(sn), types.NewMethodSet(rn)
	for ssel := range sPtr.Methods() {
		sm := ssel.Obj()
		if !sm.Exported() {
			continue
		}
		at := where + "." + sm.Name()
		rsel := rPtr.Lookup(sm.Pkg(), sm.Name())
		if rsel == nil {
			obj, _, _ := types.LookupFieldOrMethod(rn, true, rn.Obj().Pkg(), sm.Name())
			what := "no such method"
			if obj != nil {
				what = "a " + objKind(obj) + " field of that name"
			}
			c.errorf("%s: stub method %s, the real type has %s", at, typeString(sm.Type()), what)
			continue
		}
		c.compareTypes(at, sm.Type(), rsel.Obj().Type())
		sOnVal := sVal.Lookup(sm.Pkg(), sm.Name()) != nil
		rOnVal := rVal.Lookup(sm.Pkg(), sm.Name()) != nil
		if sOnVal != rOnVal {
			c.errorf("%s: receiver: stub %s, real %s", at, recvKind(sOnVal), recvKind(rOnVal))
		}
		if ls, lr := len(ssel.Index()), len(rsel.Index()); ls != lr {
			c.errorf("%s: embedding depth: stub %d, real %d (declared vs promoted)", at, ls, lr)
		}
	}
}

func recvKind(onValue bool) string {
	if onValue {
		return "value receiver"
	}
	return "pointer receiver"
}

func methodsByName(ms *types.MethodSet) map[string]*types.Selection {
	m := map[string]*types.Selection{}
	for sel := range ms.Methods() {
		m[sel.Obj().Name()] = sel
	}
	return m
}

// varInits maps each package-level var name to its initializer.
func varInits(p *packages.Package) map[string]ast.Expr {
	inits := map[string]ast.Expr{}
	for _, f := range p.Syntax {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				if len(vs.Values) != len(vs.Names) {
					continue
				}
				for i, n := range vs.Names {
					inits[n.Name] = vs.Values[i]
				}
			}
		}
	}
	return inits
}

// compareInit checks a var's value where the stub's initializer has one
// that can be compared statically: a constant expression, or a composite
// literal whose keyed elements are constants (like retry.DefaultRetry).
func (c *checker) compareInit(where string, s, r ast.Expr) {
	if s == nil {
		return
	}
	if r == nil {
		c.errorf("%s: the stub initializes it, the real var has no initializer", where)
		return
	}
	if sv := c.stub.TypesInfo.Types[s].Value; sv != nil {
		rv := c.real.TypesInfo.Types[r].Value
		if rv == nil {
			c.errorf("%s: stub initializes it to the constant %s, the real initializer is not constant", where, sv.ExactString())
		} else if !sameConst(sv, rv) {
			c.errorf("%s: initial value\n\tstub %s\n\treal %s", where, sv.ExactString(), rv.ExactString())
		}
		return
	}
	scl, ok := ast.Unparen(s).(*ast.CompositeLit)
	if !ok {
		return
	}
	rcl, ok := ast.Unparen(r).(*ast.CompositeLit)
	if !ok {
		c.errorf("%s: the stub initializes it with a composite literal, the real one does not", where)
		return
	}
	se, re := keyedConsts(c.stub.TypesInfo, scl), keyedConsts(c.real.TypesInfo, rcl)
	for key, sv := range se {
		rv, ok := re[key]
		switch {
		case !ok:
			c.errorf("%s{%s}: stub sets %s, the real literal does not set it to a constant", where, key, sv.ExactString())
		case !sameConst(sv, rv):
			c.errorf("%s{%s}: initial value\n\tstub %s\n\treal %s", where, key, sv.ExactString(), rv.ExactString())
		}
	}
	for key, rv := range re {
		if _, ok := se[key]; !ok {
			c.errorf("%s{%s}: real literal sets %s, the stub does not", where, key, rv.ExactString())
		}
	}
}

func keyedConsts(info *types.Info, cl *ast.CompositeLit) map[string]constant.Value {
	m := map[string]constant.Value{}
	for _, e := range cl.Elts {
		kv, ok := e.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		key, ok := kv.Key.(*ast.Ident)
		if !ok {
			continue
		}
		if v := info.Types[kv.Value].Value; v != nil {
			m[key.Name] = v
		}
	}
	return m
}

func sameConst(a, b constant.Value) bool {
	numeric := func(v constant.Value) bool {
		switch v.Kind() {
		case constant.Int, constant.Float, constant.Complex:
			return true
		}
		return false
	}
	if a.Kind() != b.Kind() && !(numeric(a) && numeric(b)) {
		return false
	}
	return constant.Compare(a, token.EQL, b)
}
