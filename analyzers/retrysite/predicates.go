package retrysite

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/retrylint/retrylint/analyzers/internal/analysisutil"
	"github.com/retrylint/retrylint/analyzers/internal/failedge"
	"github.com/retrylint/retrylint/analyzers/internal/localvars"
)

// A classifier (a predicate, a CheckRetry, a ShouldRetry) decides which
// errors a retry retries. It retries every error when it answers "retry"
// whatever the error is: it ignores its error argument, it returns
// err != nil, it returns true whenever err != nil, or it is a nil that
// the helper it is given to replaces with one that does. One that looks
// at the error (errors.Is or As, a type switch, a status code, a
// predicate of the error) classifies.

const maxPredicateDepth = 4

// catchAll says whether a predicate, as written at a retry site or in its
// configuration, returns "retry" (its first, boolean, result) for every
// error it is given: a literal, a function or method of this package, or
// a variable or field that holds one.
func (a *analyzer) catchAll(x ast.Expr, depth int) bool {
	if x == nil || depth > maxPredicateDepth {
		return false
	}
	ftype, body := a.predicateFunc(x, depth)
	if body == nil {
		return false
	}
	return a.catchAllBody(ftype, body, depth)
}

// predicateFunc finds the function a predicate expression stands for.
func (a *analyzer) predicateFunc(x ast.Expr, depth int) (*ast.FuncType, *ast.BlockStmt) {
	info := a.pass.TypesInfo
	switch y := ast.Unparen(x).(type) {
	case *ast.FuncLit:
		return y.Type, y.Body
	case *ast.CallExpr:
		// A constructor of predicates: func retryAll() func(error) bool
		// { return func(error) bool { return true } }.
		if fn := typeutil.StaticCallee(info, y); fn != nil && fn.Pkg() == a.pass.Pkg {
			if d := a.decls[fn.Origin()]; d != nil && d.Body != nil {
				if ret := singleReturn(d.Body); ret != nil {
					if lit, ok := ast.Unparen(ret).(*ast.FuncLit); ok {
						return lit.Type, lit.Body
					}
				}
			}
		}
		return nil, nil
	case *ast.Ident, *ast.SelectorExpr:
		var obj types.Object
		if id, ok := y.(*ast.Ident); ok {
			obj = info.Uses[id]
		} else {
			sel := y.(*ast.SelectorExpr)
			obj = info.Uses[sel.Sel]
			if s, ok := info.Selections[sel]; ok && s.Kind() == types.FieldVal {
				return a.predicateOfValues(a.fieldValuesOf(s.Obj().(*types.Var)), depth)
			}
		}
		switch obj := obj.(type) {
		case *types.Func:
			if d := a.decls[obj.Origin()]; d != nil && obj.Pkg() == a.pass.Pkg {
				return d.Type, d.Body
			}
		case *types.Var:
			if obj.Pkg() != a.pass.Pkg {
				return nil, nil
			}
			if init := a.globals[obj]; init != nil {
				return a.predicateOfValues([]ast.Expr{init}, depth)
			}
			if d := a.enclosingDecl(obj.Pos()); d != nil {
				defs := a.scopeOf(d).Defs[obj]
				if len(defs) == 1 && defs[0].Index < 0 && !defs[0].Op && !defs[0].Range {
					return a.predicateOfValues([]ast.Expr{defs[0].Expr}, depth)
				}
			}
		}
	}
	return nil, nil
}

// fieldValuesOf returns the one value a field is assigned in the
// package, or nil.
func (a *analyzer) fieldValuesOf(f *types.Var) []ast.Expr {
	fv := a.fieldIndex()[f]
	if fv == nil || fv.opaque {
		return nil
	}
	return a.distinct(fv.values)
}

func (a *analyzer) predicateOfValues(values []ast.Expr, depth int) (*ast.FuncType, *ast.BlockStmt) {
	if len(values) != 1 {
		return nil, nil
	}
	return a.predicateFunc(values[0], depth+1)
}

