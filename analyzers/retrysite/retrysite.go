package retrysite

import (
	_ "embed"
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/retrylint/retrylint/analyzers/internal/analysisutil"
	"github.com/retrylint/retrylint/analyzers/internal/failedge"
	"github.com/retrylint/retrylint/analyzers/internal/localvars"
	"github.com/retrylint/retrylint/rules"
)

//go:embed doc.go
var doc string

// Analyzer finds retry sites with the builtin rules.
var Analyzer = New(rules.Default())

// New returns a retrysite analyzer that reads r.
func New(r *rules.Rules) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:       "retrysite",
		Doc:        analysisutil.Doc(doc),
		URL:        "https://github.com/retrylint/retrylint/blob/main/docs/architecture.md",
		Run:        func(pass *analysis.Pass) (any, error) { return run(pass, r) },
		Requires:   []*analysis.Analyzer{inspect.Analyzer},
		ResultType: reflect.TypeFor[*Result](),
		FactTypes:  []analysis.Fact{new(HelperFact), new(FactoryFact), new(RandomFact), new(WaitFact), new(BackoffFact), new(PolicyMethodFact), new(packageFact), new(EnqueuesFact), new(TemporalFact), new(ReachFact), new(reachPackageFact)},
	}
}

// Kind is what kind of retry a site is.
type Kind int

const (
	Library Kind = iota // a call of a retry library's entry point
	Loop                // a hand-written retry loop
	Client              // the constructor of a retrying client
	Helper              // a call of the project's own retry helper
)

// The kinds of the retries nobody wrote: a task framework's dispatch or
// registration of a handler, and a database client's retried
// transaction. Their sites come from rule-pack rows that name the
// framework.
const (
	// Framework is a task framework's dispatch or registration of a
	// handler that it runs again when the handler fails (a Temporal
	// activity, an asynq task, a River job).
	Framework = Declared + 1 + iota
	// Transaction is a call that runs a function in a database
	// transaction and runs it again, in a new transaction, when the
	// database aborts the first (crdb.ExecuteTx, Spanner's
	// ReadWriteTransaction).
	Transaction
)

func (k Kind) String() string {
	return [...]string{"library", "loop", "client", "helper", "redelivery", "declared", "framework", "transaction"}[k]
}

// Result is every retry site of the package, in source order.
type Result struct {
	Sites []*Site
	// Backoffs are the backoff functions of the package without jitter
	// that its sites use as retry delays (see backoff.go).
	Backoffs []*Backoff
	// CatchAllMethods are the methods of the package that implement a
	// retry loop's policy method and answer "go round" for every error
	// (see policymethods.go).
	CatchAllMethods []*CatchAllMethod
	// Malformed are the //retrylint:retried directives that declare
	// nothing (declared.go).
	Malformed []*Malformed
	// NotSites are the loops the model looked at and did not make sites,
	// with the decisions that kept them silent (trace.go).
	NotSites []*NotSite
}

// Site is one retry.
type Site struct {
	Kind Kind
	// Node is the retry call, the loop statement, or the client
	// constructor call; diagnostics about the site go at its start.
	Node ast.Node
	// Enclosing is the function that holds the site (nil at package level).
	Enclosing *ast.FuncDecl
	// Callee is the library entry point, client constructor or helper.
	Callee *types.Func
	// Operation is the retried operation: the closure or function value
	// passed to a library or helper, or the loop's body.
	Operation ast.Node
	// Delays are a loop's waits.
	Delays []*Delay
	// Policy is what the site does between and around attempts.
	Policy Policy
	// Helper is the helper's fact, for a Helper site.
	Helper *HelperFact
	// Supervisor marks a loop with no attempt or elapsed-time cap that
	// only its owner's cancellation ends: a reconnect or refresh loop
	// that retries, by design, until it is shut down.
	Supervisor bool
	// BestEffort marks a loop that, when it runs out, goes on as if it
	// had succeeded: the function returns none of its attempts' errors
	// (nil, or the context's error) and only logs the last one.
	BestEffort bool
	// Poller marks a loop that is not a retry of one operation (success
	// does not leave it: a poller, a consumer) but waits only after a
	// failure: its waits are backoffs, judged by nojitter; the other
	// checks leave it alone.
	Poller bool
	// AfterRefusal marks a loop that goes round only on a refusal the
	// service answered (a 4xx status), never on an error of the call:
	// no attempt follows a silence in which the last may have taken
	// effect, so nonidempotent leaves it alone.
	AfterRefusal bool
	// retried is where the call the definition found retried opens (its
	// Lparen), for a loop the definition decided; NoPos otherwise.
	retried token.Pos
	// verdict: the definition found the loop goes round on a bool its
	// operation returns beside its error (retry, err := op()).
	verdict bool
	// Declaration says who retries a Declared site (declared.go).
	Declaration *Declaration
	// Framework names the framework of a Framework or Transaction site,
	// as its rule does (Temporal, asynq, cockroach-go).
	Framework string
	// Retries says, for messages, how the framework retries the
	// operation of a Framework or Transaction site and where that policy
	// comes from: "Temporal's default RetryPolicy: unlimited attempts".
	Retries string
	// Handler is the method that is the operation of a site whose rule
	// registers a value by its method (asynq's ProcessTask, River's
	// Work), when the value's type is known.
	Handler *types.Func
	// Trace is every decision the model made about the site, in the
	// order it made them: what made it a site, then how each property
	// was judged (trace.go).
	Trace []Decision
	// tx is the transaction of a site that rolls back (transactions.go).
	tx *txInfo
}

