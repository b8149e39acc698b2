package effects

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/build"
	"go/constant"
	"go/token"
	"go/types"
	"path/filepath"
	"reflect"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/retrylint/retrylint/analyzers/internal/analysisutil"
	"github.com/retrylint/retrylint/analyzers/internal/localvars"
	"github.com/retrylint/retrylint/analyzers/internal/sqlextract"
	"github.com/retrylint/retrylint/rules"
	"github.com/retrylint/retrylint/sqlcheck"
)

//go:embed doc.go
var doc string

// Analyzer finds effects with the builtin rules.
var Analyzer = New(sqlextract.Analyzer, rules.Default())

// New returns an effects analyzer that reads r and the queries of extract.
func New(extract *analysis.Analyzer, r *rules.Rules) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:       "effects",
		Doc:        analysisutil.Doc(doc),
		URL:        "https://github.com/retrylint/retrylint/blob/main/docs/checks/nonidempotent.md",
		Requires:   []*analysis.Analyzer{extract},
		ResultType: reflect.TypeFor[*Result](),
		FactTypes:  []analysis.Fact{new(Fact), new(SendsFact), new(CommandFact), new(TerminalFact), new(packageFact)},
		Run: func(pass *analysis.Pass) (any, error) {
			return run(pass, r, pass.ResultOf[extract].(*sqlextract.Result)), nil
		},
	}
}

// Classes of effects.
const (
	Appends    = "appends"
	Increments = "increments"
	External   = "external"
	// AnyMethod is the class of a call that sends a request its function
	// received from its caller, whatever the method: the caller chooses
	// POST or GET. It is never a function's effect, only a call's (in
	// Result.Calls): the finding belongs at a retry of that call, not at
	// every caller of a function that forwards a request.
	AnyMethod = "any-method"
	// Idempotent is the class of an effects row that declares a call safe
	// to repeat: the call, and the function it names, have no effect.
	Idempotent = "idempotent"
)

// maxChain bounds a witness chain: the first hops say where to look, and
// the last is the call that has the effect (see chain).
const maxChain = 8

// Hop is one call on the way to an effect.
type Hop struct {
	Name string // the callee, as messages name it: store.AppendOrder
	Posn string // where the call is: file.go:12:9
	// Skipped counts the calls left out of a chain longer than maxChain
	// between the hop before and this one, its last.
	Skipped int
}

// Effect is what a call or a function does that a second execution does
// again.
type Effect struct {
	Class string
	// What says it in a few words: "INSERTs into fct_orders (no ON
	// CONFLICT)", "sends an e-mail".
	What string
	// Chain goes from the first call to the call that has the effect.
	Chain []Hop
	// QueryPkg and Query locate the SQL statement of an effect of SQL:
	// its package's path and its call's position (file.go:12:9). A
	// chain is cut short; these are not.
	QueryPkg, Query string
}

// keyUse is an idempotency key set on a request or given to a call whose
// value the execution makes (uuid.NewString()): no key for a retry of
// the function, but one for a retry inside it that it is made before
// (Result.StableKey). It is kept out of facts: a callee's key made by
// the callee is new at every call of it. The call that sets it, its
// value, and the scope of the function it is in.
type keyUse struct {
	at    ast.Node
	value ast.Expr
	scope *localvars.Scope
}

// Fact is a function's effect; Beyond, when that effect is SQL, is its
// first effect that is not (beyond.go).
type Fact struct {
	Effect
	Beyond *Effect
}

func (*Fact) AFact() {}

func (f *Fact) String() string {
	return fmt.Sprintf("%s: %s (%s)", f.Class, f.What, chainNames(f.Chain))
}

// TerminalFact marks a function that can return a terminal error: one of
// a terminal source (a JSON decoding error, sql.ErrNoRows), called in it
// or in a function it calls.
type TerminalFact struct {
	What string // "a JSON decoding error from json.Unmarshal"
}

func (*TerminalFact) AFact() {}