// catchAllBody reads a predicate's body for whether it answers "retry" to
// every error.
func (a *analyzer) catchAllBody(ftype *ast.FuncType, body *ast.BlockStmt, depth int) bool {
	info := a.pass.TypesInfo
	verdict := verdictIndex(info, ftype)
	if verdict < 0 {
		return false
	}
	// The error parameter, and the other inputs it could classify by.
	var errVar *types.Var
	hasErr := false
	others := map[*types.Var]bool{}
	for _, field := range ftype.Params.List {
		t := info.TypeOf(field.Type)
		isErr := t != nil && isErrorType(t)
		if isErr {
			hasErr = true
		}
		for _, name := range field.Names {
			v, _ := info.Defs[name].(*types.Var)
			switch {
			case v == nil:
			case isErr && errVar == nil:
				errVar = v
			case !isContext(v.Type()):
				others[v] = true
			}
		}
	}
	if !hasErr {
		return false // not a predicate of errors
	}
	var results []ast.Expr
	refsErr, refsOther := false, false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ReturnStmt:
			if len(n.Results) > verdict {
				results = append(results, n.Results[verdict])
			}
		case *ast.Ident:
			if v, ok := info.Uses[n].(*types.Var); ok {
				refsErr = refsErr || v == errVar
				refsOther = refsOther || others[v]
			}
		}
		return true
	})
	// It ignores the error, and every other input but the context: the
	// answer is the same for every error. One that never says "retry"
	// retries nothing.
	if !refsErr && !refsOther {
		for _, x := range results {
			if tv := info.Types[x]; tv.Value == nil || tv.Value.String() != "false" {
				return true
			}
		}
		return false
	}
	if errVar == nil {
		return false
	}
	return a.whenFailed(body.List, errVar, verdict, depth) == Yes
}

// verdictIndex is the index of a predicate's verdict among its results:
// the first when it is a bool (isRetryable(err) bool), else the last when
// it is one (Retry(err) (pause time.Duration, retry bool)); -1 for none.
func verdictIndex(info *types.Info, ftype *ast.FuncType) int {
	if ftype.Results == nil {
		return -1
	}
	var results []types.Type
	for _, field := range ftype.Results.List {
		t := info.TypeOf(field.Type)
		for range max(len(field.Names), 1) {
			results = append(results, t)
		}
	}
	isBool := func(t types.Type) bool {
		b, ok := t.Underlying().(*types.Basic)
		return ok && b.Kind() == types.Bool
	}
	switch {
	case len(results) == 0:
		return -1
	case isBool(results[0]):
		return 0
	case isBool(results[len(results)-1]):
		return len(results) - 1
	}
	return -1
}

// whenFailed reads statements as they run for an error that is neither
// nil nor a cancellation, and says whether they return "retry" (yes),
// "stop" (no), or it cannot tell.
func (a *analyzer) whenFailed(list []ast.Stmt, err *types.Var, verdict, depth int) Tri {
	for _, st := range list {
		switch st := st.(type) {
		case *ast.ReturnStmt:
			if len(st.Results) <= verdict {
				return Unknown
			}
			t := a.failedValue(st.Results[verdict], err, depth)
			if t == Unknown && a.setting(st.Results[verdict]) {
				t = Yes // return c.retryOnErrors: on, every error is retried
			}
			return t
		case *ast.IfStmt:
			var branch []ast.Stmt
			switch a.failedValue(st.Cond, err, depth) {
			case Yes:
				branch = st.Body.List
			case No:
				if st.Else != nil {
					branch = []ast.Stmt{st.Else}
				}
			default:
				if analysisutil.Returns(st) {
					return Unknown
				}
				continue
			}
			if t := a.whenFailed(branch, err, verdict, depth); t != Unknown || analysisutil.Returns(&ast.BlockStmt{List: branch}) {
				return t
			}
		case *ast.BlockStmt:
			if t := a.whenFailed(st.List, err, verdict, depth); t != Unknown || analysisutil.Returns(st) {
				return t
			}
		case *ast.ExprStmt, *ast.AssignStmt, *ast.DeclStmt, *ast.IncDecStmt, *ast.EmptyStmt, *ast.DeferStmt, *ast.GoStmt, *ast.SendStmt:
		default:
			if analysisutil.Returns(st) {
				return Unknown
			}
		}
	}
	return Unknown
}

