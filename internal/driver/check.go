package driver

import (
	"cmp"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"io"
	"os"
	"reflect"
	"runtime/debug"
	"slices"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/gcexportdata"
	"golang.org/x/tools/go/types/objectpath"
)

// universe is the set of packages imported from export data for the
// packages of one test binary, or for the plain packages: one
// *types.Package per path, so that the objects of a dependency are the
// same for every package that imports it.
//
// Importing can add objects to a package that an earlier import only
// referred to, so one lock (run.importMu) guards every universe's
// packages, and the object-path walks over them.
//
// The test variants of a test binary have no export data: each is
// type-checked from source once, when it is analysed or when a package
// that imports it first needs it.
type universe struct {
	packages map[string]*types.Package
	left     int   // packages of a test binary not done yet
	bytes    int64 // of export data decoded into it

	mu       sync.Mutex
	variants map[string]*variant // by ID
}

type variant struct {
	once sync.Once
	pkg  *types.Package
	err  error
}

func (u *universe) variant(id string) *variant {
	u.mu.Lock()
	defer u.mu.Unlock()
	v := u.variants[id]
	if v == nil {
		v = new(variant)
		u.variants[id] = v
	}
	return v
}

// universeBudget is how much export data the plain universe decodes
// before the driver starts a new one.
const universeBudget = 96 << 20

func (r *run) universeOf(name string) *universe {
	r.uniMu.Lock()
	defer r.uniMu.Unlock()
	u := r.universes[name]
	if u != nil && name == "" && u.bytes > universeBudget {
		// The packages that hold on to this one keep it; the next ones
		// start afresh, so that a large module's types are not all live
		// at once. Facts are keyed by object path, not by object, so
		// they do not care which universe a package was checked in.
		r.trace.log("universe dropped after %d MB of export data", u.bytes>>20)
		u = nil
	}
	if u == nil {
		u = &universe{packages: map[string]*types.Package{}, variants: map[string]*variant{}}
		if plain := r.universes[""]; name != "" && plain != nil {
			// A test binary shares the plain packages imported so far:
			// none of them depends on a test variant, and sharing them
			// spares decoding their export data once per test binary.
			// The plain packages that the test binary recompiles are
			// left out: their variants take their paths.
			r.importMu.Lock()
			for path, pkg := range plain.packages {
				if !r.variants[name][path] {
					u.packages[path] = pkg
				}
			}
			r.importMu.Unlock()
		}
		r.universes[name] = u
	}
	return u
}

// importFrom imports a dependency from its export data into u.
func (r *run) importFrom(u *universe, d *node) (*types.Package, error) {
	if d.path == "unsafe" {
		return types.Unsafe, nil
	}
	if d.uni != "" {
		v := u.variant(d.id)
		v.once.Do(func() { v.pkg, v.err = r.typesOf(u, d) })
		return v.pkg, v.err
	}
	r.importMu.Lock()
	defer r.importMu.Unlock()
	if p := u.packages[d.path]; p != nil && p.Complete() {
		return p, nil
	}
	if d.p.Export == "" {
		return nil, fmt.Errorf("no export data for %s", d.id)
	}
	f, err := os.Open(d.p.Export)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	rd, err := gcexportdata.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("reading export data of %s: %v", d.id, err)
	}
	counted := &countingReader{r: rd}
	pkg, err := gcexportdata.Read(counted, r.fset, u.packages, d.path)
	u.bytes += counted.n
	return pkg, err
}

