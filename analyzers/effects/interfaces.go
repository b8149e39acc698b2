package effects

import (
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

// A call of a method of an interface that the package declares runs the
// method of the one type of the package that implements it, when there is
// exactly one and no value of another implementing type is in sight (a
// type of another package, another interface): the package's own seam
// (type store interface; type pgStore struct) hides nothing. Several
// implementations, or one from elsewhere, stay unknown.

// interfaceEffects gives the methods of the package's interfaces the
// effects of the one implementation the package has, for the packages
// that call through the interface (type SystemDatabase interface, with
// *sysDB its one implementation): the same rule as calls inside the
// package, told to the callers as facts.
func (a *analyzer) interfaceEffects(result *Result) {
	scope := a.pass.Pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		iface, ok := tn.Type().Underlying().(*types.Interface)
		if !ok {
			continue
		}
		for m := range iface.ExplicitMethods() {
			if result.funcs[m] != nil {
				continue
			}
			if impl := a.implementation(m); impl != nil {
				if e := result.funcs[impl]; e != nil {
					result.funcs[m] = e
				}
			}
		}
	}
}

// implementation returns the method a call of interface method m runs, or
// nil when it cannot be told.
func (a *analyzer) implementation(m *types.Func) *types.Func {
	sig, ok := m.Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return nil
	}
	named, ok := types.Unalias(sig.Recv().Type()).(*types.Named)
	if !ok || named.Obj().Pkg() != a.pass.Pkg || named.TypeParams().Len() > 0 {
		return nil
	}
	impl, ok := a.impls[named]
	if !ok {
		impl = a.soleImplementation(named)
		a.impls[named] = impl
	}
	if impl == nil {
		return nil
	}
	obj, _, _ := types.LookupFieldOrMethod(impl, false, a.pass.Pkg, m.Name())
	fn, _ := obj.(*types.Func)
	return fn
}

// soleImplementation returns the type (T or *T) of the package's only
// implementation of iface, or nil.
func (a *analyzer) soleImplementation(named *types.Named) types.Type {
	iface, ok := named.Underlying().(*types.Interface)
	if !ok || iface.NumMethods() == 0 {
		return nil
	}
	var found types.Type
	scope := a.pass.Pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		t, ok := tn.Type().(*types.Named)
		if !ok || types.IsInterface(t) || t.TypeParams().Len() > 0 {
			continue
		}
		var impl types.Type
		switch {
		case types.Implements(t, iface):
			impl = t
		case types.Implements(types.NewPointer(t), iface):
			impl = types.NewPointer(t)
		default:
			continue
		}
		if found != nil {
			return nil // several
		}
		found = impl
	}
	if found == nil {
		return nil
	}
	// Another implementation in sight: a value of a type the package
	// does not declare, or of another interface, that would do as well.
	for _, t := range a.valueTypes() {
		if types.Identical(t, named) || sameNamed(t, found) {
			continue
		}
		if types.Implements(t, iface) {
			return nil
		}
	}
	return found
}

// valueTypes are the distinct types of the package's values, computed
// once: an interface's other implementations are looked for among them.
func (a *analyzer) valueTypes() []types.Type {
	if a.values != nil {
		return a.values
	}
	var seen typeutil.Map
	a.values = []types.Type{}
	for _, tv := range a.pass.TypesInfo.Types {
		t := tv.Type
		if t == nil || tv.IsType() || tv.IsNil() {
			continue
		}
		if _, ok := t.(*types.Tuple); ok || seen.At(t) != nil {
			continue
		}
		seen.Set(t, true)
		a.values = append(a.values, t)
	}
	return a.values
}