// failedValue evaluates a boolean expression for an error that is neither
// nil nor a cancellation, with a context that is still live.
func (a *analyzer) failedValue(x ast.Expr, err *types.Var, depth int) Tri {
	info := a.pass.TypesInfo
	isErr := func(y ast.Expr) bool {
		id, ok := ast.Unparen(y).(*ast.Ident)
		return ok && info.Uses[id] == err
	}
	if tv := info.Types[x]; tv.Value != nil {
		switch tv.Value.String() {
		case "true":
			return Yes
		case "false":
			return No
		}
		return Unknown
	}
	switch y := ast.Unparen(x).(type) {
	case *ast.UnaryExpr, *ast.BinaryExpr:
		if t, ok := boolean(y, func(z ast.Expr) Tri { return a.failedValue(z, err, depth) }); ok {
			return t
		}
	}
	switch y := ast.Unparen(x).(type) {
	case *ast.BinaryExpr:
		switch y.Op {
		case token.EQL, token.NEQ:
			var other ast.Expr
			switch {
			case isErr(y.X):
				other = y.Y
			case isErr(y.Y):
				other = y.X
			}
			switch {
			case other != nil && a.isNil(other):
				return triOf(y.Op == token.NEQ) // err != nil
			case other != nil && a.contextError(other):
				return triOf(y.Op == token.NEQ) // err == ctx.Err(): not for this error
			}
			// ctx.Err() != nil: the context is live.
			for _, side := range []ast.Expr{y.X, y.Y} {
				if call, ok := ast.Unparen(side).(*ast.CallExpr); ok && a.isContextErr(call) && a.isNil(otherSide(y, side)) {
					return triOf(y.Op == token.EQL)
				}
			}
		}
	case *ast.CallExpr:
		// errors.Is(err, context.Canceled): not for this error.
		for _, arg := range y.Args {
			if a.contextError(arg) {
				return No
			}
		}
		// A predicate of this package handed the error: its own answer.
		if fn := typeutil.StaticCallee(info, y); fn != nil && fn.Pkg() == a.pass.Pkg && depth < maxPredicateDepth {
			if d := a.decls[fn.Origin()]; d != nil && d.Body != nil {
				for i, arg := range y.Args {
					if isErr(arg) && a.onlyErrorParam(d, i) {
						return triOf(a.catchAllBody(d.Type, d.Body, depth+1))
					}
				}
			}
		}
	}
	return Unknown
}

// onlyErrorParam says whether parameter i of d is its error parameter.
func (a *analyzer) onlyErrorParam(d *ast.FuncDecl, i int) bool {
	j := 0
	for _, field := range d.Type.Params.List {
		n := max(len(field.Names), 1)
		if i < j+n {
			t := a.pass.TypesInfo.TypeOf(field.Type)
			return t != nil && isErrorType(t)
		}
		j += n
	}
	return false
}

// contextError says whether an expression is a cancellation error:
// ctx.Err(), context.Canceled, context.DeadlineExceeded.
func (a *analyzer) contextError(x ast.Expr) bool {
	switch y := ast.Unparen(x).(type) {
	case *ast.CallExpr:
		return a.isContextErr(y)
	case *ast.SelectorExpr:
		if v, ok := a.pass.TypesInfo.Uses[y.Sel].(*types.Var); ok && v.Pkg() != nil && v.Pkg().Path() == "context" {
			return v.Name() == "Canceled" || v.Name() == "DeadlineExceeded"
		}
	}
	return false
}

// loopClass is how a retry loop classifies its errors.
type loopClass struct {
	classified Tri
	// classifier is the predicate that retries every error, when it is
	// all the loop looks at.
	classifier ast.Expr
	// param is the enclosing function's predicate parameter that alone
	// decides, or -1; nilClassified is what a nil there means.
	param         int
	nilClassified Tri
	// look is the look at the error that classifies, for the trace.
	look ast.Node
	// ownCancel: the look is a test of the attempt's own context
	// (ownContextRound).
	ownCancel bool
	// statusOnly: every error returns, and the look is the status test
	// that alone goes round (statusOnlyRound).
	statusOnly bool
}

// loopClassification reads a retry loop for what it looks at in its error
// before going round again, when that can end the loop: errors.Is or As,
// a predicate of the error, a type switch or assertion, a comparison with
// a particular error, a status code. A cancellation check is not a
// classification, nor is a look that only picks the delay; a predicate
// parameter of the enclosing function leaves the decision to its caller.
func (a *analyzer) loopClassification(body *ast.BlockStmt) *loopClass {
	st := a.state()
	if c, ok := st.loops[body]; ok {
		return c
	}
	c := &loopClass{classified: No, param: -1}
	st.loops[body] = c
	d := a.enclosingDecl(body.Pos())
	var params map[*types.Var]int
	if d != nil {
		params = a.scopeOf(d).Params
	}
	own, param, classifier, at := a.errorLooks(body, params, true)
	c.param, c.classifier, c.look = param, classifier, at
	if !own && d != nil {
		if cond := a.ownContextRound(a.scopeOf(d), body); cond != nil {
			own, c.look, c.ownCancel = true, cond, true
		}
	}
	if !own && c.param < 0 && c.classifier == nil {
		if cond := a.statusOnlyRound(body); cond != nil {
			own, c.look, c.statusOnly = true, cond, true
		}
	}
	switch {
	case own:
		c.classified, c.param = Yes, -1
	case c.param >= 0:
		c.classified = Yes // classified by the caller's predicate
		c.nilClassified = a.nilClassified(d, body, c.param)
	}
	return c
}

