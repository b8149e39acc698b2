package rules

import (
	"go/types"
	"regexp"
	"slices"
	"strings"
)

// Rules is the merged, indexed knowledge that analyzers read: the builtin
// packs, then the user's packs (whose entries replace builtin entries of
// the same name), less what the user disabled.
type Rules struct {
	Retries  map[string]*Retry
	Clients  map[string]*Retry
	Values   map[string]*Value
	Waits    map[string]*Wait
	Random   map[string]bool
	Contexts map[string]*Context
	Clocks   map[string]bool
	Growth   map[string]bool

	disabledChecks []string
}

// Default is the builtin knowledge with no user configuration.
func Default() *Rules { return New(nil) }

// New merges the builtin packs and cfg, which may be nil.
func New(cfg *Config) *Rules {
	r := &Rules{
		Retries:  map[string]*Retry{},
		Clients:  map[string]*Retry{},
		Values:   map[string]*Value{},
		Waits:    map[string]*Wait{},
		Random:   map[string]bool{},
		Contexts: map[string]*Context{},
		Clocks:   map[string]bool{},
		Growth:   map[string]bool{},
	}
	packs := Builtin()
	if cfg != nil {
		for i := range cfg.Packs {
			packs = append(packs, &cfg.Packs[i])
		}
	}
	for _, p := range packs {
		for i := range p.Retries {
			r.Retries[Normalize(p.Retries[i].Call)] = &p.Retries[i]
		}
		for i := range p.Clients {
			r.Clients[Normalize(p.Clients[i].Call)] = &p.Clients[i]
		}
		for i := range p.Values {
			v := &p.Values[i]
			r.Values[valueKind(v)+Normalize(v.Key())] = v
		}
		for i := range p.Waits {
			r.Waits[Normalize(p.Waits[i].Call)] = &p.Waits[i]
		}
		for _, path := range p.Random {
			r.Random[path.Name] = true
		}
		for i := range p.Contexts {
			r.Contexts[Normalize(p.Contexts[i].Call)] = &p.Contexts[i]
		}
		for _, n := range p.Clocks {
			r.Clocks[Normalize(n.Name)] = true
		}
		for _, n := range p.Growth {
			r.Growth[Normalize(n.Name)] = true
		}
	}
	if cfg != nil {
		r.disabledChecks = cfg.Disable.Checks
		for _, name := range cfg.Disable.Rules {
			name = Normalize(name)
			delete(r.Retries, name)
			delete(r.Clients, name)
			delete(r.Waits, name)
			delete(r.Contexts, name)
			delete(r.Clocks, name)
			delete(r.Growth, name)
			for _, kind := range []string{"call:", "func:", "var:", "literal:", "field:"} {
				delete(r.Values, kind+name)
			}
		}
	}
	return r
}

func valueKind(v *Value) string {
	switch {
	case v.Call != "":
		return "call:"
	case v.Func != "":
		return "func:"
	case v.Var != "":
		return "var:"
	case v.Literal != "":
		return "literal:"
	}
	return "field:"
}

// Enabled reports whether the user left the check on.
func (r *Rules) Enabled(check string) bool { return !slices.Contains(r.disabledChecks, check) }

// Call returns the value entry for a call of fn.
func (r *Rules) Call(fn *types.Func) *Value { return r.Values["call:"+FuncKey(fn)] }

// Func returns the value entry for fn used as a value.
func (r *Rules) Func(fn *types.Func) *Value { return r.Values["func:"+FuncKey(fn)] }

// Var returns the value entry for a package-level variable.
func (r *Rules) Var(v *types.Var) *Value {
	if v.Pkg() == nil {
		return nil
	}
	return r.Values["var:"+v.Pkg().Path()+"."+v.Name()]
}

// Literal returns the value entry for a composite literal of named type t.
func (r *Rules) Literal(t *types.Named) *Value {
	obj := t.Origin().Obj()
	if obj.Pkg() == nil {
		return nil
	}
	return r.Values["literal:"+obj.Pkg().Path()+"."+obj.Name()]
}

// Field returns the value entry for field f of named type t.
func (r *Rules) Field(t *types.Named, f *types.Var) *Value {
	obj := t.Origin().Obj()
	if obj.Pkg() == nil {
		return nil
	}
	return r.Values["field:"+obj.Pkg().Path()+"."+obj.Name()+"."+f.Name()]
}

// Retry returns the retry entry point fn is, or nil.
func (r *Rules) Retry(fn *types.Func) *Retry { return r.Retries[FuncKey(fn)] }

// Client returns the retrying-client constructor fn is, or nil.
func (r *Rules) Client(fn *types.Func) *Retry { return r.Clients[FuncKey(fn)] }

// Wait returns the wait fn is, or nil.
func (r *Rules) Wait(fn *types.Func) *Wait { return r.Waits[FuncKey(fn)] }

// IsRandom reports whether fn belongs to a random source.
func (r *Rules) IsRandom(fn *types.Func) bool {
	return fn.Pkg() != nil && r.Random[fn.Pkg().Path()]
}

// Context returns what fn's context is, or nil.
func (r *Rules) Context(fn *types.Func) *Context { return r.Contexts[FuncKey(fn)] }

// IsClock reports whether fn reads the clock.
func (r *Rules) IsClock(fn *types.Func) bool { return r.Clocks[FuncKey(fn)] }

// Grows reports whether fn's result grows with its argument.
func (r *Rules) Grows(fn *types.Func) bool { return r.Growth[FuncKey(fn)] }

// WaitPackages returns the packages the waits live in: a package that
// imports none of them has no hand-written retry loop of its own.
func (r *Rules) WaitPackages() map[string]bool {
	pkgs := map[string]bool{}
	for k := range r.Waits {
		pkgs[PackageOf(k)] = true
	}
	return pkgs
}

// Packages returns the packages the retry, client and value entries live
// in: a package that imports none of them needs no library matching.
func (r *Rules) Packages() map[string]bool {
	pkgs := map[string]bool{}
	add := func(name string) {
		if p := PackageOf(name); p != "" {
			pkgs[p] = true
		}
	}
	for k := range r.Retries {
		add(k)
	}
	for k := range r.Clients {
		add(k)
	}
	for _, v := range r.Values {
		add(Normalize(v.Key()))
	}
	return pkgs
}

var typeParams = regexp.MustCompile(`\[[^\]]*\]`)

// Normalize drops type parameter lists from a full name, so that rules may
// write "(*pkg.Builder).Build" for "(*pkg.Builder[R]).Build".
func Normalize(name string) string { return typeParams.ReplaceAllString(name, "") }

// FuncKey is the name rules use for fn: the full name of its generic
// origin without type parameters.
func FuncKey(fn *types.Func) string { return Normalize(fn.Origin().FullName()) }

// PackageOf returns the package path of a full function, type, variable or
// field name as the rules write them ("" if it has none).
func PackageOf(name string) string {
	name = strings.TrimLeft(Normalize(name), "(*")
	slash := strings.LastIndexByte(name, '/') + 1
	rest := name[slash:]
	for i := 0; i < len(rest); i++ {
		// The package name ends at the first dot after the last slash,
		// unless the dot starts a version suffix (gopkg.in/yaml.v3).
		if rest[i] == '.' && !(i+2 < len(rest) && rest[i+1] == 'v' && rest[i+2] >= '0' && rest[i+2] <= '9') {
			return name[:slash+i]
		}
	}
	return ""
}
