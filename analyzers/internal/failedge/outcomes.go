package failedge

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"regexp"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/analyzers/internal/analysisutil"
)

// origin says what a value derived from an operation's call is.
type origin int

const (
	fromError   origin = iota + 1 // its error, or a value asserted from it
	fromResult                    // a result that is not an error or a bool
	fromPart                      // a field, an element or a method's int of a result
	fromBool                      // a bool the operation returns, or a field it sets
	fromVerdict                   // a bool computed from its error, or a verdict on it
)

type derived struct {
	origin origin
	// name is the result's, field's or variable's name, for bools.
	name string
	// polarity of a verdict: 1 when true means failure, -1 when false does.
	polarity int
	// besideError marks a result the operation returns beside an error:
	// only then is a nil one a failure (a nil reply), not a lookup that
	// found nothing.
	besideError bool
	// returned marks a bool the operation itself returns (retry, err :=
	// run()): a verdict it gives on its own failure.
	returned bool
	// tookEffect marks the bool an operation returns as its only answer
	// beside its error, named ok (ok, err := kv.CAS(p)): true says the
	// operation took effect, false that it must be tried again (another
	// writer got in first). It is no verdict on the error.
	tookEffect bool
}

// skipPackages hold functions that compute from a value and never fail
// in a way a loop retries: building, formatting and inspecting errors,
// strings, numbers, clocks and contexts (a context's Err is a bound).
var skipPackages = map[string]bool{
	"errors": true, "fmt": true, "strings": true, "strconv": true, "bytes": true,
	"sort": true, "math": true, "log": true, "log/slog": true, "slices": true,
	"maps": true, "context": true, "time": true, "sync": true, "sync/atomic": true,
	"unicode/utf8": true, "reflect": true, "runtime": true, "os/signal": true,
}

// errorMethods inspect an error; they are not operations.
var errorMethods = map[string]bool{
	"Error": true, "String": true, "Unwrap": true, "Is": true, "As": true,
	"Temporary": true, "Timeout": true,
}

// isOperation says whether call may be a retried operation: it returns
// something and is not a wait, a builtin, or a function of a package
// that computes without failing.
func isOperation(call *ssa.Call, opt Options) bool {
	common := call.Common()
	if _, ok := common.Value.(*ssa.Builtin); ok {
		return false
	}
	if common.Signature().Results().Len() == 0 && !handsOver(common) {
		return false
	}
	if isWaitCall(common, opt) || transformsError(common.Signature()) || judgesError(common.Signature()) {
		return false
	}
	if fn := calleeFunc(common); fn != nil {
		if fn.Pkg() != nil && skipPackages[fn.Pkg().Path()] {
			return false
		}
		if opt.IsRandom != nil && opt.IsRandom(fn) {
			return false // a random source: local, and crypto/rand.Read returns no error since Go 1.24
		}
		if errorMethods[fn.Name()] {
			return false
		}
	}
	return true
}

// transformsError says whether a call takes an error and returns only
// one (an unwrapper, a wrapper): it computes from a failure and is no
// operation.
func transformsError(sig *types.Signature) bool {
	return sig.Results().Len() == 1 && isError(sig.Results().At(0).Type()) && takesError(sig)
}

// takesError says whether a signature has an error parameter.
func takesError(sig *types.Signature) bool {
	for i := range sig.Params().Len() {
		if isError(sig.Params().At(i).Type()) {
			return true
		}
	}
	return false
}

// judgesError says whether a call takes an error and answers only a
// bool: a decision on a failure (isRetryable(err),
// p.ShouldRetry(err, n), WaitOrSkipRetry(ctx, n, cmd, err)), which may
// wait before it answers. Its answer says whether to go round; it is
// not the operation that failed, and a true from it is not a failure.
func judgesError(sig *types.Signature) bool {
	return lastVerdict(sig.Results()) && takesError(sig)
}

// lastVerdict says whether a call's results end in a bool and hold no
// error: a verdict, alone (retryable(err) bool) or after what goes with
// it (a pause, a next address: Retry(err) (time.Duration, bool)).
func lastVerdict(res *types.Tuple) bool {
	n := res.Len()
	if n == 0 || !isBool(res.At(n-1).Type()) {
		return false
	}
	for i := range n {
		if isError(res.At(i).Type()) {
			return false
		}
	}
	return true
}