// rangedParam says whether v is the value of a range over a parameter
// (for _, hook := range hooks), and which.
func (a *analyzer) rangedParam(v *types.Var, params map[*types.Var]int) (int, bool) {
	d := a.enclosingDecl(v.Pos())
	if d == nil {
		return 0, false
	}
	for _, def := range a.scopeOf(d).Defs[v] {
		if !def.Range {
			continue
		}
		if id, ok := ast.Unparen(def.Expr).(*ast.Ident); ok {
			if pv, ok := a.pass.TypesInfo.Uses[id].(*types.Var); ok {
				if i, ok := params[pv]; ok {
					return i, true
				}
			}
		}
	}
	return 0, false
}

// retryLoop says whether the definition calls a loop a retry, or does not
// see it (then it may be one).
func (a *analyzer) retryLoop(loop ast.Node) bool {
	def, seen := a.definition(loop)
	return !seen || def.Kind == failedge.Retry
}

// holdsGoto says whether a goto is written in n.
func holdsGoto(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if b, ok := n.(*ast.BranchStmt); ok && b.Tok == token.GOTO {
			found = true
		}
		return !found
	})
	return found
}

// ownContextRound returns the condition of an if in the loop's body that
// goes round (continue) when a context the body makes for each attempt
// was cancelled (if attemptCtx.Err() == context.Canceled && ctx.Err() ==
// nil { continue }): the loop goes round on its own cancellation of an
// attempt (a switchover to another backend), not on what the operation
// failed with, which is a look that classifies.
func (a *analyzer) ownContextRound(s *localvars.Scope, body *ast.BlockStmt) ast.Expr {
	made := func(v *types.Var) bool {
		for _, d := range s.Defs[v] {
			if d.End > body.Pos() && d.End < body.End() {
				return true
			}
		}
		return false
	}
	var found ast.Expr
	for _, st := range body.List {
		ifs, ok := st.(*ast.IfStmt)
		if !ok || len(ifs.Body.List) == 0 {
			continue
		}
		br, ok := ifs.Body.List[len(ifs.Body.List)-1].(*ast.BranchStmt)
		if !ok || br.Tok != token.CONTINUE || br.Label != nil {
			continue
		}
		ast.Inspect(ifs.Cond, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || found != nil || !a.isContextErr(call) {
				return found == nil
			}
			if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
				if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok {
					if v, ok := a.pass.TypesInfo.Uses[id].(*types.Var); ok && made(v) {
						found = ifs.Cond
					}
				}
			}
			return found == nil
		})
		if found != nil {
			return found
		}
	}
	return nil
}

// errorLooks walks a body (a loop's, an operation's; with skipLoops, not
// into nested loops) for a look at an error that can change its course
// (own), a call of a predicate parameter (param, or -1), and a predicate
// that retries every error (classifier); at is the look that made own,
// for the trace.
func (a *analyzer) errorLooks(body *ast.BlockStmt, params map[*types.Var]int, skipLoops bool) (own bool, param int, classifier ast.Expr, at ast.Node) {
	param = -1
	statusOwn := false
	var statusAt ast.Node
	var stack []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		switch n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ForStmt, *ast.RangeStmt:
			// An inner retry's looks are its own; a goto in it goes round
			// the loop outside, and a loop that retries nothing (a walk
			// over the policies whose handlers judge the error) looks for
			// the loop outside: their looks count.
			if skipLoops && !holdsGoto(n) && a.retryLoop(n) {
				return false
			}
		}
		stack = append(stack, n)
		if own {
			return true
		}
		look, status := false, false
		switch n := n.(type) {
		case *ast.CallExpr:
			if !a.predicateOfError(n) {
				break
			}
			if id, ok := ast.Unparen(n.Fun).(*ast.Ident); ok {
				if v, ok := a.pass.TypesInfo.Uses[id].(*types.Var); ok {
					if i, ok := params[v]; ok {
						param = i // the caller's predicate decides
						break
					}
					if i, ok := a.rangedParam(v, params); ok {
						param = i // one of the caller's predicates: for _, hook := range hooks
						break
					}
				}
			}
			if a.catchAll(n.Fun, 0) || a.nilRetriesAll(n, stack) {
				if classifier == nil {
					classifier = n.Fun
				}
				break
			}
			look = true
		case *ast.TypeSwitchStmt:
			own = a.steers(n) // switch e := err.(type)
			at = n.Assign
		case *ast.SwitchStmt:
			// switch err { case io.EOF: }, switch status.Code(err) {...}
			own = n.Tag != nil && (a.isError(n.Tag) || a.errorCall(n.Tag)) && a.steers(n)
			at = n.Tag
		case *ast.TypeAssertExpr:
			look = a.isError(n.X)
		case *ast.BinaryExpr:
			switch n.Op {
			case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
				for _, side := range []ast.Expr{n.X, n.Y} {
					other := otherSide(n, side)
					if a.isNil(other) || a.contextError(other) || a.contextError(side) {
						continue
					}
					if a.isError(side) || a.errorCall(side) {
						look = true // err == io.ErrUnexpectedEOF, status.Code(err) != codes.Unavailable
					}
				}
			}
		case *ast.SelectorExpr:
			look = n.Sel.Name == "StatusCode"
			status = look
		}
		switch {
		case !look || !a.decides(stack) || a.lumpedWithSuccess(stack):
		case status:
			if !statusOwn {
				statusAt = n
			}
			statusOwn = true // responses told apart; errors maybe not
		default:
			own, at = true, n
		}
		return true
	})
	// A status test classifies responses; the errors are the
	// classifier's, when there is one that retries them all.
	if !own && statusOwn && classifier == nil {
		own, at = true, statusAt
	}
	if !own {
		at = nil
	}
	return own, param, classifier, at
}

