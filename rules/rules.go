package rules

import (
	"cmp"
	"go/types"
	"net/textproto"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"weak"
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
	Local    map[string]bool
	Remote   map[string]bool
	Exits    map[string]bool
	Growth   map[string]bool
	// Records and Signs are package paths and function names (records)
	// and package paths (signs), for wallclock.
	Records map[string]bool
	Signs   map[string]bool
	// TimeUnits and TimeKeeps are the methods of time types, by FuncKey;
	// TimeTypes are their receivers' types (pkg/path.Type).
	TimeUnits map[string]*TimeUnit
	TimeKeeps map[string]*TimeKeep
	TimeTypes map[string]bool

	Sinks           map[string]*Sink
	Inserts         map[string]*Insert
	Builders        map[string]BuilderCall
	SQLExecution    []string // lower-case SQL function names, sorted
	ExecutionValues map[string]bool
	Transactions    map[string]bool
	TxCallbacks     map[string]*TxCallback
	SQLDrivers      map[string]string // package path -> dialect

	Effects              map[string]*Effect
	TerminalSources      map[string]*TerminalSource
	TerminalWrappers     map[string]*TerminalWrapper
	Requests             map[string]*Request
	NonIdempotentMethods map[string]bool
	IdempotencyHeaders   []string // canonical header names
	IdempotentEndpoints  []*IdempotentEndpoint

	Enqueues       map[string]*Enqueue
	AttemptOptions map[string]*Attempts
	RetryOptions   map[string]*RetryOption

	// SchemaFiles are the files of the configuration's schema globs; nil
	// when the schema is discovered. SchemaRoot is the configuration's
	// folder, which messages name them from.
	SchemaFiles []string
	SchemaRoot  string
	// OnconflictScope is "all" or "retried".
	OnconflictScope string
	// IncludeTestSupport: the checks report in the packages that exist
	// for tests, as in any other (the configuration's test-support:
	// include); by default they report nothing there, as in _test.go
	// files (see analyzers/internal/report.TestSupport).
	IncludeTestSupport bool
	// Retried are the functions the configuration declares retried from
	// outside the code, by FuncKey (retried.go).
	Retried map[string]*Retried

	disabledChecks []string

	once                               sync.Once
	sinkPkgs, effectPkgs, terminalPkgs map[string]bool
}

// Default is the builtin knowledge with no user configuration, built once
// and shared: Rules are read-only once built.
func Default() *Rules { return defaultRules() }