func (f *TerminalFact) String() string { return "terminal: " + f.What }

// SendsFact marks a function that sends the HTTP request its caller
// passes it, whatever the method: a call of it sends a POST when its
// argument is one.
type SendsFact struct {
	// Param is the parameter the request, or its method, comes from; -1
	// for the receiver.
	Param int
	What  string // what sending does: "sends an HTTP request"
	// Chain goes from the first call in the function to the send.
	Chain []Hop
}

func (*SendsFact) AFact() {}

func (f *SendsFact) String() string {
	from := "its receiver"
	if f.Param >= 0 {
		from = fmt.Sprintf("parameter %d", f.Param)
	}
	return fmt.Sprintf("sends the caller's request, from %s (%s)", from, chainNames(f.Chain))
}

// packageFact says that a package has functions with effects: a package
// that imports none, and no package of an effect rule or SQL sink, has
// none either.
type packageFact struct{}

func (*packageFact) AFact()         {}
func (*packageFact) String() string { return "effects" }

// Result holds the effect of every call of the package that has one, and
// of every function.
type Result struct {
	// Calls holds the effect of each call, AnyMethod included.
	Calls    map[*ast.CallExpr]*Effect
	funcs    map[*types.Func]*Effect
	beyond   map[*types.Func]*Effect // beyond.go
	sends    map[*types.Func]*SendsFact
	commands map[*types.Func]*CommandFact
	terminal map[*types.Func]string
	pass     *analysis.Pass
	rules    *rules.Rules
	keys     map[*Effect][]keyUse // the keys of the requests of Calls' effects (keyUse)
}

// StableKey says whether the request of an effect of a call in op (a
// retry's operation: its closure or loop body) carries an idempotency key
// that op does not make: a key the execution makes (uuid.NewString(),
// time.Now()) before the retry is the same on every attempt, so the
// receiver deduplicates the retries. One made inside op is new at every
// attempt.
func (r *Result) StableKey(e *Effect, op ast.Node) bool {
	for _, k := range r.keys[e] {
		if k.at.Pos() < op.Pos() || k.at.Pos() >= op.End() {
			return true // set on the request before the retry
		}
		if analysisutil.ExecutionCallWithin(r.pass, r.rules, k.scope, k.value, op) == nil {
			return true
		}
	}
	return false
}

// Sends returns how fn sends its caller's request, or nil.
func (r *Result) Sends(fn *types.Func) *SendsFact {
	if s, ok := r.sends[fn.Origin()]; ok {
		return s
	}
	var f SendsFact
	if fn.Pkg() != r.pass.Pkg && r.pass.ImportObjectFact(fn.Origin(), &f) {
		return &f
	}
	return nil
}

// Terminal returns the terminal error calling fn can return, or "".
func (r *Result) Terminal(fn *types.Func) string {
	if what, ok := r.terminal[fn.Origin()]; ok {
		return what
	}
	var f TerminalFact
	if fn.Pkg() != r.pass.Pkg && r.pass.ImportObjectFact(fn.Origin(), &f) {
		return f.What
	}
	return ""
}

// Func returns the effect of calling fn, or nil.
func (r *Result) Func(fn *types.Func) *Effect {
	if e, ok := r.funcs[fn.Origin()]; ok {
		return e
	}
	var f Fact
	if fn.Pkg() != r.pass.Pkg && r.pass.ImportObjectFact(fn.Origin(), &f) {
		return &f.Effect
	}
	return nil
}

type analyzer struct {
	pass    *analysis.Pass
	rules   *rules.Rules
	queries map[*ast.CallExpr]*sqlextract.Query
	extract *sqlextract.Result
	result  *Result

	funcs    map[*types.Func]*funcCtx // every function of the package with a body
	ctors    map[*types.Func]*origin  // what the package's functions return, as requests
	visiting map[*types.Var]bool      // request variables being followed
	impls    map[*types.Named]types.Type
	mirrors  *analysisutil.Mirrors // interfaces that mirror an effect's method
	values   []types.Type          // the distinct types of the package's values
	names    map[*types.Func]string
	hooks    map[*types.Var][]*types.Func // function-valued fields and the functions assigned to them
	closures map[*ast.FuncLit]bool        // function literals being read (closures.go)
	doubles  map[*token.File]bool         // the files of test doubles (interfaces.go)
}