// handsOver says whether a call is handed a closure that captures a
// variable or a local's address: what it did may be read after it.
func handsOver(common *ssa.CallCommon) bool {
	for _, a := range common.Args {
		switch a := a.(type) {
		case *ssa.MakeClosure:
			for _, b := range a.Bindings {
				if _, ok := b.(*ssa.Alloc); ok {
					return true
				}
			}
		case *ssa.Alloc:
			return true
		}
	}
	return false
}

func calleeFunc(common *ssa.CallCommon) *types.Func {
	if common.IsInvoke() {
		return common.Method
	}
	if f := common.StaticCallee(); f != nil {
		if obj, ok := f.Object().(*types.Func); ok {
			return obj
		}
	}
	return nil
}

func isWaitCall(common *ssa.CallCommon, opt Options) bool {
	fn := calleeFunc(common)
	return fn != nil && opt.IsWait != nil && opt.IsWait(fn)
}

var (
	// failureNames are the names of bools whose truth means a failure or
	// a decision to try again.
	failureNames = regexp.MustCompile(`(?i)retr(y|ies|iable)|again|^(should|keep)(continue|going)$|temporar|transient|recoverable|fail|err|timeout|timedout|busy|unavailable`)
	// successNames are those whose truth means the operation succeeded.
	successNames = regexp.MustCompile(`(?i)^(has|is|was)?(success|succeeded|completed|sent|delivered|acked|acquired|applied|committed|connected)$`)
)

// tookEffectShape says whether result i of an operation is its verdict
// on itself rather than a lookup's "found": the first result, the last
// an error, and no other bool among them (ok, err := kv.CAS(p); ok, meta,
// err := kv.CAS(p)). A value before it (v, ok, err := cache.Get(k)) says
// whether the value was there.
func tookEffectShape(res *types.Tuple, i int) bool {
	n := res.Len()
	if i != 0 || n < 2 || !isError(res.At(n-1).Type()) {
		return false
	}
	for j := 1; j < n-1; j++ {
		if isBool(res.At(j).Type()) {
			return false
		}
	}
	return true
}

// namePolarity says what a bool's name says its truth means.
func namePolarity(name string) int {
	switch {
	case name == "":
		return 0
	case successNames.MatchString(name):
		return -1
	case failureNames.MatchString(name):
		return 1
	}
	return 0
}

