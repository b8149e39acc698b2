package retrysite

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/retrylint/retrylint/analyzers/internal/analysisutil"
	"github.com/retrylint/retrylint/rules"
)

// Task queues (asynq, River) run a registered handler for each task of
// its kind, and run it again when it fails, as many times as the options
// the task was enqueued with say, or the framework's default. The
// registration is the retry site; the enqueues of the same kind, in this
// package or in the packages it imports (by EnqueuesFact), say how many
// times it runs. The kind links them: a constant task type (asynq), or
// the job args type (River).

// EnqueuesFact lists a package's enqueues of tasks of a constant kind,
// and the per-kind options its types declare (River's InsertOpts method),
// for the packages that register their handlers.
type EnqueuesFact struct {
	Enqueues []Enqueued // in source order
	// Builders are the package's functions that return a task they
	// build, sorted by name.
	Builders []TaskBuilder
}

// Enqueued is one enqueue of a task kind, or one kind's own options.
type Enqueued struct {
	Framework string
	// Kind is the task type as a string, or "type:" and the full name of
	// the job args type.
	Kind string
	// Attempts is how many times the task runs: -1 when an option sets
	// it to a value not known here, 0 when no option sets it.
	Attempts int
	// Option is the option that sets it, as written ("asynq.MaxRetry(0)"),
	// and Posn where: "tasks.go:12".
	Option, Posn string
	// Method: the kind's own options (a method of the args type), which
	// an enqueue's options override.
	Method bool
	// Built: a task built (asynq's NewTask) and not enqueued here: its
	// enqueue, with options of its own, is where this package does not
	// see. An enqueue of the kind that is seen replaces it.
	Built bool
}

// TaskBuilder is a function that returns a task it builds, by its
// FuncKey, and what the task is before its enqueue's options.
type TaskBuilder struct {
	Func string
	Task Enqueued
}

func (*EnqueuesFact) AFact() {}

func (f *EnqueuesFact) String() string {
	var parts []string
	for _, e := range f.Enqueues {
		s := fmt.Sprintf("%s %q attempts=%d", e.Framework, e.Kind, e.Attempts)
		if e.Method {
			s += " (kind's own options)"
		}
		if e.Built {
			s += " (built)"
		}
		parts = append(parts, s)
	}
	for _, b := range f.Builders {
		parts = append(parts, fmt.Sprintf("builder %s %q", b.Func, b.Task.Kind))
	}
	return "enqueues(" + strings.Join(parts, "; ") + ")"
}

// taskEnqueues finds the package's enqueues of tasks of a known kind,
// the functions that build such tasks, and the kinds' own options, and
// exports them.
func (a *analyzer) taskEnqueues(funcs []*ast.FuncDecl) {
	if len(a.rules.Enqueues) == 0 {
		return
	}
	a.builders = map[*types.Func]*Enqueued{}
	// An enqueue that builds its task with another (asynq's
	// Enqueue(NewTask(...))) consumes it: the pair is one enqueue. A
	// function that returns a task it builds (NewEmailTask) is a
	// builder: its callers enqueue it, with options of their own.
	type found struct {
		call *ast.CallExpr
		d    *ast.FuncDecl
	}
	var calls []found
	for _, d := range funcs {
		if d.Body == nil {
			continue
		}
		e := a.evaluator(d)
		var own []*ast.CallExpr
		ast.Inspect(d.Body, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			if fn := calleeOf(a.pass.TypesInfo, call); fn != nil && a.rules.EnqueueOf(fn) != nil {
				calls = append(calls, found{call, d})
				own = append(own, call)
			}
			return true
		})
		for _, x := range slices.Concat(analysisutil.ReturnResults(d.Body)...) {
			call := a.taskCall(e, x)
			if call == nil || !slices.Contains(own, call) || !a.rules.EnqueueOf(calleeOf(a.pass.TypesInfo, call)).Builds {
				continue
			}
			if fn, ok := a.pass.TypesInfo.Defs[d.Name].(*types.Func); ok {
				if q := a.enqueued(e, call, 0); q != nil {
					a.builders[fn] = q
				}
			}
		}
	}
	consumed := map[*ast.CallExpr]bool{}
	for _, c := range calls {
		r := a.rules.EnqueueOf(calleeOf(a.pass.TypesInfo, c.call))
		if r.Task != nil {
			if inner := a.taskCall(a.evaluator(c.d), analysisutil.Argument(c.call, *r.Task)); inner != nil {
				consumed[inner] = true
			}
		}
	}
	for _, c := range calls {
		if consumed[c.call] {
			continue
		}
		if q := a.enqueued(a.evaluator(c.d), c.call, 0); q != nil {
			// A task built and not enqueued here is enqueued where
			// this package does not see.
			q.Built = a.rules.EnqueueOf(calleeOf(a.pass.TypesInfo, c.call)).Builds
			a.enqueues = append(a.enqueues, *q)
		}
	}
	a.enqueues = append(a.enqueues, a.kindOptions(funcs)...)
	f := &EnqueuesFact{Enqueues: a.enqueues}
	for fn, q := range a.builders {
		f.Builders = append(f.Builders, TaskBuilder{Func: rules.FuncKey(fn), Task: *q})
	}
	slices.SortFunc(f.Builders, func(x, y TaskBuilder) int { return strings.Compare(x.Func, y.Func) })
	if len(f.Enqueues) > 0 || len(f.Builders) > 0 {
		a.pass.ExportPackageFact(f)
	}
}