// Name is how messages name the site: the callee as written, "retry
// loop", or "retry by recursion".
func (s *Site) Name() string {
	if s.Kind == Loop {
		if _, ok := s.Node.(*ast.CallExpr); ok {
			return "retry by recursion"
		}
		return "retry loop"
	}
	if s.Kind == Redelivery {
		return "redelivery"
	}
	if s.Kind == Declared {
		return s.Declaration.name()
	}
	if call, ok := s.Node.(*ast.CallExpr); ok {
		if s.Retries != "" {
			return types.ExprString(call.Fun) + " (" + s.Retries + ")"
		}
		return types.ExprString(call.Fun)
	}
	if lit, ok := s.Node.(*ast.CompositeLit); ok {
		return types.ExprString(lit.Type) // a client built as a literal
	}
	return s.Callee.Name()
}

// OperationFunc returns the function the site's operation names when it
// is a function value (retry.Do(store.Save)) or a handler's method, or
// nil.
func (s *Site) OperationFunc(info *types.Info) *types.Func {
	if s.Handler != nil {
		return s.Handler
	}
	x, ok := s.Operation.(ast.Expr)
	if !ok {
		return nil
	}
	var obj types.Object
	switch x := ast.Unparen(x).(type) {
	case *ast.Ident:
		obj = info.Uses[x]
	case *ast.SelectorExpr:
		obj = info.Uses[x.Sel]
	}
	fn, _ := obj.(*types.Func)
	return fn
}

// HeadEnd is where a diagnostic about the site ends: after the for
// keyword of a loop, after the callee of a call.
func (s *Site) HeadEnd() token.Pos {
	switch n := s.Node.(type) {
	case *ast.CallExpr:
		return n.Fun.End()
	case *ast.LabeledStmt:
		return n.Colon + 1
	case *ast.CompositeLit:
		return n.Lbrace
	case *ast.FuncDecl:
		return n.Name.End()
	case *ast.FuncLit:
		return n.Type.End()
	}
	return s.Node.Pos() + token.Pos(len("for"))
}

// Delay is one wait in a retry loop.
type Delay struct {
	Wait    *ast.CallExpr // the wait call
	Expr    ast.Expr      // its duration argument
	Jitter  Tri
	Growing bool   // the delay grows between attempts
	Cause   *Cause // the library configuration that decided Jitter, if any
	// Param is the index of the enclosing function's parameter the delay
	// is, or -1.
	Param int
	// Via is the loop's call of the function of this package that waits,
	// when the wait is in that function's body (loopcallees.go), or nil.
	Via *ast.CallExpr
	// eval reads Expr when it is not in the loop's function: the
	// evaluator of the function that waits.
	eval *evaluator
	// cancels: that function returns when a context is done.
	cancels bool
}

// at is where the loop waits: the wait, or the call of the function that
// holds it.
func (d *Delay) at() ast.Node {
	if d.Via != nil {
		return d.Via
	}
	return d.Wait
}

