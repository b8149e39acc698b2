package retrysite

import (
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"slices"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/retrylint/retrylint/analyzers/internal/localvars"
)

// A backoff function computes a retry's delays: it returns a
// time.Duration from an attempt count (backoffFor(attempt)), from a
// previous delay it grows (next(d) = 2*d), or from state it keeps
// (b.next(), which doubles b.cur). Used as a retry delay (called in a
// loop's wait, set as a library's delay function, held in a field or
// option a retry reads), it is judged once, at its declaration: its
// delays jitter if it has a random component on some path.

// Backoff is a backoff function without jitter that a retry site uses.
type Backoff struct {
	// Name says what it is in messages: "backoff function backoffFor",
	// "backoff function (*client).next", "backoff func literal".
	Name string
	// Node is its declaration (*ast.FuncDecl) or literal (*ast.FuncLit) in
	// this package; nil for another package's.
	Node ast.Node
	// Reported: another package's backoff that its own package uses as a
	// retry delay, and reports there.
	Reported bool
	// Uses are the expressions through which retry sites of this package
	// take delays from it, in source order.
	Uses []ast.Node
	// Unless names the delay function or interface a caller can plug in
	// (its own delays, maybe random): the delays without jitter are the
	// function's default, when none is set. Empty when it has no hook.
	Unless string
}

// backoffState is what the pass has learnt of backoff functions, field
// values and predicates.
type backoffState struct {
	funcs  map[ast.Node]*judged // by *ast.FuncDecl or *ast.FuncLit
	fields map[*types.Var]*fieldValues
	decls  []*ast.FuncDecl // sorted by position
	// sourceFiles: the package's files without its tests (retrysite.go).
	sourceFiles []*ast.File
	loops       map[*ast.BlockStmt]*loopClass
	// errorFlags and nilDefaults: errorkinds.go.
	errorFlags  map[*types.Var]bool
	nilDefaults map[ast.Expr]bool
}

// judged is the verdict on one function: whether it is a backoff, and
// whether its delays jitter.
type judged struct {
	backoff bool
	jitter  Tri
	b       *Backoff // when it is a backoff without jitter
}

func (a *analyzer) state() *backoffState {
	if a.bk == nil {
		a.bk = &backoffState{funcs: map[ast.Node]*judged{}, loops: map[*ast.BlockStmt]*loopClass{}}
		for _, d := range a.decls {
			a.bk.decls = append(a.bk.decls, d)
		}
		slices.SortFunc(a.bk.decls, func(x, y *ast.FuncDecl) int { return int(x.Pos() - y.Pos()) })
	}
	return a.bk
}

// enclosingDecl returns the function declaration that holds pos, or nil
// at package level.
func (a *analyzer) enclosingDecl(pos token.Pos) *ast.FuncDecl {
	decls := a.state().decls
	i, _ := slices.BinarySearchFunc(decls, pos, func(d *ast.FuncDecl, p token.Pos) int { return int(d.Pos() - p) })
	for _, d := range decls[max(i-1, 0):min(i+1, len(decls))] {
		if d.Pos() <= pos && pos < d.End() {
			return d
		}
	}
	return nil
}

// evaluatorAt returns an evaluator for expressions written at pos: in the
// scope of the function that holds it, or an empty one at package level.
func (a *analyzer) evaluatorAt(pos token.Pos, depth int) *evaluator {
	var scope *localvars.Scope
	if d := a.enclosingDecl(pos); d != nil {
		scope = a.scopeOf(d)
	} else {
		scope = localvars.New(a.pass.TypesInfo, nil, nil)
	}
	return &evaluator{pass: a.pass, rules: a.rules, a: a, scope: scope, depth: depth}
}

func isDuration(t types.Type) bool {
	named, ok := types.Unalias(t).(*types.Named)
	return ok && named.Obj().Pkg() != nil && named.Obj().Pkg().Path() == "time" && named.Obj().Name() == "Duration"
}