// derive finds the values computed from op's call in fn: its results,
// their fields and elements, what predicates compute from its error, and
// the variables and fields of what op was handed that are read after it.
func derive(fn *ssa.Function, op *ssa.Call) map[ssa.Value]derived {
	out := map[ssa.Value]derived{}
	var work []ssa.Value
	add := func(v ssa.Value, d derived) {
		if _, ok := out[v]; ok || v == nil {
			return
		}
		out[v] = d
		work = append(work, v)
	}
	sig := op.Call.Signature()
	res := sig.Results()
	var names []string
	besideError := false
	for i := range res.Len() {
		besideError = besideError || isError(res.At(i).Type())
	}
	// A concrete type that implements error is the operation's error
	// when no result is declared error (func write() *WriteError).
	ownError := !besideError
	for i := range res.Len() {
		besideError = besideError || ownError && implementsError(res.At(i).Type())
	}
	kindOf := func(t types.Type, name string, i int) derived {
		if name == "" && isBool(t) || isInteger(t) {
			// A bool by its declared name, else by the variable it is
			// assigned to; an integer by the variable, which says what
			// the caller takes it for (length, n := readI(r)).
			if names == nil {
				names = assignedNames(fn, op.Pos())
			}
			if i < len(names) && names[i] != "" && names[i] != "_" {
				name = names[i]
			}
			if name == "" && isInteger(t) && countNames.MatchString(calleeName(op)) {
				name = calleeName(op) // list.Len() == 0: a size, no status
			}
		}
		switch {
		case isError(t), ownError && implementsError(t):
			return derived{origin: fromError}
		case isBool(t):
			if p := returnedVerdict(op, i); p != 0 {
				return derived{origin: fromVerdict, polarity: p, returned: true}
			}
			if name == "ok" && tookEffectShape(res, i) {
				return derived{origin: fromBool, name: name, tookEffect: true}
			}
			return derived{origin: fromBool, name: name, returned: true}
		}
		d := derived{origin: fromResult, besideError: besideError}
		if isInteger(t) {
			d.name = name
		}
		return d
	}
	if res.Len() == 1 {
		add(op, kindOf(res.At(0).Type(), res.At(0).Name(), 0))
	} else {
		for _, r := range *op.Referrers() {
			if e, ok := r.(*ssa.Extract); ok {
				add(e, kindOf(res.At(e.Index).Type(), res.At(e.Index).Name(), e.Index))
			}
		}
	}
	// What op is handed: a closure's captured variables (a handler that
	// sets failed = true) and a local it fills (c.send(req, &resp)).
	for _, arg := range op.Call.Args {
		switch a := arg.(type) {
		case *ssa.MakeClosure:
			for _, b := range a.Bindings {
				if alloc, ok := b.(*ssa.Alloc); ok {
					addLoads(alloc, derived{origin: fromBool, name: alloc.Comment}, add)
				}
			}
		case *ssa.Alloc:
			add(a, derived{origin: fromResult})
		}
	}
	for len(work) > 0 {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		d := out[v]
		refs := v.Referrers()
		if refs == nil {
			continue
		}
		for _, r := range *refs {
			switch r := r.(type) {
			case *ssa.Phi:
				add(r, d)
			case *ssa.ChangeInterface:
				add(r, d)
			case *ssa.ChangeType:
				add(r, d)
			case *ssa.MakeInterface:
				add(r, d)
			case *ssa.Convert:
				add(r, d)
			case *ssa.TypeAssert:
				if d.origin != fromError {
					continue
				}
				if r.CommaOk {
					for _, rr := range *r.Referrers() {
						if e, ok := rr.(*ssa.Extract); ok {
							if e.Index == 1 {
								add(e, derived{origin: fromVerdict, polarity: 1})
							} else {
								add(e, d)
							}
						}
					}
				} else {
					add(r, d)
				}
			case *ssa.FieldAddr:
				if d.origin == fromResult || d.origin == fromPart {
					add(r, derived{origin: fromPart, name: fieldName(r.X.Type(), r.Field)})
				}
			case *ssa.Field:
				if d.origin == fromResult || d.origin == fromPart {
					add(r, derived{origin: fromPart, name: fieldName(r.X.Type(), r.Field)})
				}
			case *ssa.IndexAddr, *ssa.Index:
				if d.origin == fromResult || d.origin == fromPart {
					add(r.(ssa.Value), derived{origin: fromPart})
				}
			case *ssa.UnOp:
				if r.Op == token.MUL && (d.origin == fromResult || d.origin == fromPart) {
					add(r, d) // a load through a result's pointer or a field's address
				}
			case *ssa.Store:
				if alloc, ok := r.Addr.(*ssa.Alloc); ok && r.Val == v {
					addLoads(alloc, d, add)
				}
			case *ssa.Call:
				if r == op {
					continue
				}
				deriveCall(r, v, d, add)
			}
		}
	}
	return out
}

// assignedNames returns the names a call's results are assigned to
// (again, err := f()), for the results its signature leaves unnamed.
func assignedNames(fn *ssa.Function, lparen token.Pos) []string {
	body := syntaxBody(fn)
	if body == nil || !lparen.IsValid() {
		return []string{}
	}
	var out []string
	ast.Inspect(body, func(n ast.Node) bool {
		if out != nil {
			return false
		}
		var lhs []ast.Expr
		var rhs []ast.Expr
		switch n := n.(type) {
		case *ast.AssignStmt:
			lhs, rhs = n.Lhs, n.Rhs
		case *ast.ValueSpec:
			for _, id := range n.Names {
				lhs = append(lhs, id)
			}
			rhs = n.Values
		default:
			return true
		}
		if len(rhs) != 1 {
			return true
		}
		if call, ok := ast.Unparen(rhs[0]).(*ast.CallExpr); ok && call.Lparen == lparen {
			out = []string{}
			for _, e := range lhs {
				id, _ := ast.Unparen(e).(*ast.Ident)
				if id != nil {
					out = append(out, id.Name)
				} else {
					out = append(out, "")
				}
			}
		}
		return true
	})
	if out == nil {
		out = []string{}
	}
	return out
}