// analyzer is the state of one pass.
type analyzer struct {
	pass    *analysis.Pass
	rules   *rules.Rules
	decls   map[*types.Func]*ast.FuncDecl
	scopes  map[*ast.FuncDecl]*localvars.Scope
	globals map[*types.Var]ast.Expr
	randoms map[*types.Func]Tri
	helpers map[*types.Func]*HelperFact
	// remote are the package's functions that reach another process
	// (reach.go).
	remote map[*types.Func]bool
	// byCallers are the loops of helpers whose classification is their
	// callers' operations' (HelperFact.ByCallers).
	byCallers map[ast.Node]*types.Func
	waits     map[*types.Func]*WaitFact
	bk        *backoffState // backoff functions, field values, classifiers: backoff.go

	factories map[*types.Func]*HelperFact // functions that return a retry helper: factories.go
	held      *holders                    // stores to package-level variables and fields: holders.go
	enqueues  []Enqueued                  // tasks enqueued, and kinds' own options: queues.go
	builders  map[*types.Func]*Enqueued   // functions that return a task they build: queues.go

	dispatched      *TemporalFact // the Temporal activities the package dispatches: temporal.go
	dispatchScanned bool
	boundedRuns     Tri // the package starts workflows with a run timeout: temporal.go

	texts      map[*types.Var]bool // variables that hold an error's text: loops.go
	matchFlags map[*types.Var]bool // variables that say an error matched: loops.go

	// notSites are the loops of each function kept silent, from its last
	// search for sites (trace.go).
	notSites map[*ast.FuncDecl][]*NotSite

	// locals says of functions of the package whether every call they
	// make that can fail reaches no dependency (loopwaits.go).
	locals map[*types.Func]bool

	// defs are the definition's decisions on the package's loops and
	// recursions, by position (definition.go); nil until first asked.
	defs map[token.Pos]failedge.Decision
}

func run(pass *analysis.Pass, r *rules.Rules) (any, error) {
	result := new(Result)
	// Before the fast path: a package with no retry can still hold the
	// calls that another package's retry makes to a server.
	remote := reaches(pass, r)
	// Fast path: a package that imports no retry library, no package of
	// a wait or a random source, and no package that exports helpers,
	// random delays or waits has no retry site, and exports nothing,
	// unless it declares one retried from outside the code, or it
	// reaches another process (a loop that goes round at once on it).
	if !mayRetry(pass, r) && !declares(pass, r) && len(remote) == 0 {
		return result, nil
	}
	a := &analyzer{
		pass:      pass,
		rules:     r,
		remote:    remote,
		decls:     map[*types.Func]*ast.FuncDecl{},
		scopes:    map[*ast.FuncDecl]*localvars.Scope{},
		globals:   map[*types.Var]ast.Expr{},
		randoms:   map[*types.Func]Tri{},
		helpers:   map[*types.Func]*HelperFact{},
		byCallers: map[ast.Node]*types.Func{},
		waits:     map[*types.Func]*WaitFact{},

		factories: map[*types.Func]*HelperFact{},
		notSites:  map[*ast.FuncDecl][]*NotSite{},
	}
	var funcs []*ast.FuncDecl
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if fn, ok := pass.TypesInfo.Defs[d.Name].(*types.Func); ok {
					a.decls[fn] = d
					funcs = append(funcs, d)
				}
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					if vs, ok := spec.(*ast.ValueSpec); ok && len(vs.Values) == len(vs.Names) {
						for i, name := range vs.Names {
							if v, ok := pass.TypesInfo.Defs[name].(*types.Var); ok {
								a.globals[v] = vs.Values[i]
							}
						}
					}
				}
			}
		}
	}
	a.taskEnqueues(funcs)
	reassigned := a.reassignedGlobals()
	for v := range reassigned {
		delete(a.globals, v)
	}

	pf := new(packageFact)
	// In source order, so that what is found does not depend on map order.
	for _, d := range funcs {
		fn := pass.TypesInfo.Defs[d.Name].(*types.Func)
		if t := a.random(fn); t != No {
			pass.ExportObjectFact(fn, &RandomFact{Maybe: t == Unknown, Field: a.jitterField(fn)})
			pf.Random = true
		}
	}
	// A wait helper can wait through another: find them until no new one
	// appears.
	for grown := true; grown; {
		grown = false
		for _, d := range funcs {
			fn := pass.TypesInfo.Defs[d.Name].(*types.Func)
			if a.waits[fn] != nil {
				continue
			}
			if w := a.waitHelper(d); w != nil {
				a.waits[fn] = w
				grown = true
			}
		}
	}
	for _, d := range funcs {
		fn := pass.TypesInfo.Defs[d.Name].(*types.Func)
		if w := a.waits[fn]; w != nil {
			pass.ExportObjectFact(fn, w)
			pf.Waits = true
		}
	}

	// Helpers can call helpers: find sites until no new helper appears.
	for {
		result.Sites = result.Sites[:0]
		grown := false
		for _, d := range funcs {
			sites := a.sites(d)
			result.Sites = append(result.Sites, sites...)
			fn := pass.TypesInfo.Defs[d.Name].(*types.Func)
			if _, known := a.factories[fn]; !known {
				if h := a.factoryOf(d, sites); h != nil {
					a.factories[fn] = h
					grown = true
				}
			}
			if _, known := a.helpers[fn]; known {
				continue
			}
			if h := a.helperOf(d, a.notReturned(d, sites)); h != nil {
				a.helpers[fn] = h
				grown = true
			}
		}
		if !grown {
			break
		}
	}
	for fn, h := range a.helpers {
		pass.ExportObjectFact(fn, h)
		pf.Helpers = true
	}
	// An unexported helper that nothing in its package calls has no
	// caller to judge: its own loop is judged.
	called := map[*types.Func]bool{}
	for _, s := range result.Sites {
		if s.Kind == Helper && s.Callee != nil {
			called[s.Callee.Origin()] = true
		}
	}
	for _, s := range result.Sites {
		fn := a.byCallers[s.Node]
		if fn != nil && (fn.Exported() || called[fn]) && s.Policy.Classified == No {
			s.Policy.set(ruleClassByCallers, "classified", Unknown, s.Node, "it retries every error of the operation its caller passes: each call is judged by what its operation returns")
		}
	}
	for fn, h := range a.factories {
		pass.ExportObjectFact(fn, &FactoryFact{Helper: *h})
		pf.Helpers = true
	}
	a.finish(result) // backoff functions and classifiers: backoff.go
	policies, consulted := a.policyMethods(funcs)
	result.CatchAllMethods = a.catchAllMethods(funcs, policies, consulted)
	pf.Policies = len(policies) > 0
	pass.ExportPackageFact(pf)
	a.exportTemporal()
	// Declared retries after the rest: they are no helper's loop, and no
	// backoff or classifier is theirs.
	declared, malformed := a.declaredSites(funcs)
	result.Sites = append(result.Sites, declared...)
	result.Malformed = malformed
	slices.SortFunc(result.Sites, func(x, y *Site) int { return a.comparePos(x.Node.Pos(), y.Node.Pos()) })
	for _, s := range result.Sites {
		s.settle()
	}
	for _, d := range funcs {
		result.NotSites = append(result.NotSites, a.notSites[d]...)
	}
	slices.SortFunc(result.NotSites, func(x, y *NotSite) int { return a.comparePos(x.Node.Pos(), y.Node.Pos()) })
	return result, nil
}