// funcCtx is what the analysis reads of one function: its parameters,
// receiver included, and its local assignments.
type funcCtx struct {
	decl  *ast.FuncDecl
	obj   *types.Func
	scope *localvars.Scope
	recv  *types.Var
}

// param returns the index of a parameter, rules.Receiver for the receiver.
func (f *funcCtx) param(v *types.Var) (int, bool) {
	if v != nil && v == f.recv {
		return int(rules.Receiver), true
	}
	i, ok := f.scope.Params[v]
	return i, ok
}

func run(pass *analysis.Pass, r *rules.Rules, extract *sqlextract.Result) *Result {
	result := &Result{Calls: map[*ast.CallExpr]*Effect{}, funcs: map[*types.Func]*Effect{}, sends: map[*types.Func]*SendsFact{}, commands: map[*types.Func]*CommandFact{}, terminal: map[*types.Func]string{}, pass: pass, rules: r, keys: map[*Effect][]keyUse{}}
	// The standard library's effects are its entry points, which the rules
	// name; and its own use of terminal sources (net/http parses URLs) says
	// nothing about a caller's errors. Neither needs an analysis.
	if !mayHaveEffects(pass, r) || inGOROOT(pass) {
		return result
	}
	a := &analyzer{pass: pass, rules: r, names: map[*types.Func]string{}, queries: map[*ast.CallExpr]*sqlextract.Query{}, extract: extract, result: result,
		funcs: map[*types.Func]*funcCtx{}, ctors: map[*types.Func]*origin{}, visiting: map[*types.Var]bool{}, impls: map[*types.Named]types.Type{}}
	for _, q := range extract.Queries {
		a.queries[q.Call] = q
	}
	var funcs []*funcCtx
	declared := map[*types.Func]bool{}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			obj, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if !ok {
				continue
			}
			fc := &funcCtx{decl: fd, obj: obj, scope: localvars.New(pass.TypesInfo, fd.Type, fd.Body)}
			if fd.Recv != nil && len(fd.Recv.List) == 1 && len(fd.Recv.List[0].Names) == 1 {
				fc.recv, _ = pass.TypesInfo.Defs[fd.Recv.List[0].Names[0]].(*types.Var)
			}
			a.funcs[obj] = fc
			if rule := a.rules.Effect(obj); rule != nil && rule.Class == Idempotent {
				continue // declared idempotent by a row: no effect, in any package
			}
			if e, ok := a.declared(fd); ok {
				declared[obj] = true
				if e != nil {
					result.funcs[obj] = e
				}
				continue
			}
			funcs = append(funcs, fc)
		}
	}
	a.forwarders(funcs)
	a.commandSenders(funcs)
	// Direct effects and the calls between this package's functions; then
	// a worklist: when a function gains an effect, its callers are looked
	// at again, until nothing changes. Recursion ends: a function with an
	// effect is not looked at again.
	callers := map[*types.Func][]int{}
	var queue []*types.Func
	for i, f := range funcs {
		ast.Inspect(f.decl.Body, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				if fn, _ := a.callee(call); fn != nil && fn.Pkg() == pass.Pkg {
					callers[fn.Origin()] = append(callers[fn.Origin()], i)
				}
			}
			return true
		})
		if e := a.first(f.decl.Body, f); e != nil {
			result.funcs[f.obj] = e
			queue = append(queue, f.obj)
		}
	}
	for fn := range result.funcs {
		if declared[fn] {
			queue = append(queue, fn)
		}
	}
	for len(queue) > 0 {
		g := queue[0]
		queue = queue[1:]
		for _, i := range callers[g] {
			f := funcs[i]
			if result.funcs[f.obj] != nil {
				continue
			}
			if e := a.first(f.decl.Body, f); e != nil {
				result.funcs[f.obj] = e
				queue = append(queue, f.obj)
			}
		}
	}
	for _, f := range funcs {
		ast.Inspect(f.decl.Body, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				if e := a.call(call, f); e != nil {
					result.Calls[call] = e
				}
			}
			return true
		})
	}
	a.interfaceEffects(result)
	a.beyondEffects(funcs)
	for fn, e := range result.funcs {
		pass.ExportObjectFact(fn, &Fact{Effect: *e, Beyond: result.beyond[fn]})
	}
	for fn, s := range result.sends {
		pass.ExportObjectFact(fn, s)
	}
	for fn, c := range result.commands {
		pass.ExportObjectFact(fn, c)
	}
	decls := make([]funcDecl, len(funcs))
	for i, f := range funcs {
		decls[i] = funcDecl{f.obj, f.decl}
	}
	a.terminals(decls)
	for fn, what := range result.terminal {
		pass.ExportObjectFact(fn, &TerminalFact{What: what})
	}
	if len(result.funcs) > 0 || len(result.sends) > 0 || len(result.commands) > 0 || len(result.terminal) > 0 {
		pass.ExportPackageFact(new(packageFact))
	}
	return result
}