// deriveCall derives from a call that takes v: a predicate on the error
// (retryable(err), errors.Is(err, ErrBusy)) or a verdict named so on a
// result (shouldRetry(resp)), and a result's int method (StatusCode()).
func deriveCall(call *ssa.Call, v ssa.Value, d derived, add func(ssa.Value, derived)) {
	if _, ok := call.Call.Value.(*ssa.Builtin); ok {
		return // len(items) measures an answer; it is no status
	}
	res := call.Call.Signature().Results()
	if res.Len() > 1 && d.origin == fromError && lastVerdict(res) {
		// pause, again := r.Retry(err): the last result is the verdict.
		for _, r := range *call.Referrers() {
			if e, ok := r.(*ssa.Extract); ok && e.Index == res.Len()-1 {
				add(e, derived{origin: fromVerdict, polarity: 1})
			}
		}
		return
	}
	if res.Len() != 1 {
		return
	}
	t := res.At(0).Type()
	name := calleeName(call)
	if lit := closureOf(call); lit != nil {
		name = closureName(lit) // retry := func(code int) bool {...}
	}
	switch {
	case isBool(t) && d.origin == fromError:
		add(call, derived{origin: fromVerdict, polarity: 1})
	case isBool(t) && namePolarity(name) != 0:
		add(call, derived{origin: fromVerdict, polarity: namePolarity(name)})
	case isError(t) && (d.origin == fromResult || d.origin == fromPart) && asksPart(call, v):
		add(call, derived{origin: fromError}) // a reply's own error: resp.Error(), replies[i].Err()
	case isInteger(t) && (d.origin == fromResult || d.origin == fromPart) && call.Call.IsInvoke() == false && len(call.Call.Args) == 1 && call.Call.Args[0] == v:
		add(call, derived{origin: fromPart, name: name}) // resp.StatusCode()
	case isInteger(t) && (d.origin == fromResult || d.origin == fromPart) && call.Call.IsInvoke() && call.Call.Value == v && len(call.Call.Args) == 0:
		add(call, derived{origin: fromPart, name: name})
	}
}

// asksPart says whether call is a method of v that takes nothing else:
// v.Error(), as a static call on a concrete type or through an
// interface.
func asksPart(call *ssa.Call, v ssa.Value) bool {
	if call.Call.IsInvoke() {
		return call.Call.Value == v && len(call.Call.Args) == 0
	}
	return call.Call.Signature().Recv() != nil && len(call.Call.Args) == 1 && call.Call.Args[0] == v
}

// returnedVerdict reads the bool result i of op's callee from its
// returns, when the callee's body is built: a bool that is false on
// no return without an error (done, err := attempt()) is false on a
// failure (-1), and one true on no return without an error (retry,
// err) is true on a failure (1). A bool that is false beside a nil error too
// (ready, err := probe()) says nothing (0).
func returnedVerdict(op *ssa.Call, i int) int {
	f := op.Call.StaticCallee()
	if f == nil || len(f.Blocks) == 0 {
		return 0
	}
	res := f.Signature.Results()
	errAt := errorResult(res)
	if errAt < 0 {
		return 0
	}
	// For each bool value seen: whether it came with an error, without
	// one, or either.
	var withErr, withoutErr [2]bool
	for _, b := range f.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) != res.Len() {
			continue
		}
		k, ok := ret.Results[i].(*ssa.Const)
		if !ok || k.Value == nil || k.Value.Kind() != constant.Bool {
			return 0 // a computed bool: its value on a failure is not known
		}
		v := 0
		if constant.BoolVal(k.Value) {
			v = 1
		}
		if e, ok := ret.Results[errAt].(*ssa.Const); ok && e.IsNil() {
			withoutErr[v] = true
		} else {
			withErr[v] = true
		}
	}
	falseFails := withErr[0] && !withoutErr[0]
	trueFails := withErr[1] && !withoutErr[1]
	switch {
	case falseFails && !trueFails:
		return -1 // false only with an error: false is a failure
	case trueFails && !falseFails:
		return 1
	}
	return 0
}