// durationResult says whether a signature returns a time.Duration first
// (and at most one more result: (time.Duration, bool)).
func durationResult(sig *types.Signature) bool {
	return sig != nil && sig.Results().Len() >= 1 && sig.Results().Len() <= 2 && isDuration(sig.Results().At(0).Type())
}

// countParam says whether a signature takes an attempt count: a
// parameter of a plain integer type (int, uint32; not a duration, nor
// another named integer).
func countParam(sig *types.Signature) bool {
	for v := range sig.Params().Variables() {
		if b, ok := types.Unalias(v.Type()).(*types.Basic); ok && b.Info()&types.IsInteger != 0 {
			return true
		}
	}
	return false
}

// backoffShaped says whether a function with this signature and body
// computes delays from an attempt count, a previous delay it grows, or
// state it changes; self is its receiver (a method) or nil, outer says
// whether a variable is declared outside the body (for a literal's
// captured variables).
func (a *analyzer) backoffShaped(sig *types.Signature, body *ast.BlockStmt, self *types.Var, outer func(*types.Var) bool) bool {
	if body == nil || !durationResult(sig) {
		return false
	}
	var results []ast.Expr
	stateful, grows := false, false
	rootVar := func(x ast.Expr) *types.Var {
		for {
			switch y := ast.Unparen(x).(type) {
			case *ast.SelectorExpr:
				x = y.X
				continue
			case *ast.StarExpr:
				x = y.X
				continue
			case *ast.IndexExpr:
				x = y.X
				continue
			case *ast.Ident:
				v, _ := a.pass.TypesInfo.ObjectOf(y).(*types.Var)
				return v
			}
			return nil
		}
	}
	// changes notes an assignment to the receiver's fields or to a
	// captured variable: state kept between calls.
	changes := func(lhs ast.Expr) {
		v := rootVar(lhs)
		if v == nil {
			return
		}
		_, isSel := ast.Unparen(lhs).(*ast.SelectorExpr)
		if self != nil && v == self && isSel || outer != nil && outer(v) {
			stateful = true
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(n.Results) > 0 {
				results = append(results, n.Results[0])
			}
		case *ast.AssignStmt:
			if n.Tok != token.DEFINE {
				for _, lhs := range n.Lhs {
					changes(lhs)
				}
			}
		case *ast.IncDecStmt:
			changes(n.X)
		case *ast.BinaryExpr:
			if n.Op == token.SHL || n.Op == token.MUL && !isConst(a.pass.TypesInfo, n) {
				grows = true
			}
		case *ast.CallExpr:
			if fn := typeutil.StaticCallee(a.pass.TypesInfo, n); fn != nil && a.rules.Grows(fn) {
				grows = true
			}
		}
		return true
	})
	if len(results) == 0 {
		return false
	}
	zero := true
	for _, x := range results {
		if tv := a.pass.TypesInfo.Types[x]; tv.Value == nil || tv.Value.String() != "0" {
			zero = false
		}
	}
	if zero {
		return false // no delay at all: not a backoff
	}
	if countParam(sig) || stateful {
		return true
	}
	// A previous delay that it grows: next(d) = 2*d.
	for v := range sig.Params().Variables() {
		if isDuration(v.Type()) && grows {
			return true
		}
	}
	return false
}