// inGOROOT says whether the package is the standard library's.
func inGOROOT(pass *analysis.Pass) bool {
	if len(pass.Files) == 0 {
		return false
	}
	root := filepath.Join(build.Default.GOROOT, "src") + string(filepath.Separator)
	return strings.HasPrefix(pass.Fset.File(pass.Files[0].Pos()).Name(), root)
}

// mayHaveEffects is the fast path's test: the package imports a package
// of an effect rule or an SQL sink, or one with effects, or declares one.
func mayHaveEffects(pass *analysis.Pass, r *rules.Rules) bool {
	for _, imp := range pass.Pkg.Imports() {
		if r.EffectPackages()[imp.Path()] || r.SinkPackages()[imp.Path()] || r.TerminalPackages()[imp.Path()] || pass.ImportPackageFact(imp, new(packageFact)) {
			return true
		}
	}
	for _, f := range pass.Files {
		for _, c := range f.Comments {
			for _, l := range c.List {
				if strings.HasPrefix(l.Text, "//retrylint:effect ") {
					return true
				}
			}
		}
	}
	return false
}

// declared reads a //retrylint:effect directive in a function's doc
// comment: ok is true when there is one, and the effect is nil for
// idempotent.
func (a *analyzer) declared(fd *ast.FuncDecl) (*Effect, bool) {
	if fd.Doc == nil {
		return nil, false
	}
	for _, c := range fd.Doc.List {
		rest, ok := strings.CutPrefix(c.Text, "//retrylint:effect ")
		if !ok {
			continue
		}
		class, reason, _ := strings.Cut(strings.TrimSpace(rest), " ")
		switch class {
		case "idempotent":
			return nil, true
		case Appends, Increments, External:
			return &Effect{Class: class, What: "is declared " + class + ": " + strings.TrimSpace(reason),
				Chain: []Hop{{Name: a.name(a.pass.TypesInfo.Defs[fd.Name].(*types.Func)) + " (declared)", Posn: a.posn(fd.Pos())}}}, true
		}
	}
	return nil, false
}

// first returns the first effect, in source order, of the calls in node:
// a caller's request or command sent on (AnyMethod, AnyCommand) is not
// the function's effect.
func (a *analyzer) first(node ast.Node, f *funcCtx) *Effect {
	var found *Effect
	ast.Inspect(node, func(n ast.Node) bool {
		if found != nil {
			return false
		}
		if _, ok := n.(*ast.GoStmt); ok {
			// A goroutine's work is not the function's: a retry of the
			// function waits for none of it, and a failure it reports
			// did not come from there.
			return false
		}
		if call, ok := n.(*ast.CallExpr); ok {
			if e := a.call(call, f); e != nil && e.Class != AnyMethod && e.Class != AnyCommand {
				found = e
			}
		}
		return found == nil
	})
	return found
}