// closureOf returns the function literal a call calls, if any.
func closureOf(call *ssa.Call) *ssa.Function {
	v := call.Call.Value
	if mc, ok := v.(*ssa.MakeClosure); ok {
		v = mc.Fn
	}
	if f, ok := v.(*ssa.Function); ok && f.Parent() != nil {
		return f
	}
	return nil
}

// closureName returns the name of the variable a function literal is
// assigned to where it is written, or "".
func closureName(lit *ssa.Function) string {
	syn := lit.Syntax()
	if syn == nil {
		return ""
	}
	body := syntaxBody(lit.Parent())
	if body == nil {
		return ""
	}
	name := ""
	ast.Inspect(body, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok && len(as.Lhs) == len(as.Rhs) {
			for i, r := range as.Rhs {
				if r.Pos() == syn.Pos() {
					if id, ok := as.Lhs[i].(*ast.Ident); ok {
						name = id.Name
					}
				}
			}
		}
		return name == ""
	})
	return name
}

// addLoads derives the loads of a variable that holds a derived value
// or that a handler sets.
func addLoads(alloc *ssa.Alloc, d derived, add func(ssa.Value, derived)) {
	for _, r := range *alloc.Referrers() {
		if u, ok := r.(*ssa.UnOp); ok && u.Op == token.MUL {
			add(u, d)
		}
	}
}

// failureEdges returns the edges of the loop's branches that a failure
// of op takes: the outcome of each test of op's results that means
// failure.
type failureEdge struct {
	edge
	test *ssa.If
	// weak marks a test of a bool field of the answer, known only by
	// its name (cfg.ShouldRetry): another operation's test is preferred.
	weak bool
	// nilAnswer marks a test of an answer against nil.
	nilAnswer bool
	// tookEffect marks a test of the ok an operation answers beside its
	// error: a failure only where the loop goes round on the error too.
	tookEffect bool
	// refusal marks a test of the answer's status against a 4xx code
	// (== 401, != http.StatusTooManyRequests): its failure side is a
	// refusal the service answered, which says it did not act.
	refusal bool
	// onError marks a test of the operation's error against nil.
	onError bool
}

// errorTest says whether cond compares the operation's error with nil
// (err != nil, !(err == nil)).
func errorTest(cond ssa.Value, vals map[ssa.Value]derived) bool {
	for u, ok := cond.(*ssa.UnOp); ok && u.Op == token.NOT; u, ok = cond.(*ssa.UnOp) {
		cond = u.X
	}
	bin, ok := cond.(*ssa.BinOp)
	if !ok || (bin.Op != token.EQL && bin.Op != token.NEQ) {
		return false
	}
	for _, side := range []ssa.Value{bin.X, bin.Y} {
		k, ok := otherOperand(bin, side).(*ssa.Const)
		if !ok || !k.IsNil() {
			continue
		}
		if d, ok := vals[side]; ok && (d.origin == fromError || d.origin == fromPart && isError(side.Type())) {
			return true
		}
	}
	return false
}

func failureEdges(fn *ssa.Function, l *loop, op *ssa.Call) []failureEdge {
	vals := derive(fn, op)
	var out []failureEdge
	for _, b := range l.blocks {
		i, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		weak, took := false, false
		c := i.Cond
		for u, ok := c.(*ssa.UnOp); ok && u.Op == token.NOT; u, ok = c.(*ssa.UnOp) {
			c = u.X
		}
		if d, ok := vals[c]; ok {
			weak = d.origin == fromPart
			took = d.tookEffect
		}
		e := failureEdge{test: i, weak: weak, tookEffect: took, nilAnswer: isNilAnswerTest(i.Cond, vals), refusal: refusalTest(i.Cond, vals), onError: errorTest(i.Cond, vals)}
		switch polarity(i.Cond, vals) {
		case 1:
			e.edge = edge{b, 0}
		case -1:
			e.edge = edge{b, 1}
		default:
			continue
		}
		out = append(out, e)
	}
	return slices.DeleteFunc(out, func(e failureEdge) bool { return e.nilAnswer && nothingThere(e, out) })
}