// funcBackoff judges a function used as a retry delay.
func (a *analyzer) funcBackoff(fn *types.Func) *judged {
	fn = fn.Origin()
	if fn.Pkg() != a.pass.Pkg {
		var f BackoffFact
		if fn.Pkg() != nil && a.pass.ImportObjectFact(fn, &f) {
			return &judged{backoff: true, jitter: No, b: &Backoff{Name: "backoff function " + remoteName(a.pass.Pkg, fn), Reported: f.Reported}}
		}
		return &judged{jitter: Unknown}
	}
	d := a.decls[fn]
	if d == nil || d.Body == nil {
		return &judged{jitter: Unknown}
	}
	st := a.state()
	if j, ok := st.funcs[d]; ok {
		return j
	}
	j := &judged{jitter: Unknown}
	st.funcs[d] = j // recursion ends here
	var self *types.Var
	if sig := fn.Signature(); sig.Recv() != nil {
		self = sig.Recv()
	}
	if a.backoffShaped(fn.Signature(), d.Body, self, nil) {
		j.backoff = true
		j.jitter = a.random(fn)
		hook := ""
		if j.jitter == Unknown {
			// A hook the caller may set: judged on the default's paths.
			if h, t := a.hookDefault(d); t == No {
				hook, j.jitter = h, No
			}
		}
		if j.jitter == No {
			j.b = &Backoff{Name: "backoff function " + localName(fn), Node: d, Unless: hook}
		}
	}
	return j
}

// litBackoff judges a function literal used as a retry delay; name is
// what holds it ("" for none).
func (a *analyzer) litBackoff(lit *ast.FuncLit, name string) *judged {
	st := a.state()
	if j, ok := st.funcs[lit]; ok {
		return j
	}
	j := &judged{jitter: Unknown}
	st.funcs[lit] = j
	sig, _ := a.pass.TypesInfo.TypeOf(lit).(*types.Signature)
	outer := func(v *types.Var) bool {
		return v.Pos().IsValid() && (v.Pos() < lit.Pos() || v.Pos() >= lit.End())
	}
	if !a.backoffShaped(sig, lit.Body, nil, outer) {
		return j
	}
	j.backoff = true
	e := a.evaluatorAt(lit.Pos(), 0)
	t := No
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(n.Results) > 0 {
				t = t.or(e.random(n.Results[0]))
			}
		}
		return t != Yes
	})
	j.jitter = t
	if t == No {
		what := "backoff func literal"
		if name != "" {
			what = "backoff function " + name
		}
		j.b = &Backoff{Name: what, Node: lit}
	}
	return j
}

// backoffPolicy is the policy of a delay computed by a judged function,
// used at use.
func backoffPolicy(j *judged, use ast.Node) Policy {
	p := unknownPolicy()
	name := "a backoff function"
	if j.b != nil {
		name = "the " + j.b.Name
	}
	p.set(ruleJitterBackoff, "jitter", j.jitter, use, "%s, judged at its declaration: jitter %s", name, valueWord[j.jitter])
	if j.b != nil {
		p.JitterCause = &Cause{Node: use, Backoff: j.b}
		p.Backoffs = []*Backoff{j.b}
	}
	return p
}

func localName(fn *types.Func) string {
	recv := fn.Signature().Recv()
	if recv == nil {
		return fn.Name()
	}
	t := recv.Type()
	ptr := false
	if p, ok := t.(*types.Pointer); ok {
		t, ptr = p.Elem(), true
	}
	name := types.TypeString(t, func(*types.Package) string { return "" })
	if named := namedOf(t); named != nil {
		name = named.Obj().Name()
	}
	if ptr {
		return "(*" + name + ")." + fn.Name()
	}
	return name + "." + fn.Name()
}

func remoteName(from *types.Package, obj types.Object) string {
	q := types.RelativeTo(from)
	if fn, ok := obj.(*types.Func); ok && fn.Signature().Recv() != nil {
		return types.TypeString(fn.Signature().Recv().Type(), q) + "." + fn.Name()
	}
	return obj.Pkg().Name() + "." + obj.Name()
}

// fieldValues are the values a field is assigned in the package.
type fieldValues struct {
	values []ast.Expr
	// opaque: the field is also changed in a way that cannot be read (its
	// address taken, an op-assignment, a multi-value assignment).
	opaque bool
	// sets are assignments to the fields of the value it holds
	// (c.bo.MaxElapsedTime = 0), in source order.
	sets []localvars.FieldSet
}