var defaultRules = sync.OnceValue(func() *Rules { return New(nil) })

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
		Local:    map[string]bool{},
		Remote:   map[string]bool{},
		Exits:    map[string]bool{},
		Growth:   map[string]bool{},
		Records:  map[string]bool{},
		Signs:    map[string]bool{},

		TimeUnits: map[string]*TimeUnit{},
		TimeKeeps: map[string]*TimeKeep{},
		TimeTypes: map[string]bool{},

		Sinks:           map[string]*Sink{},
		Inserts:         map[string]*Insert{},
		Builders:        map[string]BuilderCall{},
		ExecutionValues: map[string]bool{},
		Transactions:    map[string]bool{},
		TxCallbacks:     map[string]*TxCallback{},
		SQLDrivers:      map[string]string{},

		Effects:              map[string]*Effect{},
		TerminalSources:      map[string]*TerminalSource{},
		TerminalWrappers:     map[string]*TerminalWrapper{},
		Requests:             map[string]*Request{},
		NonIdempotentMethods: map[string]bool{},

		Enqueues:       map[string]*Enqueue{},
		AttemptOptions: map[string]*Attempts{},
		RetryOptions:   map[string]*RetryOption{},
	}
	sqlExec := map[string]bool{}
	packs := Builtin()
	if cfg != nil {
		for i := range cfg.Packs {
			packs = append(packs, &cfg.Packs[i])
		}
	}
	for _, p := range packs {
		for i := range p.Enqueues {
			r.Enqueues[Normalize(p.Enqueues[i].Call)] = &p.Enqueues[i]
		}
		for i := range p.AttemptOptions {
			r.AttemptOptions[p.AttemptOptions[i].Key()] = &p.AttemptOptions[i]
		}
		for i := range p.RetryOptions {
			r.RetryOptions[p.RetryOptions[i].Key()] = &p.RetryOptions[i]
		}
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
		for _, n := range p.Local {
			r.Local[Normalize(n.Name)] = true
		}
		for _, n := range p.Remote {
			r.Remote[n.Name] = true
		}
		for _, n := range p.Exits {
			r.Exits[Normalize(n.Name)] = true
		}
		for _, n := range p.Growth {
			r.Growth[Normalize(n.Name)] = true
		}
		for _, n := range p.Records {
			r.Records[Normalize(n.Name)] = true
		}
		for _, n := range p.Signs {
			r.Signs[n.Name] = true
		}
		for i := range p.TimeUnits {
			r.TimeUnits[Normalize(p.TimeUnits[i].Call)] = &p.TimeUnits[i]
		}
		for i := range p.TimeKeeps {
			r.TimeKeeps[Normalize(p.TimeKeeps[i].Call)] = &p.TimeKeeps[i]
		}
		for i := range p.Sinks {
			r.Sinks[Normalize(p.Sinks[i].Call)] = &p.Sinks[i]
		}
		for i := range p.Inserts {
			r.Inserts[Normalize(p.Inserts[i].Call)] = &p.Inserts[i]
		}
		for i := range p.Builders {
			b := &p.Builders[i]
			for role, calls := range b.roles() {
				for _, c := range calls {
					r.Builders[Normalize(c)] = BuilderCall{b, role}
				}
			}
		}
		for _, n := range p.SQLExecutionFunctions {
			sqlExec[n.Name] = true
		}
		for _, n := range p.ExecutionValues {
			r.ExecutionValues[Normalize(n.Name)] = true
		}
		for _, n := range p.Transactions {
			r.Transactions[n.Name] = true
		}
		for _, d := range p.SQLDrivers {
			r.SQLDrivers[d.Package] = d.Dialect
		}
		for i := range p.TransactionCallbacks {
			r.TxCallbacks[Normalize(p.TransactionCallbacks[i].Call)] = &p.TransactionCallbacks[i]
		}
		for i := range p.Effects {
			r.Effects[Normalize(p.Effects[i].Call)] = &p.Effects[i]
		}
		for i := range p.TerminalSources {
			r.TerminalSources[Normalize(p.TerminalSources[i].Call)] = &p.TerminalSources[i]
		}
		for i := range p.TerminalWrappers {
			r.TerminalWrappers[Normalize(p.TerminalWrappers[i].Call)] = &p.TerminalWrappers[i]
		}
		for i := range p.Requests {
			r.Requests[Normalize(p.Requests[i].Call)] = &p.Requests[i]
		}
		for _, n := range p.NonIdempotentMethods {
			r.NonIdempotentMethods[n.Name] = true
		}
		for _, n := range p.IdempotencyHeaders {
			r.IdempotencyHeaders = append(r.IdempotencyHeaders, textproto.CanonicalMIMEHeaderKey(n.Name))
		}
		for i := range p.IdempotentEndpoints {
			r.IdempotentEndpoints = append(r.IdempotentEndpoints, &p.IdempotentEndpoints[i])
		}
	}
	for name := range sqlExec {
		r.SQLExecution = append(r.SQLExecution, name)
	}
	slices.Sort(r.SQLExecution)
	r.OnconflictScope = "retried"
	if cfg != nil {
		r.SchemaFiles, r.SchemaRoot = cfg.schemaFiles, filepath.Dir(cfg.file)
	}
	r.Retried = map[string]*Retried{}
	if cfg != nil {
		for i := range cfg.Retried {
			r.Retried[Normalize(cfg.Retried[i].Func)] = &cfg.Retried[i]
		}
	}
	if cfg != nil && cfg.Onconflict.Scope != "" {
		r.OnconflictScope = cfg.Onconflict.Scope
	}
	r.IncludeTestSupport = cfg != nil && cfg.TestSupport.Value == "include"
	if cfg != nil {
		r.disabledChecks = cfg.Disable.Checks
		for _, name := range cfg.Disable.Rules {
			name = Normalize(name)
			delete(r.Retries, name)
			delete(r.Clients, name)
			delete(r.Waits, name)
			delete(r.Contexts, name)
			delete(r.Clocks, name)
			delete(r.Local, name)
			delete(r.Remote, name)
			delete(r.Exits, name)
			delete(r.Growth, name)
			delete(r.Records, name)
			delete(r.Signs, name)
			delete(r.TimeUnits, name)
			delete(r.TimeKeeps, name)
			delete(r.Sinks, name)
			delete(r.Inserts, name)
			delete(r.Builders, name)
			delete(r.ExecutionValues, name)
			delete(r.Transactions, name)
			delete(r.TxCallbacks, name)
			delete(r.SQLDrivers, name)
			delete(r.Effects, name)
			delete(r.TerminalSources, name)
			delete(r.TerminalWrappers, name)
			delete(r.Requests, name)
			for _, kind := range []string{"call:", "func:", "var:", "literal:", "field:"} {
				delete(r.Values, kind+name)
			}
		}
	}
	for name := range r.TimeUnits {
		r.TimeTypes[receiverType(name)] = true
	}
	for name := range r.TimeKeeps {
		r.TimeTypes[receiverType(name)] = true
	}
	return r
}