// endOfInput returns the sides of the loop's tests on which the
// operation's error is io.EOF (err == io.EOF, errors.Is(err, io.EOF)):
// the input ended, which is no failure.
func endOfInput(l *loop, vals map[ssa.Value]derived) map[edge]bool {
	isEOF := func(v ssa.Value) bool {
		u, ok := v.(*ssa.UnOp)
		if !ok || u.Op != token.MUL {
			return false
		}
		g, ok := u.X.(*ssa.Global)
		return ok && g.Pkg != nil && g.Pkg.Pkg.Path() == "io" && g.Name() == "EOF"
	}
	isErr := func(v ssa.Value) bool {
		d, ok := vals[v]
		return ok && d.origin == fromError
	}
	out := map[edge]bool{}
	for _, b := range l.blocks {
		i, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		c, side := i.Cond, 0
		for u, ok := c.(*ssa.UnOp); ok && u.Op == token.NOT; u, ok = c.(*ssa.UnOp) {
			c, side = u.X, 1-side
		}
		switch c := c.(type) {
		case *ssa.BinOp:
			if !(isErr(c.X) && isEOF(c.Y) || isErr(c.Y) && isEOF(c.X)) {
				continue
			}
			switch c.Op {
			case token.EQL:
			case token.NEQ:
				side = 1 - side
			default:
				continue
			}
		case *ssa.Call:
			fn := c.Call.StaticCallee()
			if fn == nil || fn.Pkg == nil || fn.Pkg.Pkg.Path() != "errors" || fn.Name() != "Is" || len(c.Call.Args) != 2 || !isErr(c.Call.Args[0]) || !isEOF(c.Call.Args[1]) {
				continue
			}
		default:
			continue
		}
		out[edge{b, side}] = true
	}
	return out
}

// isNilAnswerTest says whether cond compares with nil an answer the
// operation returns beside an error.
func isNilAnswerTest(cond ssa.Value, vals map[ssa.Value]derived) bool {
	x, k := equalityWithConst(cond)
	if k == nil {
		return false
	}
	d, found := vals[x]
	return k.IsNil() && found && d.origin == fromResult && d.besideError
}

// equalityWithConst reads cond, under any !, as x == k or x != k with k
// a constant, on either side; k is nil when it is not one.
func equalityWithConst(cond ssa.Value) (ssa.Value, *ssa.Const) {
	for u, ok := cond.(*ssa.UnOp); ok && u.Op == token.NOT; u, ok = cond.(*ssa.UnOp) {
		cond = u.X
	}
	bin, ok := cond.(*ssa.BinOp)
	if !ok || bin.Op != token.EQL && bin.Op != token.NEQ {
		return nil, nil
	}
	x, y := bin.X, bin.Y
	if _, ok := x.(*ssa.Const); ok {
		x, y = y, x
	}
	k, _ := y.(*ssa.Const)
	return x, k
}

// nothingThere says whether a nil answer's edge is tested where the
// error is known nil (past the success side of a test of the error), or
// leads on to a test of the error, and goes elsewhere than that error's
// failure: a nil answer beside a nil
// error says there is nothing there (a transaction that did not run, a
// task still in progress). A nil side that joins the error's failure
// side (err != nil || reply == nil) is that failure.
func nothingThere(e failureEdge, all []failureEdge) bool {
	to := e.from.Succs[e.succ]
	afterSuccess := false
	for _, f := range all {
		if f.nilAnswer {
			continue
		}
		failed := f.from.Succs[f.succ]
		if to == failed {
			return false
		}
		if ok := f.from.Succs[1-f.succ]; ok.Dominates(e.from) && ok != failed {
			afterSuccess = true
		}
		if to.Dominates(f.from) {
			// The nil side goes on to the error's test (w != nil || err
			// != nil): what it reaches past that test's failure is a nil
			// answer beside a nil error.
			afterSuccess = true
		}
	}
	return afterSuccess
}