type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// check parses and type-checks a package and runs the analyzers on it.
func (r *run) check(n *node, files []file, analyzers []*analysis.Analyzer) {
	var syntax []*ast.File
	for _, f := range files {
		af, err := parser.ParseFile(r.fset, f.name, f.data, parser.AllErrors|parser.ParseComments)
		if err != nil {
			n.loadErrs = append(n.loadErrs, r.scanErrors(err)...)
		}
		if af != nil {
			syntax = append(syntax, af)
		}
	}
	if len(n.loadErrs) > 0 {
		n.failed = true
		n.why = "does not parse"
		return
	}
	u := r.universeOf(n.uni)
	info := &types.Info{
		Types:        map[ast.Expr]types.TypeAndValue{},
		Defs:         map[*ast.Ident]types.Object{},
		Uses:         map[*ast.Ident]types.Object{},
		Implicits:    map[ast.Node]types.Object{},
		Instances:    map[*ast.Ident]types.Instance{},
		Scopes:       map[ast.Node]*types.Scope{},
		Selections:   map[*ast.SelectorExpr]*types.Selection{},
		FileVersions: map[*ast.File]string{},
	}
	tc := r.config(u, n, func(err error) { n.loadErrs = append(n.loadErrs, r.typeError(err)) })
	pkg, _ := tc.Check(n.path, r.fset, syntax, info)
	if len(n.loadErrs) > 0 {
		n.failed = true
		n.why = "does not type-check"
		return
	}
	if n.uni != "" {
		v := u.variant(n.id)
		v.once.Do(func() { v.pkg = pkg })
	}
	p := &unit{uni: u, run: r, node: n, pkg: pkg, files: syntax, info: info, results: map[*analysis.Analyzer]any{}, local: &localFacts{obj: map[localKey]analysis.Fact{}, pkg: map[string]analysis.Fact{}}}
	n.diags = map[string][]Diagnostic{}
	for _, a := range analyzers {
		p.exec(a)
	}
	n.facts = p.local.export(pkg)
}

// config returns the type-checker's configuration for a package of u.
func (r *run) config(u *universe, n *node, report func(error)) *types.Config {
	byImport := map[string]*node{}
	for _, d := range n.deps {
		byImport[d.id] = d
	}
	tc := &types.Config{
		Importer: importerFunc(func(path string) (*types.Package, error) {
			id := path
			if mapped, ok := n.p.ImportMap[path]; ok {
				id = mapped
			}
			d := byImport[id]
			if d == nil {
				return nil, fmt.Errorf("can't resolve import %q", path)
			}
			return r.importFrom(u, d)
		}),
		Sizes: r.sizes,
		Error: report,
	}
	if m := n.p.Module; m != nil && m.GoVersion != "" {
		tc.GoVersion = "go" + m.GoVersion
	}
	return tc
}