// resolve follows x, an identifier of a local variable assigned once,
// to the expression assigned: a call's first result (t, err :=
// NewTask()), not another (_, err := Enqueue()).
func (a *analyzer) resolve(e *evaluator, x ast.Expr) ast.Expr {
	if id, ok := ast.Unparen(x).(*ast.Ident); ok {
		v, _ := a.pass.TypesInfo.Uses[id].(*types.Var)
		defs := e.scope.Defs[v]
		if v == nil || len(defs) != 1 || defs[0].Op || defs[0].Range || defs[0].Index > 0 {
			return nil
		}
		return ast.Unparen(defs[0].Expr)
	}
	return ast.Unparen(x)
}

// taskCall returns the enqueue call that built the task x: the call
// itself, or the one assigned once to the local variable x names.
func (a *analyzer) taskCall(e *evaluator, x ast.Expr) *ast.CallExpr {
	if x == nil {
		return nil
	}
	call, ok := a.resolve(e, x).(*ast.CallExpr)
	if !ok {
		return nil
	}
	if fn := calleeOf(a.pass.TypesInfo, call); fn == nil || a.rules.EnqueueOf(fn) == nil {
		return nil
	}
	return call
}

// builtTask returns the task x holds when a builder made it: a call of
// a function of this package, or of an imported one, by its fact, that
// returns a task it builds.
func (a *analyzer) builtTask(e *evaluator, x ast.Expr) *Enqueued {
	if x == nil {
		return nil
	}
	call, ok := a.resolve(e, x).(*ast.CallExpr)
	if !ok {
		return nil
	}
	fn := calleeOf(a.pass.TypesInfo, call)
	if fn == nil || fn.Pkg() == nil {
		return nil
	}
	if q := a.builders[fn]; q != nil {
		c := *q
		return &c
	}
	var f EnqueuesFact
	if fn.Pkg() == a.pass.Pkg || !a.pass.ImportPackageFact(fn.Pkg(), &f) {
		return nil
	}
	key := rules.FuncKey(fn)
	for _, b := range f.Builders {
		if b.Func == key {
			c := b.Task
			return &c
		}
	}
	return nil
}