// receiverType returns the type of a method's name as the rules write
// it: pkg/path.T of (*pkg/path.T).M.
func receiverType(method string) string {
	end := strings.IndexByte(method, ')')
	if !strings.HasPrefix(method, "(") || end < 0 {
		return ""
	}
	return strings.TrimLeft(method[:end], "(*")
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

// Disable turns checks off, as the command's -check=false flags do, so
// that a check that leaves a defect to another knows that one is off.
func (r *Rules) Disable(checks ...string) {
	for _, c := range checks {
		if !slices.Contains(r.disabledChecks, c) {
			r.disabledChecks = append(r.disabledChecks, c)
		}
	}
}

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

// TimeUnit returns the row of fn if it makes a unit of a time, or nil.
func (r *Rules) TimeUnit(fn *types.Func) *TimeUnit { return r.TimeUnits[FuncKey(fn)] }

// TimeKeep returns the row of fn if its result is the time it is called
// on, converted or moved, or nil.
func (r *Rules) TimeKeep(fn *types.Func) *TimeKeep { return r.TimeKeeps[FuncKey(fn)] }

// IsTime reports whether t is a time type: the receiver of a method of
// time-units or time-keeps (time.Time).
func (r *Rules) IsTime(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && r.TimeTypes[n.Obj().Pkg().Path()+"."+n.Obj().Name()]
}

// IsRecord reports whether a call of fn only records its arguments (a
// log, a metric, an error): fn, or its package or a package above it, is
// one of the records.
func (r *Rules) IsRecord(fn *types.Func) bool {
	return r.Records[FuncKey(fn)] || fn.Pkg() != nil && under(r.Records, fn.Pkg().Path())
}

// IsSigner reports whether the package path, or a package above it, is
// one that hashes or signs.
func (r *Rules) IsSigner(path string) bool { return under(r.Signs, path) }

// under reports whether path, or a path it is under, is in set.
func under(set map[string]bool, path string) bool {
	for {
		if set[path] {
			return true
		}
		i := strings.LastIndexByte(path, '/')
		if i < 0 {
			return false
		}
		path = path[:i]
	}
}

// IsExit reports whether fn never returns.
func (r *Rules) IsExit(fn *types.Func) bool { return r.Exits[FuncKey(fn)] }

// IsLocal reports whether fn reaches no dependency.
func (r *Rules) IsLocal(fn *types.Func) bool { return r.Local[FuncKey(fn)] }

// IsRemote reports whether a call of fn reaches another process by the
// rules: fn belongs to a remote package, and is not local.
func (r *Rules) IsRemote(fn *types.Func) bool {
	return fn.Pkg() != nil && r.Remote[fn.Pkg().Path()] && !r.Local[FuncKey(fn)]
}

// Grows reports whether fn's result grows with its argument.
func (r *Rules) Grows(fn *types.Func) bool { return r.Growth[FuncKey(fn)] }

// Sink returns the SQL sink fn is, or nil.
func (r *Rules) Sink(fn *types.Func) *Sink { return r.Sinks[FuncKey(fn)] }

// Insert returns the ORM insert rule of fn, or nil.
func (r *Rules) Insert(fn *types.Func) *Insert { return r.Inserts[FuncKey(fn)] }

// The roles of a builder's calls.
const (
	RoleStart   = "start"
	RoleReplace = "replace-start"
	RoleUpsert  = "upsert-start"
	RoleColumns = "columns"
	RoleValues  = "values"
	RoleSetMap  = "set-map"
	RoleOptions = "options"
	RoleSuffix  = "suffix"
	RoleInto    = "into"
	RoleRun     = "run"
	RoleText    = "text"

	RoleValueRows = "value-rows"
	RoleMerge     = "merges"
	RoleDoNothing = "do-nothing"
	RoleDoUpdate  = "do-update"
	RoleExecutor  = "executors"
	RoleUnread    = "unread"
)

// BuilderCall is a call of a query builder and its role in the INSERT
// it spells.
type BuilderCall struct {
	Builder *Builder
	Role    string
}

func (b *Builder) roles() map[string][]string {
	return map[string][]string{
		RoleStart: b.Starts, RoleReplace: b.ReplaceStarts, RoleUpsert: b.UpsertStarts,
		RoleColumns: b.Columns, RoleValues: b.Values, RoleSetMap: b.SetMap,
		RoleOptions: b.Options, RoleSuffix: b.Suffix, RoleInto: b.Into,
		RoleRun: b.Runs, RoleText: b.Text,
		RoleValueRows: b.ValueRows, RoleMerge: b.Merges, RoleDoNothing: b.DoNothing,
		RoleDoUpdate: b.DoUpdate, RoleExecutor: b.Executors, RoleUnread: b.Unread,
	}
}

// BuilderOf returns the role of fn in a query builder's INSERT, if any.
func (r *Rules) BuilderOf(fn *types.Func) (BuilderCall, bool) {
	c, ok := r.Builders[FuncKey(fn)]
	return c, ok
}

// IsExecutionValue reports whether fn's value comes from the execution:
// an execution value of the rules, or a random source's function.
func (r *Rules) IsExecutionValue(fn *types.Func) bool {
	return r.ExecutionValues[FuncKey(fn)] || r.IsRandom(fn)
}

// IsTransaction reports whether t (or what it points to) is a
// transaction type.
func (r *Rules) IsTransaction(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || named.Obj().Pkg() == nil {
		return false
	}
	return r.Transactions[named.Obj().Pkg().Path()+"."+named.Obj().Name()]
}

// SQLDialect returns the dialect of the SQL driver at path, matching
// the packages below a driver's path too, and false for a package that
// is no driver.
func (r *Rules) SQLDialect(path string) (string, bool) {
	for p := path; ; {
		if d, ok := r.SQLDrivers[p]; ok {
			return d, true
		}
		i := strings.LastIndexByte(p, '/')
		if i < 0 {
			return "", false
		}
		p = p[:i]
	}
}

// TxCallback returns the transaction callback fn takes, or nil.
func (r *Rules) TxCallback(fn *types.Func) *TxCallback { return r.TxCallbacks[FuncKey(fn)] }

// Effect returns the effect a call of fn is, or nil.
func (r *Rules) Effect(fn *types.Func) *Effect { return r.Effects[FuncKey(fn)] }

// SafeWith returns the safe-with entries of any effect rule that name fn:
// the calls that carry an idempotency key. They come in the order of
// their arguments, not of the map of effects, so that a caller that takes
// the first takes the same one every run.
func (r *Rules) SafeWith(fn *types.Func) []SafeWith {
	var out []SafeWith
	key := FuncKey(fn)
	for _, e := range r.Effects {
		for _, w := range e.SafeWith {
			if Normalize(w.Call) == key {
				out = append(out, w)
			}
		}
	}
	arg := func(a *Arg) int {
		if a == nil {
			return Receiver - 1
		}
		return int(*a)
	}
	slices.SortFunc(out, func(x, y SafeWith) int {
		return cmp.Or(cmp.Compare(arg(x.Value), arg(y.Value)), cmp.Compare(arg(x.Header), arg(y.Header)))
	})
	return out
}

// TerminalSource returns what terminal error fn can return, or nil.
func (r *Rules) TerminalSource(fn *types.Func) *TerminalSource {
	return r.TerminalSources[FuncKey(fn)]
}

// TerminalWrapper returns the row of a terminal wrapper, named as a
// retry row's terminal names it, or nil.
func (r *Rules) TerminalWrapper(name string) *TerminalWrapper {
	return r.TerminalWrappers[Normalize(name)]
}

// Request returns the HTTP request constructor fn is, or nil.
func (r *Rules) Request(fn *types.Func) *Request { return r.Requests[FuncKey(fn)] }

// IdempotentEndpoint returns the idempotent endpoint a URL, or the known
// end of one, is a request to, or nil: its path, without the query or
// the fragment, ends with the endpoint's.
func (r *Rules) IdempotentEndpoint(url string) *IdempotentEndpoint {
	if i := strings.IndexAny(url, "?#"); i >= 0 {
		url = url[:i]
	}
	for _, e := range r.IdempotentEndpoints {
		if strings.HasSuffix(url, e.Path) {
			return e
		}
	}
	return nil
}

// IsIdempotencyHeader reports whether a header name makes a request safe
// to repeat: one of the idempotency headers, or one of them after a
// vendor's prefix (X-Acme-Idempotency-Key, X-Vendor-Payload-Id).
func (r *Rules) IsIdempotencyHeader(name string) bool {
	name = textproto.CanonicalMIMEHeaderKey(name)
	for _, h := range r.IdempotencyHeaders {
		if name == h || strings.HasSuffix(name, "-"+h) {
			return true
		}
	}
	return false
}

// SinkPackages returns the packages of the SQL sinks: a package that
// imports none has no query to check.
func (r *Rules) SinkPackages() map[string]bool {
	r.once.Do(r.index)
	return r.sinkPkgs
}

// TerminalPackages returns the packages of the terminal sources.
func (r *Rules) TerminalPackages() map[string]bool {
	r.once.Do(r.index)
	return r.terminalPkgs
}

// EffectPackages returns the packages of the effect rules.
func (r *Rules) EffectPackages() map[string]bool {
	r.once.Do(r.index)
	return r.effectPkgs
}

func (r *Rules) index() {
	r.sinkPkgs, r.effectPkgs, r.terminalPkgs = map[string]bool{}, map[string]bool{}, map[string]bool{}
	for k := range r.TerminalSources {
		r.terminalPkgs[PackageOf(k)] = true
	}
	for k := range r.Sinks {
		r.sinkPkgs[PackageOf(k)] = true
	}
	for k := range r.Inserts {
		r.sinkPkgs[PackageOf(k)] = true
	}
	for k, c := range r.Builders {
		if c.Role == RoleRun || c.Role == RoleText {
			r.sinkPkgs[PackageOf(k)] = true
		}
	}
	for k := range r.Effects {
		r.effectPkgs[PackageOf(k)] = true
	}
}

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
		if p := v.Package(); p != "" {
			pkgs[p] = true
		}
	}
	return pkgs
}