// polarity says whether cond, computed from op's results, is true on a
// failure (1), false on a failure (-1), or says nothing of one (0).
func polarity(cond ssa.Value, vals map[ssa.Value]derived) int {
	if u, ok := cond.(*ssa.UnOp); ok && u.Op == token.NOT {
		return -polarity(u.X, vals)
	}
	if d, ok := vals[cond]; ok {
		switch d.origin {
		case fromVerdict:
			return d.polarity
		case fromBool, fromPart:
			if d.tookEffect {
				return -1
			}
			if isBool(cond.Type()) {
				return namePolarity(d.name)
			}
		}
		return 0
	}
	bin, ok := cond.(*ssa.BinOp)
	if !ok {
		return 0
	}
	x, y, op := bin.X, bin.Y, bin.Op
	if _, ok := x.(*ssa.Const); ok {
		x, y, op = y, x, analysisutil.Mirror(op)
	}
	d, ok := vals[x]
	k, isConst := y.(*ssa.Const)
	if ok && !isConst && (op == token.EQL || op == token.NEQ) && (d.origin == fromPart || d.origin == fromResult) && isInteger(x.Type()) {
		// status == code, for each code of retryStatus: a list's name
		// says what its codes mean, as a bool's name does.
		p := namePolarity(listName(y))
		if op == token.NEQ {
			p = -p
		}
		return p
	}
	if !ok || !isConst {
		return 0
	}
	if k.IsNil() {
		sign := 1
		if op == token.EQL {
			sign = -1
		} else if op != token.NEQ {
			return 0
		}
		switch {
		case d.origin == fromError, d.origin == fromPart && isError(x.Type()):
			return sign // err != nil, res.Err != nil
		case d.origin == fromResult && d.besideError && nilMeansNone(x.Type()):
			return -sign // resp == nil
		}
		return 0
	}
	if (d.origin == fromPart || d.origin == fromResult) && isInteger(x.Type()) && k.Value != nil && k.Value.Kind() == constant.Int {
		n, exact := constant.Int64Val(k.Value)
		if exact && (n >= 100 && n <= 599 || d.name == "" || statusNames.MatchString(d.name) || implementsError(x.Type())) {
			return statusPolarity(op, n)
		}
	}
	if (d.origin == fromBool || d.origin == fromPart) && isBool(x.Type()) && k.Value != nil && k.Value.Kind() == constant.Bool {
		p := namePolarity(d.name)
		if constant.BoolVal(k.Value) == (op == token.NEQ) {
			p = -p
		}
		if op != token.EQL && op != token.NEQ {
			return 0
		}
		return p
	}
	return 0
}

// refusalTest says whether cond compares a status of the operation's
// answer with a code of 400 to 499, by == or !=: a request the service
// refused, and answered so, before acting on it.
func refusalTest(cond ssa.Value, vals map[ssa.Value]derived) bool {
	x, k := equalityWithConst(cond)
	if k == nil {
		return false
	}
	d, found := vals[x]
	if !found || k.Value == nil || k.Value.Kind() != constant.Int || !isInteger(x.Type()) {
		return false
	}
	if d.origin != fromPart && d.origin != fromResult {
		return false
	}
	n, exact := constant.Int64Val(k.Value)
	return exact && n >= 400 && n <= 499
}

// statusNames are the names of integer answers that are status codes:
// compared with a code outside HTTP's, 0 is success only for them, and
// for an integer type with an Error method (an error code: block.Err ==
// ErrNoError). An integer named otherwise (n, length, typ) counts or
// tags, and says nothing of a failure; one with no name is read as a
// status.
var statusNames = regexp.MustCompile(`(?i)status|code|^rc$|^ret$|^err|result`)

// countNames are the names of calls whose integer answer measures a
// size (q.Len(), s.Count(), r.Buffered()): unnamed otherwise, it is
// named by the call, and says nothing of a failure.
var countNames = regexp.MustCompile(`(?i)^(len|length|count|size|cap|num|total|available|buffered|remaining|pending)`)