// fieldIndex reads every assignment to a field in the package: keys of
// struct literals and assignments through any expression.
func (a *analyzer) fieldIndex() map[*types.Var]*fieldValues {
	st := a.state()
	if st.fields != nil {
		return st.fields
	}
	st.fields = map[*types.Var]*fieldValues{}
	info := a.pass.TypesInfo
	entry := func(f *types.Var) *fieldValues {
		fv := st.fields[f]
		if fv == nil {
			fv = &fieldValues{}
			st.fields[f] = fv
		}
		return fv
	}
	fieldOf := func(x ast.Expr) *types.Var {
		sel, ok := ast.Unparen(x).(*ast.SelectorExpr)
		if !ok {
			return nil
		}
		if s, ok := info.Selections[sel]; ok && s.Kind() == types.FieldVal {
			return s.Obj().(*types.Var)
		}
		return nil
	}
	for _, file := range a.sourceFiles() {
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CompositeLit:
				t := info.TypeOf(n)
				if t == nil {
					return true
				}
				st, ok := t.Underlying().(*types.Struct)
				if !ok {
					return true
				}
				for i, elt := range n.Elts {
					if kv, ok := elt.(*ast.KeyValueExpr); ok {
						if id, ok := kv.Key.(*ast.Ident); ok {
							if f, ok := info.ObjectOf(id).(*types.Var); ok && f.IsField() {
								entry(f).values = append(entry(f).values, kv.Value)
							}
						}
					} else if i < st.NumFields() {
						entry(st.Field(i)).values = append(entry(st.Field(i)).values, elt)
					}
				}
			case *ast.AssignStmt:
				for i, lhs := range n.Lhs {
					f := fieldOf(lhs)
					if f == nil {
						continue
					}
					if n.Tok != token.ASSIGN || len(n.Lhs) != len(n.Rhs) {
						entry(f).opaque = true
						continue
					}
					entry(f).values = append(entry(f).values, n.Rhs[i])
					// c.bo.MaxElapsedTime = 0: a setting of the value in c.bo.
					if outer := fieldOf(ast.Unparen(lhs).(*ast.SelectorExpr).X); outer != nil {
						entry(outer).sets = append(entry(outer).sets, localvars.FieldSet{Field: f, Value: n.Rhs[i], Pos: n.Pos()})
					}
				}
			case *ast.IncDecStmt:
				if f := fieldOf(n.X); f != nil {
					entry(f).opaque = true
				}
			case *ast.UnaryExpr:
				if n.Op == token.AND {
					if f := fieldOf(n.X); f != nil {
						entry(f).opaque = true
					}
				}
			case *ast.RangeStmt:
				for _, x := range []ast.Expr{n.Key, n.Value} {
					if f := fieldOf(x); f != nil {
						entry(f).opaque = true
					}
				}
			}
			return true
		})
	}
	return st.fields
}

// distinct drops values that name the same function or variable.
func (a *analyzer) distinct(values []ast.Expr) []ast.Expr {
	var out []ast.Expr
	seen := map[types.Object]bool{}
	for _, x := range values {
		var obj types.Object
		switch y := ast.Unparen(x).(type) {
		case *ast.Ident:
			obj = a.pass.TypesInfo.Uses[y]
		case *ast.SelectorExpr:
			obj = a.pass.TypesInfo.Uses[y.Sel]
			if s, ok := a.pass.TypesInfo.Selections[y]; ok && s.Kind() != types.MethodVal {
				obj = nil // a field of some value: not one value
			}
		}
		if obj != nil {
			if seen[obj] {
				continue
			}
			seen[obj] = true
		}
		out = append(out, x)
	}
	return out
}