// mayRetry is the fast path's test.
func mayRetry(pass *analysis.Pass, r *rules.Rules) bool {
	libs, waits := r.Packages(), r.WaitPackages()
	for _, imp := range pass.Pkg.Imports() {
		if waits[imp.Path()] || libs[imp.Path()] || r.Random[imp.Path()] {
			return true
		}
		var pf packageFact
		if pass.ImportPackageFact(imp, &pf) && (pf.Helpers || pf.Random || pf.Waits || pf.Policies) {
			return true
		}
	}
	return false
}

func (a *analyzer) scopeOf(d *ast.FuncDecl) *localvars.Scope {
	s, ok := a.scopes[d]
	if !ok {
		s = localvars.New(a.pass.TypesInfo, d.Type, d.Body)
		a.scopes[d] = s
	}
	return s
}

func (a *analyzer) evaluator(d *ast.FuncDecl) *evaluator {
	return &evaluator{pass: a.pass, rules: a.rules, a: a, scope: a.scopeOf(d)}
}

// sourceFiles are the package's files without its tests: what a test
// assigns (a field set to a mock policy, a package-level delay cut to a
// millisecond to keep the test fast) does not configure the code it
// tests, and must not change how the test variant of a package, which
// go vet and the driver report for it, judges that code.
func (a *analyzer) sourceFiles() []*ast.File {
	st := a.state()
	if st.sourceFiles == nil {
		st.sourceFiles = []*ast.File{}
		for _, f := range a.pass.Files {
			if tf := a.pass.Fset.File(f.Pos()); tf != nil && !strings.HasSuffix(tf.Name(), "_test.go") {
				st.sourceFiles = append(st.sourceFiles, f)
			}
		}
	}
	return st.sourceFiles
}

// reassignedGlobals finds package-level variables assigned anywhere:
// their initialiser is not their value.
func (a *analyzer) reassignedGlobals() map[*types.Var]bool {
	out := map[*types.Var]bool{}
	for _, f := range a.sourceFiles() {
		ast.Inspect(f, func(n ast.Node) bool {
			if as, ok := n.(*ast.AssignStmt); ok {
				for _, lhs := range as.Lhs {
					root := lhs
					for {
						if sel, ok := root.(*ast.SelectorExpr); ok {
							root = sel.X
							continue
						}
						break
					}
					if id, ok := root.(*ast.Ident); ok {
						if v, ok := a.pass.TypesInfo.Uses[id].(*types.Var); ok && a.globals[v] != nil {
							out[v] = true
						}
					}
				}
			}
			return true
		})
	}
	return out
}