// statusPolarity reads a comparison of a status with n. Of HTTP's codes,
// 2xx are success; 3xx are neither (a redirect names another place, it
// is no failure); 4xx and 5xx are failure (408, 429 and 5xx transient,
// the other 4xx terminal: which failures deserve a retry is not this
// definition's business). A range from 300 up (status >= 300) is a
// failure: clients follow redirects themselves, so a 3xx seldom reaches
// such a test. For other codes, 0 is success.
func statusPolarity(op token.Token, n int64) int {
	http := n >= 100 && n <= 599
	ok := n >= 200 && n <= 299
	switch op {
	case token.EQL, token.NEQ:
		sign := 1
		if op == token.EQL {
			sign = -1 // status == 200 is true on success
		}
		switch {
		case http && ok, n == 0:
			return sign
		case http && n >= 400:
			return -sign
		}
	case token.GEQ:
		if n >= 300 {
			return 1
		}
	case token.GTR:
		if n >= 299 {
			return 1
		}
	case token.LSS:
		if n >= 201 && n <= 600 {
			return -1 // status < 500 is true on success
		}
	case token.LEQ:
		if n >= 200 && n <= 599 {
			return -1
		}
	}
	return 0
}

func fieldName(t types.Type, i int) string {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	if s, ok := t.Underlying().(*types.Struct); ok && i < s.NumFields() {
		return s.Field(i).Name()
	}
	return ""
}

// nilMeansNone says whether a nil result of type t means there is none:
// a pointer or an interface. A nil slice or map is an empty one.
func nilMeansNone(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Interface:
		return true
	}
	return false
}

var errorType = types.Universe.Lookup("error").Type()

// errorResult is the index of the last error among res, or -1.
func errorResult(res *types.Tuple) int {
	at := -1
	for j := range res.Len() {
		if isError(res.At(j).Type()) {
			at = j
		}
	}
	return at
}

// isError says whether t is error, or an interface of the module's own
// that is one (type Error interface { error; ResultCode() int }): a
// client whose calls return its own error interface fails through it as
// through error.
func isError(t types.Type) bool {
	if types.Identical(t, errorType) {
		return true
	}
	return types.IsInterface(t) && types.Implements(t, errorType.Underlying().(*types.Interface))
}

// implementsError says whether t is a concrete type with an Error method
// (*url.Error, a client's *Error): a value of it is an error.
func implementsError(t types.Type) bool {
	if types.IsInterface(t) {
		return false
	}
	return types.Implements(t, errorType.Underlying().(*types.Interface))
}

func isBool(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsBoolean != 0
}

func isInteger(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

// listName is the name of the slice, array or map v is an element of (a
// field, a variable, a parameter), or "".
func listName(v ssa.Value) string {
	if u, ok := v.(*ssa.UnOp); ok && u.Op == token.MUL {
		v = u.X
	}
	var list ssa.Value
	switch e := v.(type) {
	case *ssa.IndexAddr:
		list = e.X
	case *ssa.Index:
		list = e.X
	case *ssa.Lookup:
		list = e.X
	default:
		return ""
	}
	for range 4 {
		switch l := list.(type) {
		case *ssa.UnOp:
			if l.Op != token.MUL {
				return ""
			}
			list = l.X
			continue
		case *ssa.FieldAddr:
			return fieldName(l.X.Type(), l.Field)
		case *ssa.Field:
			return fieldName(l.X.Type(), l.Field)
		case *ssa.Global:
			return l.Name()
		case *ssa.Parameter:
			return l.Name()
		case *ssa.FreeVar:
			return l.Name()
		case *ssa.Alloc:
			return l.Comment
		}
		return ""
	}
	return ""
}

// verdictTest says whether cond tests a bool the operation returns (if
// !retry, if again == false): the operation's own verdict on its failure.
func verdictTest(cond ssa.Value, vals map[ssa.Value]derived) bool {
	if u, ok := cond.(*ssa.UnOp); ok && u.Op == token.NOT {
		cond = u.X
	}
	if b, ok := cond.(*ssa.BinOp); ok && (b.Op == token.EQL || b.Op == token.NEQ) {
		if _, ok := b.Y.(*ssa.Const); ok {
			cond = b.X
		} else if _, ok := b.X.(*ssa.Const); ok {
			cond = b.Y
		}
	}
	d, ok := vals[cond]
	return ok && d.returned && isBool(cond.Type())
}