// errorCall says whether x is a call that reads an error (not a
// cancellation): status.Code(err), httpStatus(err), err.Error().
func (a *analyzer) errorCall(x ast.Expr) bool {
	call, ok := ast.Unparen(x).(*ast.CallExpr)
	if !ok || a.isContextErr(call) {
		return false
	}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && a.isError(sel.X) {
		return true // err.Error()
	}
	found := false
	for _, arg := range call.Args {
		if a.contextError(arg) {
			return false
		}
		found = found || a.isError(arg)
	}
	return found
}

// predicateOfError says whether a call is a boolean function of an error
// that is not a cancellation check.
func (a *analyzer) predicateOfError(call *ast.CallExpr) bool {
	if a.isContextErr(call) {
		return false
	}
	sig, ok := a.pass.TypesInfo.TypeOf(call.Fun).Underlying().(*types.Signature)
	if !ok || sig.Results().Len() < 1 {
		return false
	}
	// The verdict is the first result (isRetryable(err) bool) or the last
	// (a gax Retryer's Retry(err) (pause time.Duration, shouldRetry bool)).
	isBool := func(t types.Type) bool {
		b, ok := t.Underlying().(*types.Basic)
		return ok && b.Kind() == types.Bool
	}
	if !isBool(sig.Results().At(0).Type()) && !isBool(sig.Results().At(sig.Results().Len()-1).Type()) {
		return false
	}
	found := false
	for _, arg := range call.Args {
		if a.contextError(arg) {
			return false // errors.Is(err, context.Canceled)
		}
		if a.isError(arg) {
			found = true
		}
	}
	return found || a.textMatch(call)
}

// decides says whether a look at the error, at the top of stack, can
// change whether the loop goes round: it is not in the header of an if or
// switch whose branches only pick a delay or log (no return, branch,
// panic, or boolean set for later).
func (a *analyzer) decides(stack []ast.Node) bool {
	for i := len(stack) - 2; i >= 0; i-- {
		var header []ast.Node
		switch s := stack[i].(type) {
		case *ast.IfStmt:
			header = []ast.Node{s.Init, s.Cond}
		case *ast.SwitchStmt:
			header = []ast.Node{s.Init, s.Tag}
		case *ast.TypeSwitchStmt:
			header = []ast.Node{s.Init, s.Assign}
		case *ast.CaseClause:
			for _, x := range s.List {
				header = append(header, x)
			}
		case *ast.BlockStmt:
			return true // in a branch, not a header
		default:
			continue
		}
		inHeader := false
		for _, h := range header {
			if h != nil && h == stack[i+1] {
				inHeader = true
			}
		}
		if !inHeader {
			return true
		}
		stmt := stack[i]
		if _, ok := stmt.(*ast.CaseClause); ok && i > 1 {
			stmt = stack[i-2] // the switch of the case
		}
		return a.steers(stmt)
	}
	return true
}