// callee returns the function a call runs, with the hop that names it: its
// static callee, a rule's interface method, or the one implementation of
// an interface of the package. Nil for a function value, a conversion, or
// an interface method it cannot resolve: not guessed at.
func (a *analyzer) callee(call *ast.CallExpr) (*types.Func, Hop) {
	fn, _ := typeutil.Callee(a.pass.TypesInfo, call).(*types.Func)
	if fn == nil {
		return nil, Hop{}
	}
	if sig, ok := fn.Type().(*types.Signature); ok && sig.Recv() != nil && types.IsInterface(sig.Recv().Type()) && a.rules.Effect(fn) == nil {
		// An interface that mirrors a library's method (a Doer over
		// *http.Client) calls that library; one the package implements
		// once, with no other implementation in sight, calls that.
		if fn.Pkg() == nil {
			return nil, Hop{} // error.Error
		}
		if a.mirrored(fn) == nil && fn.Pkg() == a.pass.Pkg {
			if fn = a.implementation(fn); fn == nil {
				return nil, Hop{}
			}
		}
		// An interface of another package keeps its method: the facts of
		// that package say what its one implementation does, if it has one.

	}
	return fn, Hop{Name: a.name(fn), Posn: a.posn(call.Pos())}
}

// call returns the effect of one call: its own, or its callee's.
func (a *analyzer) call(call *ast.CallExpr, f *funcCtx) *Effect {
	if q := a.queries[call]; q != nil {
		if e := a.query(q); e != nil {
			return e
		}
	}
	if e := a.commandEffect(call, f); e != nil {
		return e
	}
	fn, hop := a.callee(call)
	if fn == nil {
		if req, chain, what := a.handlerSend(call); req != nil {
			return a.sendEffect(req, chain, External, what, f)
		}
		return a.closureEffect(call, f)
	}
	if rule := a.effectRule(fn); rule != nil && rule.Class == Idempotent {
		return nil // safe to repeat, in its library's own module too
	}
	if rule := a.effectRule(fn); rule != nil && !(rule.Builtin && !rule.OwnModule && a.ownAPI(rule)) {
		if rule.Class == AnyCommand {
			return nil // a command from the function's own caller is commandEffect's
		}
		if rule.Request != nil {
			return a.sendEffect(analysisutil.Argument(call, *rule.Request), []Hop{hop}, rule.Class, rule.What, f)
		}
		if rule.URL != nil && a.endpoint(analysisutil.Argument(call, *rule.URL), f, 0) {
			return nil // a request to an idempotent endpoint
		}
		applies, keys := a.applies(rule, fn, call, f.scope)
		if !applies {
			return nil
		}
		return a.withKeys(&Effect{Class: rule.Class, What: rule.What, Chain: []Hop{hop}}, keys)
	}
	if callee := a.result.Func(fn); callee != nil {
		return &Effect{Class: callee.Class, What: callee.What, Chain: chain(hop, callee.Chain), QueryPkg: callee.QueryPkg, Query: callee.Query}
	}
	if s := a.sendsOf(fn); s != nil {
		return a.sendEffect(analysisutil.Argument(call, rules.Arg(s.Param)), chain(hop, s.Chain), External, s.What, f)
	}
	return nil
}

// withKeys records the execution-made idempotency keys of an effect's
// request (keyUse).
func (a *analyzer) withKeys(e *Effect, keys []keyUse) *Effect {
	if len(keys) > 0 {
		a.result.keys[e] = keys
	}
	return e
}

// chain puts a hop before a callee's chain, within maxChain: a longer
// chain keeps its first hops and its last, the call that has the effect,
// which counts the calls left out before it.
func chain(hop Hop, rest []Hop) []Hop {
	c := append([]Hop{hop}, rest...)
	if len(c) > maxChain {
		last := c[len(c)-1]
		last.Skipped += len(c) - maxChain
		c = append(c[:maxChain-1], last)
	}
	return c
}