// enqueued reads one enqueue call: its kind, and the last attempt option
// among its options (after those of the task it enqueues).
func (a *analyzer) enqueued(e *evaluator, call *ast.CallExpr, depth int) *Enqueued {
	r := a.rules.EnqueueOf(calleeOf(a.pass.TypesInfo, call))
	var q *Enqueued
	switch {
	case r.Kind != nil:
		kind := a.kindOf(analysisutil.Argument(call, *r.Kind))
		if kind == "" {
			return nil
		}
		q = &Enqueued{Framework: r.Framework, Kind: kind}
	case depth == 0:
		if inner := a.taskCall(e, analysisutil.Argument(call, *r.Task)); inner != nil {
			q = a.enqueued(e, inner, depth+1)
		} else {
			q = a.builtTask(e, analysisutil.Argument(call, *r.Task))
		}
	}
	if q == nil {
		return nil
	}
	q.Built = false
	if r.Options != nil && int(*r.Options) < len(call.Args) {
		for _, x := range a.optionList(e, call, call.Args[*r.Options:]) {
			if n, option, at := a.attemptOption(e, x); at != nil {
				q.Attempts, q.Option, q.Posn = n, option, a.posn(at)
			}
		}
	}
	return q
}

// optionList returns a call's option arguments, with a slice passed
// with ... (opts...) replaced by its elements when it is a literal, or
// a local variable assigned one literal once.
func (a *analyzer) optionList(e *evaluator, call *ast.CallExpr, args []ast.Expr) []ast.Expr {
	if !call.Ellipsis.IsValid() || len(args) == 0 {
		return args
	}
	last := args[len(args)-1]
	if lit, ok := a.resolve(e, last).(*ast.CompositeLit); ok {
		return append(args[:len(args)-1:len(args)-1], lit.Elts...)
	}
	return args
}

// kindOf names the task kind x gives: its constant string, or its
// named type.
func (a *analyzer) kindOf(x ast.Expr) string {
	if x == nil {
		return ""
	}
	tv := a.pass.TypesInfo.Types[x]
	if tv.Value != nil && tv.Value.Kind() == constant.String {
		return constant.StringVal(tv.Value)
	}
	return typeKind(tv.Type)
}

// typeKind names a job args type as a kind: "type:" and its full name.
func typeKind(t types.Type) string {
	if t == nil {
		return ""
	}
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || named.Obj().Pkg() == nil || types.IsInterface(named) {
		return ""
	}
	return "type:" + named.Obj().Pkg().Path() + "." + named.Obj().Name()
}

// attemptOption reads an option that sets the number of attempts: a
// call of an attempts row (asynq.MaxRetry(n)), or an options literal
// with its field (&river.InsertOpts{MaxAttempts: n}), directly or
// through a local variable assigned once. n is the number of runs, -1
// when it is not a constant, 0 when the value leaves the default; at is
// the option, nil if x is none.
func (a *analyzer) attemptOption(e *evaluator, x ast.Expr) (n int, option string, at ast.Node) {
	x = ast.Unparen(x)
	if id, isID := x.(*ast.Ident); isID {
		if v, _ := a.pass.TypesInfo.Uses[id].(*types.Var); v != nil {
			if defs := e.scope.Defs[v]; len(defs) == 1 && !defs[0].Op && !defs[0].Range {
				x = ast.Unparen(defs[0].Expr)
			}
		}
	}
	if u, isAddr := x.(*ast.UnaryExpr); isAddr && u.Op == token.AND {
		x = ast.Unparen(u.X)
	}
	switch x := x.(type) {
	case *ast.CallExpr:
		fn := calleeOf(a.pass.TypesInfo, x)
		if fn == nil {
			return 0, "", nil
		}
		r := a.rules.AttemptsCall(fn)
		if r == nil || r.Context != nil {
			return 0, "", nil // none, or one set on a context for a database client (transactions.go)
		}
		return a.runsOf(r, analysisutil.Argument(x, *r.Arg)), types.ExprString(x), x
	case *ast.CompositeLit:
		return a.literalAttempts(x)
	}
	return 0, "", nil
}

// literalAttempts reads the attempts field of an options literal.
func (a *analyzer) literalAttempts(lit *ast.CompositeLit) (n int, option string, at ast.Node) {
	named := namedOf(a.pass.TypesInfo.TypeOf(lit))
	if named == nil || named.Obj().Pkg() == nil {
		return 0, "", nil
	}
	st, isStruct := named.Underlying().(*types.Struct)
	if !isStruct {
		return 0, "", nil
	}
	for _, elt := range lit.Elts {
		kv, isKV := elt.(*ast.KeyValueExpr)
		if !isKV {
			continue
		}
		key, isID := kv.Key.(*ast.Ident)
		if !isID {
			continue
		}
		for i := range st.NumFields() {
			f := st.Field(i)
			if f.Name() != key.Name {
				continue
			}
			if r := a.rules.AttemptsField(named, f); r != nil {
				option := fmt.Sprintf("%s.%s{%s: %s}", named.Obj().Pkg().Name(), named.Obj().Name(), key.Name, types.ExprString(kv.Value))
				return a.runsOf(r, kv.Value), option, kv
			}
		}
	}
	return 0, "", nil
}