// typesOf type-checks a test variant from source for the packages that
// import it, without the information an analysis needs.
func (r *run) typesOf(u *universe, d *node) (*types.Package, error) {
	var syntax []*ast.File
	for _, name := range d.p.CompiledGoFiles {
		f, err := parser.ParseFile(r.fset, r.abs(d, name), nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		syntax = append(syntax, f)
	}
	var first error
	tc := r.config(u, d, func(err error) {
		if first == nil {
			first = err
		}
	})
	pkg, _ := tc.Check(d.path, r.fset, syntax, nil)
	if first != nil {
		return nil, first
	}
	return pkg, nil
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// scanErrors lists parse errors one each, as go/packages prints them.
func (r *run) scanErrors(err error) []Error {
	var list scanner.ErrorList
	if !errors.As(err, &list) {
		return []Error{{Message: err.Error()}}
	}
	// The first error of a line, as the compiler reports them: the
	// parser's next ones there follow from it.
	list.RemoveMultiples()
	var out []Error
	for _, e := range list {
		out = append(out, errorAt(e.Pos, e.Msg))
	}
	return out
}

// typeError is an error of the type-checker's.
func (r *run) typeError(err error) Error {
	var te types.Error
	if !errors.As(err, &te) {
		return Error{Message: err.Error()}
	}
	return errorAt(te.Fset.Position(te.Pos), te.Msg)
}

func errorAt(pos token.Position, msg string) Error {
	if !pos.IsValid() {
		return Error{Message: msg}
	}
	return Error{Posn: pos.String(), Start: position(pos), Message: msg}
}

// unit is one package under analysis.
type unit struct {
	uni     *universe
	run     *run
	node    *node
	pkg     *types.Package
	files   []*ast.File
	info    *types.Info
	results map[*analysis.Analyzer]any
	failed  map[*analysis.Analyzer]bool
	local   *localFacts
	paths   map[string]*node // package path -> node, over all dependencies
	enc     *objectpath.Encoder
}

// localFacts are the facts the package exports, by object.
type localFacts struct {
	mu  sync.Mutex
	obj map[localKey]analysis.Fact
	pkg map[string]analysis.Fact
}

type localKey struct {
	obj  types.Object
	fact string
}

// export keys the package's object facts by object path; a fact about
// an object that no importer can name is kept from nobody.
func (l *localFacts) export(pkg *types.Package) *factSet {
	if len(l.obj) == 0 && len(l.pkg) == 0 {
		return emptyFacts
	}
	set := &factSet{obj: map[objKey]analysis.Fact{}, pkg: l.pkg}
	var enc objectpath.Encoder
	for k, f := range l.obj {
		path, err := enc.For(k.obj)
		if err != nil {
			continue
		}
		set.obj[objKey{path, k.fact}] = f
	}
	return set
}

// exec runs an analyzer on the unit, once its requirements have run.
func (p *unit) exec(a *analysis.Analyzer) {
	if _, done := p.results[a]; done || p.failed[a] {
		return
	}
	inputs := map[*analysis.Analyzer]any{}
	for _, req := range a.Requires {
		p.exec(req)
		if p.failed[req] {
			p.fail(a, fmt.Errorf("failed prerequisites: %s", req))
			return
		}
		inputs[req] = p.results[req]
	}
	n := p.node
	pass := &analysis.Pass{
		Analyzer:   a,
		Fset:       p.run.fset,
		Files:      p.files,
		OtherFiles: n.p.OtherFiles,
		Pkg:        p.pkg,
		TypesInfo:  p.info,
		TypesSizes: p.run.sizes,
		ResultOf:   inputs,
		Report: func(d analysis.Diagnostic) {
			if n.root && slices.Contains(p.run.opt.Analyzers, a) {
				n.diags[a.Name] = append(n.diags[a.Name], p.run.diagnostic(d))
			}
		},
		ImportObjectFact:  p.importObjectFact,
		ExportObjectFact:  p.exportObjectFact,
		ImportPackageFact: p.importPackageFact,
		ExportPackageFact: func(f analysis.Fact) { p.exportPackageFact(p.pkg, f) },
		AllObjectFacts:    func() []analysis.ObjectFact { return p.allObjectFacts(a) },
		AllPackageFacts:   func() []analysis.PackageFact { return p.allPackageFacts(a) },
		ReadFile:          p.readFile,
	}
	if m := n.p.Module; m != nil {
		pass.Module = &analysis.Module{Path: m.Path, Version: m.Version, GoVersion: m.GoVersion}
	}
	result, err := p.runPass(a, pass)
	if err != nil {
		p.fail(a, err)
		return
	}
	p.results[a] = result
}

// runPass runs one pass, turning a panic into an error that names the
// package, so that one bad package does not end the run.
func (p *unit) runPass(a *analysis.Analyzer, pass *analysis.Pass) (result any, err error) {
	defer func() {
		if e := recover(); e != nil {
			err = fmt.Errorf("panic in %s: %v\n%s", p.node.id, e, debug.Stack())
		}
	}()
	return a.Run(pass)
}

func (p *unit) fail(a *analysis.Analyzer, err error) {
	if p.failed == nil {
		p.failed = map[*analysis.Analyzer]bool{}
	}
	p.failed[a] = true
	p.node.errs = append(p.node.errs, a.Name+": "+err.Error())
}

func (p *unit) readFile(name string) ([]byte, error) {
	n := p.node
	ok := slices.ContainsFunc(n.p.OtherFiles, func(f string) bool { return p.run.abs(n, f) == name })
	for _, f := range p.files {
		ok = ok || p.run.fset.File(f.FileStart).Name() == name
	}
	if !ok {
		return nil, fmt.Errorf("Pass.ReadFile: %s is not among OtherFiles, IgnoredFiles, or names of Files", name)
	}
	return os.ReadFile(name)
}

func factName(f analysis.Fact) string { return reflect.TypeOf(f).String() }

// owner returns the package that declares obj, among the unit's
// dependencies.
func (p *unit) owner(pkg *types.Package) *node {
	if p.paths == nil {
		p.paths = map[string]*node{}
		var visit func(n *node)
		visit = func(n *node) {
			for _, d := range n.deps {
				if _, seen := p.paths[d.path]; !seen {
					p.paths[d.path] = d
					visit(d)
				}
			}
		}
		visit(p.node)
	}
	return p.paths[pkg.Path()]
}

func (p *unit) importObjectFact(obj types.Object, ptr analysis.Fact) bool {
	if obj == nil || obj.Pkg() == nil {
		return false
	}
	name := factName(ptr)
	var f analysis.Fact
	if obj.Pkg() == p.pkg {
		p.local.mu.Lock()
		f = p.local.obj[localKey{obj, name}]
		p.local.mu.Unlock()
	} else {
		d := p.owner(obj.Pkg())
		if d == nil || len(d.facts.obj) == 0 {
			return false
		}
		if p.enc == nil {
			p.enc = new(objectpath.Encoder)
		}
		p.run.importMu.Lock()
		path, err := p.enc.For(obj)
		p.run.importMu.Unlock()
		if err != nil {
			return false
		}
		f = d.facts.obj[objKey{path, name}]
	}
	if f == nil {
		return false
	}
	reflect.ValueOf(ptr).Elem().Set(reflect.ValueOf(f).Elem())
	return true
}

func (p *unit) exportObjectFact(obj types.Object, f analysis.Fact) {
	if obj.Pkg() != p.pkg {
		panic(fmt.Sprintf("a fact about %s exported from package %s", obj, p.pkg.Path()))
	}
	p.local.mu.Lock()
	p.local.obj[localKey{obj, factName(f)}] = f
	p.local.mu.Unlock()
}

func (p *unit) importPackageFact(pkg *types.Package, ptr analysis.Fact) bool {
	var f analysis.Fact
	if pkg == p.pkg {
		p.local.mu.Lock()
		f = p.local.pkg[factName(ptr)]
		p.local.mu.Unlock()
	} else if d := p.owner(pkg); d != nil {
		f = d.facts.pkg[factName(ptr)]
	}
	if f == nil {
		return false
	}
	reflect.ValueOf(ptr).Elem().Set(reflect.ValueOf(f).Elem())
	return true
}

func (p *unit) exportPackageFact(pkg *types.Package, f analysis.Fact) {
	p.local.mu.Lock()
	p.local.pkg[factName(f)] = f
	p.local.mu.Unlock()
}

// owns reports whether a fact type is one of the analyzer's.
func owns(a *analysis.Analyzer, name string) bool {
	return slices.ContainsFunc(a.FactTypes, func(f analysis.Fact) bool { return factName(f) == name })
}

// allObjectFacts lists the analyzer's facts about objects of the package
// and of every dependency that its imports can name.
func (p *unit) allObjectFacts(a *analysis.Analyzer) []analysis.ObjectFact {
	var out []analysis.ObjectFact
	p.local.mu.Lock()
	for k, f := range p.local.obj {
		if owns(a, k.fact) {
			out = append(out, analysis.ObjectFact{Object: k.obj, Fact: f})
		}
	}
	p.local.mu.Unlock()
	p.owner(p.pkg) // fills p.paths
	u := p.uni
	for _, path := range sortedKeys(p.paths) {
		d := p.paths[path]
		if len(d.facts.obj) == 0 {
			continue
		}
		p.run.importMu.Lock()
		pkg := u.packages[path]
		p.run.importMu.Unlock()
		if pkg == nil {
			continue
		}
		keys := make([]objKey, 0, len(d.facts.obj))
		for k := range d.facts.obj {
			if owns(a, k.fact) {
				keys = append(keys, k)
			}
		}
		slices.SortFunc(keys, func(x, y objKey) int { return cmp.Or(cmp.Compare(x.path, y.path), cmp.Compare(x.fact, y.fact)) })
		for _, k := range keys {
			p.run.importMu.Lock()
			obj, err := objectpath.Object(pkg, k.path)
			p.run.importMu.Unlock()
			if err != nil {
				continue
			}
			out = append(out, analysis.ObjectFact{Object: obj, Fact: d.facts.obj[k]})
		}
	}
	return out
}

func (p *unit) allPackageFacts(a *analysis.Analyzer) []analysis.PackageFact {
	var out []analysis.PackageFact
	p.local.mu.Lock()
	for name, f := range p.local.pkg {
		if owns(a, name) {
			out = append(out, analysis.PackageFact{Package: p.pkg, Fact: f})
		}
	}
	p.local.mu.Unlock()
	p.owner(p.pkg)
	u := p.uni
	for _, path := range sortedKeys(p.paths) {
		d := p.paths[path]
		p.run.importMu.Lock()
		pkg := u.packages[path]
		p.run.importMu.Unlock()
		if pkg == nil {
			continue
		}
		for _, name := range sortedKeys(d.facts.pkg) {
			if owns(a, name) {
				out = append(out, analysis.PackageFact{Package: pkg, Fact: d.facts.pkg[name]})
			}
		}
	}
	return out
}