// steers says whether a statement can change the loop's course: a
// return, a branch, a panic or exit, or a boolean variable set for a
// later test.
func (a *analyzer) steers(st ast.Node) bool {
	var branches []ast.Node // the header sets no course: if _, ok := err.(T); ok
	switch st := st.(type) {
	case *ast.IfStmt:
		branches = append(branches, st.Body)
		if st.Else != nil {
			branches = append(branches, st.Else)
		}
	case *ast.SwitchStmt:
		branches = append(branches, st.Body)
	case *ast.TypeSwitchStmt:
		branches = append(branches, st.Body)
	default:
		branches = append(branches, st)
	}
	found := false
	for _, b := range branches {
		ast.Inspect(b, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ReturnStmt, *ast.BranchStmt:
				found = true
			case *ast.CallExpr:
				if id, ok := ast.Unparen(n.Fun).(*ast.Ident); ok && id.Name == "panic" {
					found = true
				}
				if fn := typeutil.StaticCallee(a.pass.TypesInfo, n); fn != nil && fn.Pkg() != nil {
					switch fn.Pkg().Path() + "." + fn.Name() {
					case "os.Exit", "log.Fatal", "log.Fatalf", "log.Fatalln", "log.Panic", "log.Panicf":
						found = true
					}
				}
			case *ast.AssignStmt:
				for _, lhs := range n.Lhs {
					if t, ok := a.pass.TypesInfo.TypeOf(lhs).(*types.Basic); ok && t.Kind() == types.Bool {
						found = true
					}
					if a.isError(lhs) {
						found = true // err = permanent(err), for the test that follows
					}
				}
			}
			return !found
		})
	}
	return found
}

// nilClassified says what a helper makes of a nil predicate parameter:
// replaced before the loop (if isRetryable == nil { isRetryable =
// alwaysRetry }), or tested where the loop decides (p != nil && p(err)).
func (a *analyzer) nilClassified(d *ast.FuncDecl, loop *ast.BlockStmt, param int) Tri {
	if d == nil {
		return Unknown
	}
	var pv *types.Var
	for v, i := range a.scopeOf(d).Params {
		if i == param {
			pv = v
		}
	}
	if pv == nil {
		return Unknown
	}
	info := a.pass.TypesInfo
	isParam := func(x ast.Expr) bool {
		id, ok := ast.Unparen(x).(*ast.Ident)
		return ok && info.Uses[id] == pv
	}
	// nilTest says whether x is p == nil (yes), p != nil (no), or neither.
	nilTest := func(x ast.Expr) Tri {
		b, ok := ast.Unparen(x).(*ast.BinaryExpr)
		if !ok || b.Op != token.EQL && b.Op != token.NEQ {
			return Unknown
		}
		if isParam(b.X) && a.isNil(b.Y) || isParam(b.Y) && a.isNil(b.X) {
			return triOf(b.Op == token.EQL)
		}
		return Unknown
	}
	// Replaced before the loop.
	for _, st := range d.Body.List {
		if st.Pos() >= loop.Pos() {
			break
		}
		ifs, ok := st.(*ast.IfStmt)
		if !ok || nilTest(ifs.Cond) != Yes {
			continue
		}
		for _, inner := range ifs.Body.List {
			switch inner := inner.(type) {
			case *ast.ReturnStmt:
				return Yes // nil: no retry at all
			case *ast.AssignStmt:
				if len(inner.Lhs) == 1 && len(inner.Rhs) == 1 && isParam(inner.Lhs[0]) {
					return triOf(!a.catchAll(inner.Rhs[0], 0))
				}
			}
		}
	}
	// Tested where the loop decides: the condition, with p nil.
	var verdict Tri
	var eval func(x ast.Expr) Tri
	eval = func(x ast.Expr) Tri {
		if t := nilTest(x); t != Unknown {
			return t
		}
		t, _ := boolean(x, eval)
		return t
	}
	ast.Inspect(loop, func(n ast.Node) bool {
		ifs, ok := n.(*ast.IfStmt)
		if !ok || verdict != Unknown || !a.mentionsCall(ifs.Cond, pv) {
			return verdict == Unknown
		}
		v := eval(ifs.Cond)
		if v == Unknown || len(ifs.Body.List) == 0 {
			return false
		}
		switch last := ifs.Body.List[len(ifs.Body.List)-1].(type) {
		case *ast.ReturnStmt:
			verdict = v // taken with nil: stops on every error
		case *ast.BranchStmt:
			if last.Tok == token.CONTINUE {
				verdict = triOf(v == No) // taken with nil: retries every error
			} else if last.Tok == token.BREAK {
				verdict = v
			}
		}
		return false
	})
	return verdict
}

// mentionsCall says whether x calls the function in v.
func (a *analyzer) mentionsCall(x ast.Expr, v *types.Var) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok && a.pass.TypesInfo.Uses[id] == v {
				found = true
			}
		}
		return !found
	})
	return found
}