// runsOf converts an option's value to a number of runs.
func (a *analyzer) runsOf(r *rules.Attempts, x ast.Expr) int {
	if x == nil {
		return -1
	}
	tv := a.pass.TypesInfo.Types[x]
	if tv.Value == nil {
		return -1
	}
	v, exact := constant.Int64Val(constant.ToInt(tv.Value))
	if !exact {
		return -1
	}
	if r.Unset != nil && int(v) == *r.Unset {
		return 0
	}
	if r.Counts == "retries" {
		return int(max(v, 0)) + 1
	}
	return int(max(v, 1))
}

// kindOptions finds the methods of this package's types that give every
// task of their kind its options (River's InsertOpts() returning
// river.InsertOpts{MaxAttempts: 1}), when the attempts are constant.
func (a *analyzer) kindOptions(funcs []*ast.FuncDecl) []Enqueued {
	methods := map[string]string{} // method name -> framework
	for _, r := range a.rules.AttemptOptions {
		if r.Method != "" {
			methods[r.Method] = rules.PackageOf(r.Field[:strings.LastIndexByte(r.Field, '.')])
		}
	}
	var out []Enqueued
	for _, d := range funcs {
		if d.Recv == nil || d.Body == nil || methods[d.Name.Name] == "" {
			continue
		}
		fn, _ := a.pass.TypesInfo.Defs[d.Name].(*types.Func)
		if fn == nil {
			continue
		}
		kind := typeKind(fn.Type().(*types.Signature).Recv().Type())
		var lits []*ast.CompositeLit
		for _, x := range errorResults(d.Body) {
			if lit, ok := ast.Unparen(x).(*ast.CompositeLit); ok {
				lits = append(lits, lit)
			}
		}
		if kind == "" || len(lits) != 1 {
			continue // one literal returned: the kind's options
		}
		n, option, at := a.literalAttempts(lits[0])
		if at == nil || n == 0 {
			continue
		}
		framework := a.frameworkOf(methods[d.Name.Name])
		out = append(out, Enqueued{Framework: framework, Kind: kind, Attempts: n, Method: true,
			Option: d.Name.Name + "() returning " + option, Posn: a.posn(at)})
	}
	return out
}

// frameworkOf returns the framework of the enqueue rows of a package.
func (a *analyzer) frameworkOf(pkg string) string {
	for _, r := range a.rules.Enqueues {
		if rules.PackageOf(r.Call) == pkg {
			return r.Framework
		}
	}
	return ""
}