// random says whether fn's result depends on a random source: by its
// fact for another package's function, by its body for one of this
// package.
func (a *analyzer) random(fn *types.Func) Tri {
	if fn.Pkg() != a.pass.Pkg {
		var f RandomFact
		switch {
		case !a.pass.ImportObjectFact(fn.Origin(), &f):
			return No
		case f.Maybe:
			return Unknown
		}
		return Yes
	}
	if t, ok := a.randoms[fn]; ok {
		return t
	}
	a.randoms[fn] = No // recursion ends here
	d := a.decls[fn.Origin()]
	if d == nil || d.Body == nil || !numericResult(fn) {
		return No
	}
	e := a.evaluator(d)
	t := No
	ast.Inspect(d.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			for _, x := range n.Results {
				t = t.or(e.random(x)) // yes wins; a return it cannot read makes it unknown
			}
		}
		return t != Yes
	})
	a.randoms[fn] = t
	return t
}

// waitHelper recognises a function that waits for the duration in one of
// its parameters, outside any loop: sleepCtx(ctx, d).
func (a *analyzer) waitHelper(d *ast.FuncDecl) *WaitFact {
	if d.Body == nil || !pauseResults(a.pass.TypesInfo.Defs[d.Name].(*types.Func)) {
		return nil
	}
	s := a.scopeOf(d)
	var fact *WaitFact
	inLoop := 0
	var visit func(n ast.Node) bool
	visit = func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ForStmt, *ast.RangeStmt:
			inLoop++
			ast.Inspect(n, func(m ast.Node) bool {
				if m == n {
					return true
				}
				return visit(m)
			})
			inLoop--
			return false
		case *ast.CallExpr:
			if w := a.waitOf(n); w != nil && inLoop == 0 {
				if id, ok := ast.Unparen(w.Expr).(*ast.Ident); ok {
					if v, ok := a.pass.TypesInfo.Uses[id].(*types.Var); ok {
						if i, ok := s.Params[v]; ok {
							fact = &WaitFact{Delay: i}
						}
					}
				}
			}
		}
		return true
	}
	ast.Inspect(d.Body, visit)
	return fact
}

// waitOf returns the wait a call is, with its delay argument, or nil.
func (a *analyzer) waitOf(call *ast.CallExpr) *Delay {
	fn := typeutil.StaticCallee(a.pass.TypesInfo, call)
	if fn == nil {
		fn = a.heldFunc(call) // wait(ctx, d) with var wait = sleepCtx: holders.go
	}
	if fn == nil {
		return nil
	}
	index, found := 0, true
	if w := a.rules.Wait(fn); w != nil {
		index = int(*w.Delay)
	} else if w := a.waits[fn]; w != nil {
		index = w.Delay
	} else if fn.Pkg() != a.pass.Pkg {
		var wf WaitFact
		found = a.pass.ImportObjectFact(fn.Origin(), &wf)
		index = wf.Delay
	} else {
		found = false
	}
	if !found {
		return nil
	}
	if index == rules.Receiver {
		// b.Wait(): the backoff object is the delay.
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			return &Delay{Wait: call, Expr: sel.X, Param: -1}
		}
		return nil
	}
	if index < 0 || index >= len(call.Args) {
		return nil
	}
	return &Delay{Wait: call, Expr: call.Args[index], Param: -1}
}

// comparePos orders positions by file name, then offset: token.Pos alone
// orders files by the order they were parsed in, which varies between
// runs.
func (a *analyzer) comparePos(x, y token.Pos) int {
	px, py := a.pass.Fset.Position(x), a.pass.Fset.Position(y)
	if c := strings.Compare(px.Filename, py.Filename); c != 0 {
		return c
	}
	return px.Offset - py.Offset
}

// pauseResults says whether a function returns what a pause returns:
// nothing, an error or a bool (whether the wait ran its course). One that
// returns a value besides (NextMsg(timeout) (*Msg, error)) is an
// operation with a timeout, not a wait between attempts.
func pauseResults(fn *types.Func) bool {
	res := fn.Type().(*types.Signature).Results()
	switch res.Len() {
	case 0:
		return true
	case 1:
		t := res.At(0).Type()
		if b, ok := t.Underlying().(*types.Basic); ok && b.Kind() == types.Bool {
			return true
		}
		return types.Identical(t, types.Universe.Lookup("error").Type())
	}
	return false
}