// field evaluates a field: the value it is assigned in the package, if
// it is assigned one; for a function-typed field assigned several, the
// backoff functions among them.
func (e *evaluator) field(x ast.Expr, f *types.Var) Policy {
	p := unknownPolicy()
	fv := e.a.fieldIndex()[f]
	if fv == nil || fv.opaque {
		return p
	}
	values := e.a.distinct(fv.values)
	switch len(values) {
	case 0:
		return p
	case 1:
		p = e.fieldValue(values[0], f)
		if named := namedOf(f.Type()); named != nil {
			for _, fs := range fv.sets {
				if r := e.rules.Field(named, fs.Field); r != nil {
					p.override(e.value(r, []ast.Expr{fs.Value}, fs.Value, nil))
				}
			}
		}
		return p
	}
	sig, _ := f.Type().Underlying().(*types.Signature)
	if !durationResult(sig) {
		return p
	}
	// Several delay functions: the retry's jitter is theirs only if they
	// all jitter, but each without jitter is used as a retry delay.
	all := Yes
	for _, v := range values {
		q := e.fieldValue(v, f)
		all = and(all, q.Jitter)
		p.Backoffs = append(p.Backoffs, q.Backoffs...)
	}
	if all == Yes {
		p.set(ruleJitterBackoff, "jitter", Yes, x, "every delay function %s is assigned jitters", short(x))
	}
	return p
}

func and(t, u Tri) Tri {
	switch {
	case t == No || u == No:
		return No
	case t == Yes && u == Yes:
		return Yes
	}
	return Unknown
}

// fieldValue evaluates one value assigned to field f, in the scope of
// the function that assigns it.
func (e *evaluator) fieldValue(v ast.Expr, f *types.Var) Policy {
	if e.depth > maxDepth {
		return unknownPolicy()
	}
	sub := e.a.evaluatorAt(v.Pos(), e.depth+1)
	var p Policy
	if lit, ok := ast.Unparen(v).(*ast.FuncLit); ok {
		p = sub.litPolicy(lit, "for "+f.Name(), v)
	} else {
		p = sub.policy(v)
	}
	p.Param, p.ContextParam, p.ClassifierParam = -1, -1, -1 // another function's
	return p
}

// litPolicy is the policy of a function literal used as a delay function.
func (e *evaluator) litPolicy(lit *ast.FuncLit, name string, use ast.Node) Policy {
	j := e.a.litBackoff(lit, name)
	if !j.backoff {
		return unknownPolicy()
	}
	return backoffPolicy(j, use)
}

// backoffCall is the policy of a delay computed by a call of a backoff
// function, static or through a function value; ok is false when the
// call is not one.
func (e *evaluator) backoffCall(call *ast.CallExpr, fn *types.Func) (Policy, bool) {
	var p Policy
	if fn != nil {
		if recv := fn.Signature().Recv(); recv != nil && types.IsInterface(recv.Type()) {
			return p, false // an interface method: unknown
		}
		j := e.a.funcBackoff(fn)
		if !j.backoff || j.jitter == Unknown {
			return p, false // not one, or maybe random: read as before
		}
		p = backoffPolicy(j, call)
	} else {
		t := e.info().TypeOf(call.Fun)
		if t == nil {
			return p, false
		}
		if sig, _ := t.Underlying().(*types.Signature); !durationResult(sig) {
			return p, false
		}
		if _, ok := typeutil.Callee(e.info(), call).(*types.Var); !ok {
			return p, false // not a variable or field holding the function
		}
		p = e.policy(call.Fun)
		if p.Jitter == Unknown && len(p.Backoffs) == 0 {
			return p, false
		}
	}
	if p.Jitter == No {
		// A random attempt number or delay handed in spreads them too.
		for _, arg := range call.Args {
			if t := e.random(arg); t != No {
				p = unknownPolicy()
				p.set(ruleJitterRandom, "jitter", t, arg, "the backoff is handed %s, random: it spreads the delays", short(arg))
				return p, true
			}
		}
	}
	return p, true
}

// backoffVar is the policy of another package's variable that holds a
// backoff function, by its fact.
func (e *evaluator) backoffVar(x ast.Expr, v *types.Var) Policy {
	var f BackoffFact
	if v.Pkg() == nil || v.Pkg() == e.pass.Pkg || !e.a.pass.ImportObjectFact(v, &f) {
		return unknownPolicy()
	}
	j := &judged{backoff: true, jitter: No, b: &Backoff{Name: "backoff function " + remoteName(e.pass.Pkg, v), Reported: f.Reported}}
	return backoffPolicy(j, x)
}