// query returns the effect of SQL that appends or increments.
func (a *analyzer) query(q *sqlextract.Query) *Effect {
	e := a.queryEffect(q)
	if e != nil {
		e.QueryPkg, e.Query = a.pass.Pkg.Path(), a.posn(q.Call.Pos())
	}
	return e
}

func (a *analyzer) queryEffect(q *sqlextract.Query) *Effect {
	hop := func(text string) []Hop {
		return []Hop{{Name: fmt.Sprintf("%s %q", a.name(q.Callee), abbreviate(text)), Posn: a.posn(q.Call.Pos())}}
	}
	if q.Table != "" {
		if a.extract.ReplacedInTx(q, q.Table) {
			return nil
		}
		return &Effect{Class: Appends, What: "copies rows into " + q.Table, Chain: hop("COPY " + q.Table)}
	}
	if q.Sink.Table != nil && int(*q.Sink.Table) < len(q.Call.Args) {
		// A table named at run time: a copy appends all the same. In a
		// transaction, a delete of the same table may come first, which
		// cannot be told without the name: silent there.
		if q.Tx != nil {
			return nil
		}
		return &Effect{Class: Appends, What: "copies rows into a table named at run time",
			Chain: hop("COPY " + types.ExprString(q.Call.Args[*q.Sink.Table]))}
	}
	if q.SQL == nil {
		return nil
	}
	for _, st := range q.SQL.Statements {
		switch {
		case st.Effect == sqlcheck.Appends && !st.Temp && !a.extract.ReplacedInTx(q, st.Table) && !(q.Tx != nil && !knownTable(st.Table)):
			return &Effect{Class: Appends, What: fmt.Sprintf("%ss into %s (%s)", st.Kind, st.Table, st.Reason), Chain: hop(q.Text[st.Offset:])}
		case st.Effect == sqlcheck.Increments:
			return &Effect{Class: Increments, What: fmt.Sprintf("increments %s (%s)", st.Table, st.Reason), Chain: hop(q.Text[st.Offset:])}
		}
	}
	return nil
}

// knownTable reports whether a table's own name is in the text: one
// filled at run time may be cleared earlier in the same transaction,
// which cannot be told without the name.
func knownTable(name string) bool {
	_, ok := sqlcheck.TableName(name)
	return ok
}

// abbreviate shortens a query for a witness: its first words.
func abbreviate(text string) string {
	text = strings.Join(strings.Fields(text), " ")
	if len(text) > 40 {
		text = text[:37] + "..."
	}
	return text
}

// applies checks a rule's condition: a file's append mode, a safe-with
// call. A request's condition is sendEffect's. The keys are the safe-with
// values the execution makes, which do not make the call safe.
func (a *analyzer) applies(rule *rules.Effect, fn *types.Func, call *ast.CallExpr, scope *localvars.Scope) (bool, []keyUse) {
	if rule.AppendFile != nil {
		file := analysisutil.Argument(call, *rule.AppendFile)
		return file != nil && a.appendMode(file, scope, fn.Pkg()), nil
	}
	if len(rule.SafeWith) == 0 {
		return true, nil
	}
	safe, keys := a.safe(rule, call, scope)
	return !safe, keys
}