// queuePolicy sets how the framework of a registration retries its
// handler, from the enqueues of its kind; false when none of them is
// retried (asynq.MaxRetry(0), River's MaxAttempts 1): nothing retries
// the handler.
func (a *analyzer) queuePolicy(site *Site, r *rules.Retry, call *ast.CallExpr) bool {
	if site.Retries == "" {
		site.Retries = r.Says
	}
	kind := ""
	if r.Kind != nil {
		kind = a.kindOf(analysisutil.Argument(call, *r.Kind))
	} else if id := identOf(ast.Unparen(call.Fun)); id != nil {
		if inst, ok := a.pass.TypesInfo.Instances[id]; ok && inst.TypeArgs.Len() > 0 {
			kind = typeKind(inst.TypeArgs.At(0))
		}
	}
	if kind == "" {
		return true
	}
	var enqueues, own []Enqueued
	var built []Enqueued
	add := func(list []Enqueued) {
		for _, q := range list {
			if q.Framework != r.Framework || !kindMatches(kind, q.Kind) {
				continue
			}
			switch {
			case q.Method:
				own = append(own, q)
			case q.Built:
				built = append(built, q)
			default:
				enqueues = append(enqueues, q)
			}
		}
	}
	add(a.enqueues)
	// The imported packages' enqueues by path: AllPackageFacts has no
	// order, and the first enqueue that retries names the policy.
	facts := a.pass.AllPackageFacts()
	slices.SortFunc(facts, func(x, y analysis.PackageFact) int { return strings.Compare(x.Package.Path(), y.Package.Path()) })
	for _, pf := range facts {
		if f, ok := pf.Fact.(*EnqueuesFact); ok && pf.Package != a.pass.Pkg {
			add(f.Enqueues)
		}
	}
	if len(enqueues) == 0 {
		enqueues = built // no enqueue in sight: the tasks as built
	}
	if len(enqueues) == 0 && len(own) == 0 {
		return true
	}
	if len(enqueues) == 0 {
		enqueues = []Enqueued{{}} // an enqueue not seen here, with no option of its own
	}
	for _, q := range enqueues {
		if q.Attempts == 0 && len(own) > 0 {
			q = own[0]
		}
		if q.Attempts == 1 {
			continue
		}
		if q.Attempts != 0 {
			site.Retries = fmt.Sprintf("%s at %s", q.Option, q.Posn)
		}
		return true // the first enqueue that is retried names the policy
	}
	return false
}

// kindMatches says whether an enqueued kind runs under a registration of
// kind registered: the same kind, or, for task types, one the registered
// pattern is a prefix of (asynq's ServeMux matches the longest prefix).
func kindMatches(registered, enqueued string) bool {
	if strings.HasPrefix(registered, "type:") {
		return registered == enqueued
	}
	return strings.HasPrefix(enqueued, registered) && !strings.HasPrefix(enqueued, "type:")
}

// converted returns the function a conversion to a function type wraps
// (asynq.HandlerFunc(fn), http.HandlerFunc(fn)), or that a call of one
// of unwraps makes a value of (river.WorkFunc(fn)): the method a
// framework calls on it calls the function.
func (a *analyzer) converted(x ast.Expr, unwraps []rules.Name) ast.Expr {
	call, ok := ast.Unparen(x).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return nil
	}
	if a.callsOneOf(call, unwraps) {
		return call.Args[0]
	}
	tv := a.pass.TypesInfo.Types[call.Fun]
	if !tv.IsType() {
		return nil
	}
	if _, isFunc := tv.Type.Underlying().(*types.Signature); !isFunc {
		return nil
	}
	return call.Args[0]
}

// marksTerminal says whether a returned error x is one of the terminal
// markers names: a call of a wrapper (backoff.Permanent(err)), a marker
// variable (asynq.SkipRetry), or an error that wraps either
// (fmt.Errorf("...: %w", asynq.SkipRetry), errors.Join(err,
// asynq.SkipRetry), fmt.Errorf("...: %w", river.JobCancel(err))).
func (a *analyzer) marksTerminal(x ast.Expr, names []rules.Name) bool {
	if a.callsOneOf(x, names) || a.isMarker(x, names) {
		return true
	}
	call, ok := ast.Unparen(x).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn := typeutil.StaticCallee(a.pass.TypesInfo, call)
	if fn == nil || (fn.FullName() != "fmt.Errorf" && fn.FullName() != "errors.Join") {
		return false
	}
	return slices.ContainsFunc(call.Args, func(arg ast.Expr) bool { return a.isMarker(arg, names) || a.callsOneOf(arg, names) })
}

// isMarker says whether x names one of the package-level variables
// names.
func (a *analyzer) isMarker(x ast.Expr, names []rules.Name) bool {
	id := identOf(ast.Unparen(x))
	if id == nil {
		return false
	}
	v, ok := a.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || v.Pkg() == nil || v.Parent() != v.Pkg().Scope() {
		return false
	}
	key := v.Pkg().Path() + "." + v.Name()
	return slices.ContainsFunc(names, func(n rules.Name) bool { return n.Name == key })
}

func (a *analyzer) posn(n ast.Node) string {
	p := a.pass.Fset.Position(n.Pos())
	return fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line)
}