// helperClassifier says which parameter of a helper alone decides which
// errors its site retries, and what a nil there means: for helperOf.
func (a *analyzer) helperClassifier(d *ast.FuncDecl, site *Site) (int, Tri) {
	switch site.Kind {
	case Loop:
		if body, ok := site.Operation.(*ast.BlockStmt); ok {
			c := a.loopClassification(body)
			return c.param, c.nilClassified
		}
	case Helper:
		return site.Policy.ClassifierParam, site.Policy.NilClassified
	case Library:
		call, ok := site.Node.(*ast.CallExpr)
		r := a.rules.Retry(site.Callee)
		if !ok || r == nil || r.Classifier == nil {
			break
		}
		if id, ok := ast.Unparen(analysisutil.Argument(call, *r.Classifier)).(*ast.Ident); ok {
			if v, ok := a.pass.TypesInfo.Uses[id].(*types.Var); ok {
				if i, ok := a.scopeOf(d).Params[v]; ok {
					return i, Unknown
				}
			}
		}
	}
	return -1, Unknown
}

// helperCall reads the classifier a call hands to a helper whose
// classification is its predicate parameter's: nil, a predicate that
// retries every error, a parameter of the caller (which then decides),
// or one that classifies.
func (a *analyzer) helperCall(e *evaluator, h *HelperFact, call *ast.CallExpr, p *Policy) {
	if h.ByCallers && h.Operation < len(call.Args) {
		x := call.Args[h.Operation]
		switch {
		case a.operationClassifies(e, x):
			p.set(ruleClassHelperArg, "classified", Yes, x, "the operation %s returns only the errors to retry", short(x))
		case a.returnsTerminalMark(a.operationBody(e.operation(x))) != nil:
			// The helper hands it to a library that stops on its
			// terminal mark (backoff.Permanent(err)).
			p.set(ruleClassHelperArg, "classified", Yes, x, "the operation %s returns %s, a retry library's terminal mark, on some path", short(x), short(a.returnsTerminalMark(a.operationBody(e.operation(x)))))
		case a.operationBody(e.operation(x)) != nil:
			p.Classifier = &Classifier{Node: x, Operation: true}
			p.set(ruleClassHelperArg, "classified", No, x, "the operation %s returns every error it meets, and the helper retries each", short(x))
		case a.callerParam(e, x):
			// The caller hands on its own caller's operation: judged there.
		default:
			// A method value or another package's function (reg.Heartbeat)
			// was not written for the retry: it returns its errors as they
			// come, and cannot stop the helper on a terminal one.
			p.Classifier = &Classifier{Node: x, Operation: true}
			p.set(ruleClassHelperArg, "classified", No, x, "the operation %s returns its errors as they come, and the helper retries each", short(x))
		}
		return
	}
	if h.Verdict && h.Operation < len(call.Args) {
		op := e.operation(call.Args[h.Operation])
		if body := a.operationBody(op); body != nil && a.verdictForEveryError(body) && !a.operationClassifies(e, call.Args[h.Operation]) {
			p.Classifier = &Classifier{Node: call.Args[h.Operation], Verdict: true}
			p.set(ruleClassHelperArg, "classified", No, call.Args[h.Operation], "the operation %s answers go round beside every error", short(call.Args[h.Operation]))
		}
		return
	}
	if h.ClassifierParam < 0 || h.ClassifierParam >= len(call.Args) {
		return
	}
	x := call.Args[h.ClassifierParam]
	if id, ok := ast.Unparen(x).(*ast.Ident); ok {
		if v, ok := a.pass.TypesInfo.Uses[id].(*types.Var); ok {
			if i, ok := e.scope.Params[v]; ok {
				p.ClassifierParam, p.NilClassified = i, h.NilClassified
				return
			}
		}
	}
	switch {
	case a.isNil(x) && h.NilClassified != No:
		p.set(ruleClassHelperArg, "classified", h.NilClassified, x, "a nil classifier, which the helper reads as classified %s", h.NilClassified)
	case a.isNil(x) || a.catchAll(x, 0):
		if h.Operation < len(call.Args) && a.operationClassifies(e, call.Args[h.Operation]) {
			// the operation returns only the errors to retry
			p.set(ruleClassHelperArg, "classified", Yes, call.Args[h.Operation], "the operation %s returns only the errors to retry", short(call.Args[h.Operation]))
			return
		}
		p.Classifier = &Classifier{Node: x, Nil: a.isNil(x)}
		p.set(ruleClassHelperArg, "classified", No, x, "the classifier %s retries every error", short(x))
	default:
		p.set(ruleClassHelperArg, "classified", Yes, x, "the classifier %s tells errors apart", short(x))
	}
}