// safe says whether one of the rule's safe-with calls, with a value from
// the input, is among the call's arguments or in its receiver's builder
// chain (through a local variable too); keys are those whose value the
// execution makes.
func (a *analyzer) safe(rule *rules.Effect, call *ast.CallExpr, scope *localvars.Scope) (bool, []keyUse) {
	var keys []keyUse
	var candidates []ast.Expr
	candidates = append(candidates, call.Args...)
	var chain func(x ast.Expr, depth int)
	chain = func(x ast.Expr, depth int) {
		if depth > 16 {
			return
		}
		switch x := ast.Unparen(x).(type) {
		case *ast.CallExpr:
			candidates = append(candidates, x)
			if sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr); ok {
				chain(sel.X, depth+1)
			}
		case *ast.Ident:
			if v, ok := a.pass.TypesInfo.Uses[x].(*types.Var); ok {
				for _, d := range scope.Defs[v] {
					chain(d.Expr, depth+1)
				}
			}
		}
	}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		chain(sel.X, 0)
	}
	for _, x := range candidates {
		c, ok := ast.Unparen(x).(*ast.CallExpr)
		if !ok {
			continue
		}
		fn := typeutil.StaticCallee(a.pass.TypesInfo, c)
		if fn == nil {
			continue
		}
		for _, w := range rule.SafeWith {
			if rules.FuncKey(fn) != rules.Normalize(w.Call) || int(*w.Value) >= len(c.Args) {
				continue
			}
			if w.Header != nil {
				if int(*w.Header) >= len(c.Args) {
					continue
				}
				tv := a.pass.TypesInfo.Types[c.Args[*w.Header]]
				if tv.Value == nil || tv.Value.Kind() != constant.String || !a.rules.IsIdempotencyHeader(constant.StringVal(tv.Value)) {
					continue
				}
			}
			if analysisutil.ExecutionCall(a.pass, a.rules, scope, c.Args[*w.Value]) == nil {
				return true, nil
			}
			keys = append(keys, keyUse{at: c, value: c.Args[*w.Value], scope: scope})
		}
	}
	return false, keys
}

// keyed says whether the function sets an idempotency header on the
// request from a value that does not come from the execution; keys are
// the headers it sets from one that does.
func (a *analyzer) keyed(req *types.Var, scope *localvars.Scope) (bool, []keyUse) {
	found := false
	var keys []keyUse
	// The header maps that become the request's (req.Header = headers):
	// what is set on them is sent with it.
	maps := map[*types.Var]bool{}
	for _, f := range a.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			as, ok := n.(*ast.AssignStmt)
			if !ok || len(as.Lhs) != len(as.Rhs) {
				return true
			}
			for i, lhs := range as.Lhs {
				if h, ok := ast.Unparen(lhs).(*ast.SelectorExpr); ok && h.Sel.Name == "Header" && varOf(a.pass, h.X) == req {
					if v := varOf(a.pass, as.Rhs[i]); v != nil {
						maps[v] = true
					}
				}
			}
			return true
		})
	}
	for _, f := range a.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || found || len(call.Args) != 2 {
				return !found
			}
			sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
			if !ok || (sel.Sel.Name != "Set" && sel.Sel.Name != "Add") {
				return true
			}
			header, ok := ast.Unparen(sel.X).(*ast.SelectorExpr)
			if (!ok || header.Sel.Name != "Header" || varOf(a.pass, header.X) != req) && !maps[varOf(a.pass, sel.X)] {
				return true
			}
			tv := a.pass.TypesInfo.Types[call.Args[0]]
			if tv.Value == nil || tv.Value.Kind() != constant.String || !a.rules.IsIdempotencyHeader(constant.StringVal(tv.Value)) {
				return true
			}
			if analysisutil.ExecutionCall(a.pass, a.rules, scope, call.Args[1]) == nil {
				found = true
			} else {
				keys = append(keys, keyUse{at: call, value: call.Args[1], scope: scope})
			}
			return true
		})
	}
	return found, keys
}

// appendMode says whether a file was opened with os.O_APPEND.
func (a *analyzer) appendMode(file ast.Expr, scope *localvars.Scope, os *types.Package) bool {
	v := varOf(a.pass, file)
	if v == nil || os == nil {
		return false
	}
	flag, ok := os.Scope().Lookup("O_APPEND").(*types.Const)
	if !ok {
		return false
	}
	for _, d := range scope.Defs[v] {
		call, ok := ast.Unparen(d.Expr).(*ast.CallExpr)
		if !ok {
			continue
		}
		fn := typeutil.StaticCallee(a.pass.TypesInfo, call)
		if fn == nil || fn.Pkg() != os || fn.Name() != "OpenFile" || len(call.Args) < 2 {
			continue
		}
		tv := a.pass.TypesInfo.Types[call.Args[1]]
		if tv.Value == nil {
			continue
		}
		mode, ok1 := constant.Int64Val(constant.ToInt(tv.Value))
		bit, ok2 := constant.Int64Val(constant.ToInt(flag.Val()))
		if ok1 && ok2 && mode&bit != 0 {
			return true
		}
	}
	return false
}

