package analysisutil

import (
	"go/types"
	"slices"
	"strings"
)

// Mirrors finds, for one package, the rule methods interface methods
// mirror. The zero value is not usable: make one with NewMirrors.
type Mirrors struct {
	pkg *types.Package
	// byParams matches a method by its name and parameters alone, with
	// results of the same number and an error where the rule's has one:
	// a project's own client interface that wraps a driver's results in
	// its own types (Exec(ctx, query string, args ...any) (Result, error))
	// still hands the driver the query.
	byParams bool
	names    []string                  // the rule keys of methods, sorted
	packages map[string]*types.Package // every package pkg imports, directly or not
}

// NewMirrors returns the Mirrors of pkg among the rule keys names.
func NewMirrors(pkg *types.Package, names []string) *Mirrors {
	sorted := slices.Clone(names)
	slices.Sort(sorted)
	return &Mirrors{pkg: pkg, names: sorted}
}

// Find finds the rule method an interface method mirrors: a method of
// the same name and signature on a named type of a package pkg imports,
// directly or not, among its names (rule keys of methods, as
// (*pkg.T).Method). Code that hides a library's client behind its own
// interface (type httpClient interface{ Do(*http.Request)
// (*http.Response, error) }, sqlc's DBTX) calls the library through it.
// Several rules may match ((*sql.DB).ExecContext, (*sql.Tx).ExecContext):
// the first name in order is the one, whatever the order names come in.
// It returns the matching name, or "".
func (m *Mirrors) Find(fn *types.Func) string {
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil || !types.IsInterface(sig.Recv().Type()) {
		return ""
	}
	bare := func(s *types.Signature) *types.Signature {
		return types.NewSignatureType(nil, nil, nil, s.Params(), s.Results(), s.Variadic())
	}
	for _, name := range m.names {
		if !strings.HasPrefix(name, "(") || !strings.HasSuffix(name, ")."+fn.Name()) {
			continue
		}
		if m.packages == nil {
			m.packages = imported(m.pkg)
		}
		recv := strings.TrimLeft(name[:strings.LastIndexByte(name, ')')], "(*")
		dot := strings.LastIndexByte(recv, '.')
		if dot < 0 {
			continue
		}
		p := m.packages[recv[:dot]]
		if p == nil {
			continue
		}
		tn, ok := p.Scope().Lookup(recv[dot+1:]).(*types.TypeName)
		if !ok {
			continue
		}
		obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(tn.Type()), false, p, fn.Name())
		method, ok := obj.(*types.Func)
		if !ok {
			continue
		}
		msig := method.Type().(*types.Signature)
		if types.Identical(bare(msig), bare(sig)) || m.byParams && sameCall(msig, sig) {
			return name
		}
	}
	return ""
}

// sameCall says whether two signatures take the same parameters and
// return as many results, with an error where the first returns one.
func sameCall(rule, iface *types.Signature) bool {
	if rule.Variadic() != iface.Variadic() || !types.Identical(rule.Params(), iface.Params()) || rule.Results().Len() != iface.Results().Len() {
		return false
	}
	errType := types.Universe.Lookup("error").Type()
	for i := range rule.Results().Len() {
		if types.Identical(rule.Results().At(i).Type(), errType) != types.Identical(iface.Results().At(i).Type(), errType) {
			return false
		}
	}
	return true
}

// Mirrored returns the row of rows whose method fn mirrors, or nil, making
// the package's Mirrors in *cache on first use.
func Mirrored[V any](cache **Mirrors, pkg *types.Package, rows map[string]*V, fn *types.Func) *V {
	return mirrored(cache, pkg, rows, fn, false)
}

// MirroredByParams is Mirrored matching by name and parameters alone
// (see Mirrors.byParams): for rules whose calls take the text they run.
func MirroredByParams[V any](cache **Mirrors, pkg *types.Package, rows map[string]*V, fn *types.Func) *V {
	return mirrored(cache, pkg, rows, fn, true)
}

func mirrored[V any](cache **Mirrors, pkg *types.Package, rows map[string]*V, fn *types.Func, byParams bool) *V {
	if *cache == nil {
		names := make([]string, 0, len(rows))
		for name := range rows {
			names = append(names, name)
		}
		*cache = NewMirrors(pkg, names)
		(*cache).byParams = byParams
	}
	if name := (*cache).Find(fn); name != "" {
		return rows[name]
	}
	return nil
}

// imported returns every package pkg imports, directly or not, by path.
func imported(pkg *types.Package) map[string]*types.Package {
	out := map[string]*types.Package{}
	var walk func(*types.Package)
	walk = func(p *types.Package) {
		for _, imp := range p.Imports() {
			if out[imp.Path()] == nil {
				out[imp.Path()] = imp
				walk(imp)
			}
		}
	}
	walk(pkg)
	return out
}