// returnsTerminalMark returns an error the body returns wrapped in a
// retry library's terminal mark (backoff.Permanent(err), a
// NonRetryableError), of any pack; nil if none.
func (a *analyzer) returnsTerminalMark(body *ast.BlockStmt) ast.Expr {
	if body == nil {
		return nil
	}
	for _, x := range errorResults(body) {
		for _, r := range a.rules.Retries {
			if len(r.Terminal) > 0 && a.marksTerminal(x, r.Terminal) {
				return x
			}
		}
	}
	return nil
}

// callerParam says whether x is a parameter of the function the call is
// in.
func (a *analyzer) callerParam(e *evaluator, x ast.Expr) bool {
	if _, ok := ast.Unparen(x).(*ast.Ident); !ok {
		return false
	}
	v := a.readVar(x)
	_, param := e.scope.Params[v]
	return v != nil && param
}

// operationClassifies says whether an operation, as a retry's argument,
// looks at its errors in a way that changes what it returns: it returns
// only some of them (if drop, retry := judge(err); retry { return err }).
func (a *analyzer) operationClassifies(e *evaluator, x ast.Expr) bool {
	body := a.operationBody(x)
	if body == nil {
		// op := func() error {...}: a local variable assigned once.
		if id, ok := ast.Unparen(x).(*ast.Ident); ok {
			if v, ok := a.pass.TypesInfo.Uses[id].(*types.Var); ok {
				if defs := e.scope.Defs[v]; len(defs) == 1 && defs[0].Index < 0 && !defs[0].Op {
					body = a.operationBody(defs[0].Expr)
				}
			}
		}
	}
	if body == nil {
		return false
	}
	own, _, _, _ := a.errorLooks(body, nil, false)
	return own
}

// statusOnlyRound returns the condition on which a loop goes round when
// every error its calls return ends the function (if err != nil {
// return err }) and it goes round (continue) only on an answer's status
// that no terminal refusal meets (a code from 300 to 399, 5xx, 429): it
// retries what the service said is worth another try, never an error.
// A status test that takes a terminal 4xx round (!= 200, >= 400) is no
// classification.
func (a *analyzer) statusOnlyRound(body *ast.BlockStmt) ast.Expr {
	errTests, leaves := 0, true
	var round ast.Expr
	rounds := 0
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit, *ast.ForStmt, *ast.RangeStmt:
			return n == nil
		case *ast.IfStmt:
			if b, ok := ast.Unparen(n.Cond).(*ast.BinaryExpr); ok && (b.Op == token.NEQ || b.Op == token.EQL) && (a.isError(b.X) && a.isNil(b.Y) || a.isError(b.Y) && a.isNil(b.X)) {
				errTests++
				if b.Op == token.EQL || !endsFunction(n.Body.List) {
					leaves = false
				}
			}
			if len(n.Body.List) > 0 {
				if br, ok := n.Body.List[len(n.Body.List)-1].(*ast.BranchStmt); ok && br.Tok == token.CONTINUE && br.Label == nil {
					rounds++
					round = n.Cond
				}
			}
		}
		return true
	})
	if errTests == 0 || !leaves || rounds != 1 || !a.retryableStatuses(round) {
		return nil
	}
	return round
}

// retryableStatuses says whether a condition compares an integer answer
// with constants that admit only statuses worth another try: the range
// or codes it admits hold no 4xx but 408, 425 and 429.
func (a *analyzer) retryableStatuses(cond ast.Expr) bool {
	lo, hi := int64(-1), int64(1<<31)
	var eq []int64
	found, broad := false, false
	ast.Inspect(cond, func(n ast.Node) bool {
		b, ok := n.(*ast.BinaryExpr)
		if !ok {
			return true
		}
		if b.Op == token.LAND {
			return true
		}
		if b.Op == token.LOR || b.Op == token.NEQ {
			broad = true // either side, or everything but one code
			return false
		}
		tv := a.pass.TypesInfo.Types[b.Y]
		if tv.Value == nil || tv.Value.Kind() != constant.Int {
			return false
		}
		k, exact := constant.Int64Val(tv.Value)
		if !exact || k < 100 || k > 599 {
			return false
		}
		found = true
		switch b.Op {
		case token.GEQ:
			lo = max(lo, k)
		case token.GTR:
			lo = max(lo, k+1)
		case token.LSS:
			hi = min(hi, k)
		case token.LEQ:
			hi = min(hi, k+1)
		case token.EQL:
			eq = append(eq, k)
		}
		return false
	})
	if !found || broad {
		return false
	}
	terminal := func(k int64) bool { return k >= 400 && k <= 499 && k != 408 && k != 425 && k != 429 }
	if len(eq) > 0 {
		for _, k := range eq {
			if terminal(k) {
				return false
			}
		}
		return true
	}
	return lo >= 0 && (hi <= 400 || lo >= 500)
}