func varOf(pass *analysis.Pass, x ast.Expr) *types.Var {
	if id, ok := ast.Unparen(x).(*ast.Ident); ok {
		v, _ := pass.TypesInfo.Uses[id].(*types.Var)
		return v
	}
	return nil
}

// name names a function as messages do: pkg.Func or (*pkg.T).Method.
func (a *analyzer) name(fn *types.Func) string {
	if n, ok := a.names[fn]; ok {
		return n
	}
	n := strings.NewReplacer(fn.Pkg().Path()+".", fn.Pkg().Name()+".").Replace(rules.FuncKey(fn))
	a.names[fn] = n
	return n
}

func (a *analyzer) posn(pos token.Pos) string {
	p := a.pass.Fset.Position(pos)
	return fmt.Sprintf("%s:%d:%d", filepath.Base(p.Filename), p.Line, p.Column)
}

type funcDecl struct {
	obj  *types.Func
	decl *ast.FuncDecl
}

// terminals finds the functions that can return a terminal error: they
// call a terminal source, or a function that can, to the fixed point.
func (a *analyzer) terminals(funcs []funcDecl) {
	for changed := true; changed; {
		changed = false
		for _, f := range funcs {
			if _, ok := a.result.terminal[f.obj]; ok {
				continue
			}
			what := ""
			ast.Inspect(f.decl.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok || what != "" {
					return what == ""
				}
				fn, _ := typeutil.Callee(a.pass.TypesInfo, call).(*types.Func)
				if fn == nil {
					return true
				}
				if t := a.rules.TerminalSource(fn); t != nil {
					what = t.What + " from " + analysisutil.Short(a.pass, call.Fun)
				} else if w := a.result.Terminal(fn); w != "" {
					what = w
				}
				return what == ""
			})
			if what != "" {
				a.result.terminal[f.obj] = what
				changed = true
			}
		}
	}
}

// ownAPI says whether a rule's call belongs to the module being
// analysed: a rule says what a library's call does for the code that uses
// it, and the library's own calls of its API (a flow-control reply, a
// handshake) are its implementation, judged by what they reach, not by
// the rule.
func (a *analyzer) ownAPI(rule *rules.Effect) bool {
	mod := a.pass.Module
	if mod == nil || mod.Path == "" {
		return false
	}
	p := rules.PackageOf(rule.Call)
	return p == mod.Path || strings.HasPrefix(p, mod.Path+"/")
}

// effectRule returns the effect rule of fn, or of the method an interface
// method of fn's mirrors.
func (a *analyzer) effectRule(fn *types.Func) *rules.Effect {
	if rule := a.rules.Effect(fn); rule != nil {
		return rule
	}
	return a.mirrored(fn)
}

// mirrored returns the effect rule of the library method an interface
// method mirrors (type doer interface{ Do(*http.Request) (*http.Response,
// error) }), or nil.
func (a *analyzer) mirrored(fn *types.Func) *rules.Effect {
	return analysisutil.Mirrored(&a.mirrors, a.pass.Pkg, a.rules.Effects, fn)
}

// Preferred returns the effect a finding names: the first that is not a
// request or command of the caller's sent on (AnyMethod, AnyCommand),
// else the first; nil for none.
func Preferred(effs []*Effect) *Effect {
	for _, e := range effs {
		if e.Class != AnyMethod && e.Class != AnyCommand {
			return e
		}
	}
	if len(effs) > 0 {
		return effs[0]
	}
	return nil
}