var typeParams = regexp.MustCompile(`\[[^\]]*\]`)

// Normalize drops type parameter lists from a full name, so that rules may
// write "(*pkg.Builder).Build" for "(*pkg.Builder[R]).Build".
func Normalize(name string) string {
	if !strings.Contains(name, "[") {
		return name // the common case, without the regexp
	}
	return typeParams.ReplaceAllString(name, "")
}

// FuncKey is the name rules use for fn: the full name of its generic
// origin without type parameters. Every rule lookup asks it of the
// callee, and FullName builds a new string each time, so the names are
// kept, by a weak pointer to the function: a package's types, which the
// per-package driver drops once the package is analysed, stay
// collectable, and a function collected takes its name with it.
func FuncKey(fn *types.Func) string {
	fn = fn.Origin()
	w := weak.Make(fn)
	if k, ok := funcKeys.Load(w); ok {
		return k.(string)
	}
	k := Normalize(fn.FullName())
	if _, loaded := funcKeys.LoadOrStore(w, k); !loaded {
		runtime.AddCleanup(fn, func(w weak.Pointer[types.Func]) { funcKeys.Delete(w) }, w)
	}
	return k
}

// funcKeys holds FuncKey's answers: weak.Pointer[types.Func] → string.
var funcKeys sync.Map

// PackageOf returns the package path of a function, method, type or
// variable name as the rules write them (pkg/path.Name, (*pkg/path.T).M);
// "" if it has none. A package's last element may hold dots
// (github.com/nats-io/nats.go), so the name is cut at its last dot.
func PackageOf(name string) string {
	name = Normalize(name)
	if strings.HasPrefix(name, "(") {
		end := strings.IndexByte(name, ')')
		if end < 0 {
			return ""
		}
		name = strings.TrimLeft(name[:end], "(*")
	}
	if dot := strings.LastIndexByte(name, '.'); dot > 0 {
		return name[:dot]
	}
	return ""
}

// Package returns the package path of the value's name: for a field,
// that of its type.
func (v *Value) Package() string {
	if v.Field != "" {
		return PackageOf(v.Field[:strings.LastIndexByte(v.Field, '.')])
	}
	return PackageOf(v.Key())
}