// backoffs lists the backoff functions without jitter of this package
// that the sites use as retry delays, with their uses, and exports the
// facts of every backoff function and variable without jitter.
func (a *analyzer) backoffs(sites []*Site) []*Backoff {
	used := map[ast.Node]*Backoff{}
	var out []*Backoff
	use := func(b *Backoff, at ast.Node) {
		if b == nil || b.Node == nil {
			return
		}
		if used[b.Node] == nil {
			used[b.Node] = b
			b.Uses = nil
			out = append(out, b)
		}
		if at != nil && !slices.Contains(b.Uses, at) {
			b.Uses = append(b.Uses, at)
		}
	}
	for _, s := range sites {
		if s.Kind == Loop || s.Kind == Redelivery {
			for _, w := range s.Delays {
				switch {
				case w.Jitter == No && w.Cause != nil && w.Cause.Backoff != nil:
					use(w.Cause.Backoff, w.Expr)
				case w.Jitter == Unknown && s.Enclosing != nil:
					we := a.evaluator(s.Enclosing)
					if w.eval != nil {
						we = w.eval
					}
					for _, b := range we.policy(w.Expr).Backoffs {
						use(b, w.Expr)
					}
				}
			}
			continue
		}
		for _, b := range s.Policy.Backoffs {
			at := ast.Node(s.Node)
			if s.Policy.JitterCause != nil && s.Policy.JitterCause.Backoff == b {
				at = s.Policy.JitterCause.Node
			}
			use(b, at)
		}
	}
	slices.SortFunc(out, func(x, y *Backoff) int { return a.comparePos(x.Node.Pos(), y.Node.Pos()) })
	for _, b := range out {
		slices.SortFunc(b.Uses, func(x, y ast.Node) int { return a.comparePos(x.Pos(), y.Pos()) })
	}

	// Facts: functions, then variables that hold one, in source order.
	for _, d := range a.state().decls {
		fn, ok := a.pass.TypesInfo.Defs[d.Name].(*types.Func)
		if !ok {
			continue
		}
		if j := a.funcBackoff(fn); j.b != nil {
			a.pass.ExportObjectFact(fn, &BackoffFact{Reported: used[d] != nil})
		}
	}
	vars := slices.Collect(maps.Keys(a.globals))
	slices.SortFunc(vars, func(x, y *types.Var) int { return a.comparePos(x.Pos(), y.Pos()) })
	for _, v := range vars {
		init := a.globals[v]
		sig, _ := v.Type().Underlying().(*types.Signature)
		if !durationResult(sig) {
			continue
		}
		e := a.evaluatorAt(init.Pos(), 0)
		var p Policy
		if lit, ok := ast.Unparen(init).(*ast.FuncLit); ok {
			p = e.litPolicy(lit, v.Name(), init)
		} else {
			p = e.policy(init)
		}
		if p.Jitter == No && len(p.Backoffs) == 1 {
			b := p.Backoffs[0]
			a.pass.ExportObjectFact(v, &BackoffFact{Reported: b.Reported || b.Node != nil && used[b.Node] != nil})
		}
	}
	return out
}

// finish completes the sites once they are all found: the backoff
// functions they use, and the predicate that makes a loop retry every
// error.
func (a *analyzer) finish(result *Result) {
	result.Backoffs = a.backoffs(result.Sites)
	for _, s := range result.Sites {
		if body, ok := s.Operation.(*ast.BlockStmt); ok && s.Kind == Loop && s.Policy.Classified == No {
			if c := a.loopClassification(body); c.classifier != nil {
				s.Policy.Classifier = &Classifier{Node: c.classifier, Unset: a.state().nilDefaults[c.classifier]}
			}
		}
	}
}
