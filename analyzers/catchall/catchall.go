package catchall

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/retrylint/retrylint/analyzers/effects"
	"github.com/retrylint/retrylint/analyzers/internal/analysisutil"
	"github.com/retrylint/retrylint/analyzers/internal/check"
	"github.com/retrylint/retrylint/analyzers/internal/report"
	"github.com/retrylint/retrylint/analyzers/retrysite"
	"github.com/retrylint/retrylint/rules"
)

//go:embed doc.go
var doc string

// Analyzer reports catch-all retries, with the builtin rules.
var Analyzer = New(retrysite.Analyzer, effects.Analyzer, rules.Default())

// New returns a catchall analyzer that reads the sites of site and, for
// the terminal errors of other packages' functions, the facts of eff.
func New(site, eff *analysis.Analyzer, r *rules.Rules) *analysis.Analyzer {
	a := check.New("catchall", doc, site, r, func(pass *analysis.Pass, result *retrysite.Result) {
		run(pass, r, result, pass.ResultOf[eff].(*effects.Result))
	})
	a.Requires = append(a.Requires, eff)
	return a
}

const why = "a deterministic failure fails again after every backoff and the response window is spent"

func run(pass *analysis.Pass, r *rules.Rules, result *retrysite.Result, eff *effects.Result) {
	reportPolicies(pass, result)
	for _, s := range result.Sites {
		if s.Poller {
			continue // not a retry of one operation: only its waits are judged
		}
		if s.Kind == retrysite.Declared {
			continue // the orchestrator's configuration decides which failures it retries
		}
		if s.Kind == retrysite.Framework && s.Policy.Attempts == retrysite.Unknown {
			continue // options not known here may make one attempt
		}
		if s.Kind == retrysite.Helper && s.Policy.Classifier == nil {
			continue // checked in the helper, unless the caller's classifier decides
		}
		var rule *rules.Retry
		if s.Callee != nil {
			rule = r.Retry(s.Callee)
		}
		end := s.HeadEnd()
		terminal := terminalErrors(pass, r, s, eff)
		if s.Kind == retrysite.Loop && s.Policy.Cancel != retrysite.Yes && passesContext(pass, s.Node, s.Operation) {
			terminal = append(terminal, "context.Canceled, which it retries since it never looks at its context")
		}
		if s.Kind == retrysite.Framework && len(terminal) == 0 {
			// A framework retries whatever its handler returns, by
			// design: reported only for a terminal error it can name.
			continue
		}
		var clauses []string
		classifier := classifierOf(s, rule)
		if c := describeClassifier(pass, s, classifier); c != "" && s.Policy.Classified == retrysite.No {
			clauses = append(clauses, c)
		}
		if len(terminal) > 0 {
			clauses = append(clauses, "its operation can fail with "+strings.Join(terminal, ", "))
		}
		named := ""
		if len(clauses) > 0 {
			named = " (" + strings.Join(clauses, "; ") + ")"
		}
		switch {
		case s.Policy.TerminalIgnored:
			report.Report(pass, analysis.Diagnostic{Pos: s.Node.Pos(), End: end,
				Message: fmt.Sprintf("%s has a RetryIf, which replaces the check for retry.Unrecoverable: the errors the operation marks unrecoverable are retried%s; %s; return false for them in the RetryIf predicate", s.Name(), named, why)})
		case s.Policy.Classified == retrysite.No && s.BestEffort && len(terminal) == 0:
			// A best-effort wait goes on when it runs out: failing fast
			// would end it the same way. Reported only for a terminal
			// error it can name.
		case s.Policy.Classified == retrysite.No && s.Kind == retrysite.Framework && len(terminal) == 0:
			// A framework retries every handler's errors unless told
			// otherwise: reported only for a terminal error the handler
			// can return.
		case s.Policy.Classified == retrysite.No && s.Supervisor && len(terminal) == 0:
			// A supervisor retries until its owner shuts it down, by
			// design: reported only for a terminal error it can name.
		case s.Policy.Classified == retrysite.No:
			d := analysis.Diagnostic{Pos: s.Node.Pos(), End: end,
				Message: fmt.Sprintf("%s retries every error, terminal ones included%s: %s; %s", s.Name(), named, why, remedy(pass, s, rule))}
			if fix := wrapTerminal(pass, r, s, rule); fix != nil {
				d.SuggestedFixes = []analysis.SuggestedFix{*fix}
			}
			report.Report(pass, d)
		}
	}
}

// classifierOf returns the predicate that made a site retry every
// error: the one retrysite names, or the library's classifier argument.
func classifierOf(s *retrysite.Site, rule *rules.Retry) *retrysite.Classifier {
	if s.Policy.Classifier != nil {
		return s.Policy.Classifier
	}
	call, ok := s.Node.(*ast.CallExpr)
	if !ok || rule == nil || rule.Classifier == nil || int(*rule.Classifier) >= len(call.Args) || *rule.Classifier == rules.Receiver {
		return nil
	}
	return &retrysite.Classifier{Node: call.Args[*rule.Classifier]}
}

// describeClassifier says, for a message, how a site's classifier
// retries every error.
func describeClassifier(pass *analysis.Pass, s *retrysite.Site, c *retrysite.Classifier) string {
	switch {
	case c == nil:
		return ""
	case c.Nil:
		return "its classifier is nil, which " + s.Name() + " replaces with one that retries every error"
	case c.Unset:
		return "its classifier " + analysisutil.Short(pass, c.Node) + " is nil unless configured, and nil retries every error"
	case c.Verdict:
		return "its operation returns true, go round, beside every error it meets"
	case c.Operation:
		return "its operation returns every error it meets, and " + s.Name() + " retries each"
	}
	return "its classifier " + analysisutil.Short(pass, c.Node) + " returns true for every error"
}

// remedy says how to classify, in the library's own terms.
func remedy(pass *analysis.Pass, s *retrysite.Site, rule *rules.Retry) string {
	short := func(name string) string { return local(pass, s, name) }
	c := classifierOf(s, rule)
	switch {
	case c != nil && c.Nil:
		return "pass a classifier that returns false for terminal errors"
	case c != nil && c.Verdict:
		return "return false beside the terminal errors, and true only beside the transient ones"
	case c != nil && c.Operation:
		return "give " + s.Name() + " a classifier, or stop it on the terminal errors the operation meets"
	case c != nil && c.Unset:
		return "when no classifier is configured, retry only transient errors (a default predicate that returns false for terminal ones)"
	case c != nil && (s.Kind != retrysite.Library || rule == nil || rule.Classifier == nil):
		return "make the classifier return false for terminal errors"
	case s.Kind == retrysite.Loop:
		return "look at the error (errors.Is, errors.As, a predicate) and return the terminal ones"
	case rule == nil:
		return "classify errors and stop on terminal ones"
	case rule.TerminalRemedy != "":
		return rule.TerminalRemedy
	case len(rule.Retryable) > 0:
		return "wrap only the transient errors in " + short(rule.Retryable[0].Name)
	case rule.Condition:
		return "return the terminal errors from the condition instead of (false, nil)"
	case rule.Classifier != nil:
		return "give it a predicate that returns false for terminal errors"
	case len(rule.Terminal) > 0 && isVar(pass, rule.Terminal[0].Name):
		return fmt.Sprintf("return an error that wraps %s for terminal errors (fmt.Errorf(\"...: %%w\", %[1]s))", short(rule.Terminal[0].Name))
	case len(rule.Terminal) > 0:
		return "return " + short(rule.Terminal[0].Name) + wrapperArgs(pass, rule.Terminal[0].Name) + " for terminal errors"
	}
	return "classify errors and stop on terminal ones"
}

// wrapperArgs writes the arguments of a call of a terminal wrapper:
// (err), or (..., err) for one that takes more than the error
// (temporal.NewNonRetryableApplicationError(msg, type, cause)), when the
// package imports the wrapper's package.
func wrapperArgs(pass *analysis.Pass, name string) string {
	pkg := rules.PackageOf(name)
	for _, imp := range pass.Pkg.Imports() {
		if imp.Path() != pkg {
			continue
		}
		if fn, ok := imp.Scope().Lookup(name[len(pkg)+1:]).(*types.Func); ok {
			if sig := fn.Type().(*types.Signature); sig.Params().Len() > 1 {
				return "(..., err)"
			}
		}
	}
	return "(err)"
}

// local names a function as the file that holds the site imports it:
// backoff.Permanent, goretry.RetryableError.
func local(pass *analysis.Pass, s *retrysite.Site, name string) string {
	pkg := rules.PackageOf(name)
	fn := name[len(pkg)+1:]
	if f := analysisutil.File(pass, s.Node.Pos()); f != nil {
		if as := analysisutil.ImportName(pass, f, pkg); as != "" {
			return as + "." + fn
		}
	}
	return pkg[strings.LastIndexByte(pkg, '/')+1:] + "." + fn
}

// terminalErrors names the terminal errors the operation can return: the
// rules' terminal sources called in it or in the functions of this
// package it calls, two levels down.
func terminalErrors(pass *analysis.Pass, r *rules.Rules, s *retrysite.Site, eff *effects.Result) []string {
	decls := map[*types.Func]*ast.FuncDecl{}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				if fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
					decls[fn] = fd
				}
			}
		}
	}
	var found []string
	seen := map[string]bool{}
	var visit func(n ast.Node, depth int)
	var top ast.Node // the operation's own body
	visit = func(n ast.Node, depth int) {
		root := n
		ast.Inspect(n, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			fn, _ := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
			if fn == nil {
				return true
			}
			what := ""
			if t := r.TerminalSource(fn); t != nil {
				if s.Kind == retrysite.Framework && root == top && !returnsFailure(pass, root, call) {
					return true // a handler that logs the error and goes on does not fail with it
				}
				what = fmt.Sprintf("%s from %s", t.What, analysisutil.Short(pass, call.Fun))
			} else if d := decls[fn.Origin()]; d != nil && depth < 2 {
				visit(d.Body, depth+1)
			} else if fn.Pkg() != pass.Pkg {
				what = eff.Terminal(fn) // another package's function, by its fact
			}
			if what != "" && !seen[what] {
				seen[what] = true
				found = append(found, what)
			}
			return true
		})
	}
	if fn := s.OperationFunc(pass.TypesInfo); fn != nil {
		if d := decls[fn.Origin()]; d != nil {
			top = d.Body
			visit(d.Body, 1)
		} else if what := eff.Terminal(fn); what != "" {
			found = append(found, what)
		}
	} else if s.Operation != nil {
		top = s.Operation
		visit(s.Operation, 0)
	}
	if len(found) > 3 {
		found = found[:3]
	}
	return found
}

// wrapTerminal offers to wrap, in the library's terminal wrapper, the
// errors a closure operation returns straight from a terminal source:
// return json.Unmarshal(...), or return err in the body of an
// if err != nil where err was just assigned from one. Only a wrapper
// with a terminal-wrappers row is written: one that keeps nil wraps the
// returned call in place; one that does not (retry-go's Unrecoverable
// makes an error of nil, and every success would fail) wraps it behind
// its own if err != nil, and the operation returns nil after it.
func wrapTerminal(pass *analysis.Pass, r *rules.Rules, s *retrysite.Site, rule *rules.Retry) *analysis.SuggestedFix {
	if rule == nil || s.Policy.ReplacesTerminal {
		return nil
	}
	op, ok := s.Operation.(ast.Expr)
	if !ok {
		return nil
	}
	lit, ok := ast.Unparen(op).(*ast.FuncLit)
	if !ok {
		return nil
	}
	row, wrapper := fixWrapper(pass, r, s, rule)
	if row == nil {
		return nil // no wrapper whose handling of nil is known
	}
	errType := types.Universe.Lookup("error").Type()
	terminalCall := func(x ast.Expr) bool {
		call, ok := ast.Unparen(x).(*ast.CallExpr)
		if !ok || !types.Identical(pass.TypesInfo.TypeOf(call), errType) {
			return false // a call that returns more than an error cannot be wrapped
		}
		fn, _ := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
		return fn != nil && r.TerminalSource(fn) != nil
	}
	// assignedFrom says whether a statement assigns v from a terminal
	// source call.
	assignedFrom := func(st ast.Stmt, v types.Object) bool {
		as, ok := st.(*ast.AssignStmt)
		if !ok || len(as.Rhs) != 1 {
			return false
		}
		call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
		if !ok {
			return false
		}
		fn, _ := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
		if fn == nil || r.TerminalSource(fn) == nil {
			return false
		}
		for _, lhs := range as.Lhs {
			if id, ok := lhs.(*ast.Ident); ok && pass.TypesInfo.ObjectOf(id) == v {
				return true
			}
		}
		return false
	}
	// notNil says whether cond is v != nil: its body sees v non-nil.
	notNil := func(cond ast.Expr, v types.Object) bool {
		b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
		if !ok || b.Op != token.NEQ {
			return false
		}
		is := func(x ast.Expr, want types.Object) bool {
			id, ok := ast.Unparen(x).(*ast.Ident)
			return ok && pass.TypesInfo.ObjectOf(id) == want
		}
		null := types.Universe.Lookup("nil")
		return is(b.X, v) && is(b.Y, null) || is(b.X, null) && is(b.Y, v)
	}
	var edits []analysis.TextEdit
	wrap := func(x ast.Expr) {
		edits = append(edits, analysis.TextEdit{Pos: x.Pos(), End: x.Pos(), NewText: []byte(wrapper + "(")},
			analysis.TextEdit{Pos: x.End(), End: x.End(), NewText: []byte(")")})
	}
	var visit func(list []ast.Stmt)
	visit = func(list []ast.Stmt) {
		for i, st := range list {
			switch st := st.(type) {
			case *ast.ReturnStmt:
				if len(st.Results) == 0 || !terminalCall(st.Results[len(st.Results)-1]) {
					break
				}
				x := st.Results[len(st.Results)-1]
				switch {
				case *row.KeepsNil:
					wrap(x)
				case len(st.Results) == 1:
					// The operation returns only the error: the call's
					// nil stays nil behind a test of its own.
					if edit, ok := guardedReturn(pass, st, x, wrapper); ok {
						edits = append(edits, edit)
					}
				}
			case *ast.IfStmt:
				// if err := json.Unmarshal(...); err != nil { return err }
				// err = json.Unmarshal(...); if err != nil { return err }
				if len(st.Body.List) == 1 {
					if ret, ok := st.Body.List[0].(*ast.ReturnStmt); ok && len(ret.Results) > 0 {
						if id, ok := ast.Unparen(ret.Results[len(ret.Results)-1]).(*ast.Ident); ok {
							v := pass.TypesInfo.Uses[id]
							if v != nil && notNil(st.Cond, v) && (st.Init != nil && assignedFrom(st.Init, v) || st.Init == nil && i > 0 && assignedFrom(list[i-1], v)) {
								wrap(id)
							}
						}
					}
				}
				visit(st.Body.List)
			case *ast.BlockStmt:
				visit(st.List)
			}
		}
	}
	visit(lit.Body.List)
	if len(edits) == 0 {
		return nil
	}
	return &analysis.SuggestedFix{Message: "Wrap the terminal errors in " + wrapper, TextEdits: edits}
}

// fixWrapper returns the first of a rule's terminal wrappers that a fix
// can write: one with a terminal-wrappers row, a function of one error
// that returns an error, imported by the file that holds the site; and
// its name there.
func fixWrapper(pass *analysis.Pass, r *rules.Rules, s *retrysite.Site, rule *rules.Retry) (*rules.TerminalWrapper, string) {
	f := analysisutil.File(pass, s.Node.Pos())
	if f == nil {
		return nil, ""
	}
	errType := types.Universe.Lookup("error").Type()
	for _, t := range rule.Terminal {
		row := r.TerminalWrapper(t.Name)
		if row == nil {
			continue
		}
		pkg := rules.PackageOf(t.Name)
		as := analysisutil.ImportName(pass, f, pkg)
		if as == "" || as == "_" || as == "." || as == "err" {
			continue
		}
		for _, imp := range pass.Pkg.Imports() {
			if imp.Path() != pkg {
				continue
			}
			fn, ok := imp.Scope().Lookup(t.Name[len(pkg)+1:]).(*types.Func)
			if !ok {
				continue
			}
			sig := fn.Type().(*types.Signature)
			if sig.Params().Len() == 1 && sig.Results().Len() == 1 && !sig.Variadic() &&
				types.Identical(sig.Params().At(0).Type(), errType) && types.Identical(sig.Results().At(0).Type(), errType) {
				return row, as + "." + fn.Name()
			}
		}
	}
	return nil, ""
}

// guardedReturn rewrites return X, for a call X that returns an error,
// into a test of X's error that returns it wrapped, then return nil.
// It needs the statement alone on its line, to indent what it writes.
func guardedReturn(pass *analysis.Pass, ret *ast.ReturnStmt, x ast.Expr, wrapper string) (analysis.TextEdit, bool) {
	tf := pass.Fset.File(ret.Pos())
	content, ok := analysisutil.Content(pass, tf)
	if !ok {
		return analysis.TextEdit{}, false
	}
	lineStart := tf.Offset(tf.LineStart(pass.Fset.Position(ret.Pos()).Line))
	indent := string(content[lineStart:tf.Offset(ret.Pos())])
	if strings.TrimLeft(indent, " \t") != "" {
		return analysis.TextEdit{}, false // not alone on its line
	}
	call := string(content[tf.Offset(x.Pos()):tf.Offset(x.End())])
	text := "if err := " + call + "; err != nil {\n" +
		indent + "\treturn " + wrapper + "(err)\n" +
		indent + "}\n" +
		indent + "return nil"
	return analysis.TextEdit{Pos: ret.Pos(), End: ret.End(), NewText: []byte(text)}, true
}

// passesContext says whether a loop's body hands a call a context made
// outside the loop: its operation can fail with that context's error.
// A context made for each attempt (a per-attempt timeout) is not the
// loop's to watch.
func passesContext(pass *analysis.Pass, loop, body ast.Node) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && !found {
			for _, arg := range call.Args {
				id, ok := ast.Unparen(arg).(*ast.Ident)
				if !ok {
					continue
				}
				v, ok := pass.TypesInfo.Uses[id].(*types.Var)
				if ok && v.Pos() < loop.Pos() && types.TypeString(v.Type(), nil) == "context.Context" {
					if !assignedIn(pass, loop, v) {
						found = true
					}
				}
			}
		}
		return !found
	})
	return found
}

// assignedIn says whether the loop assigns v.
func assignedIn(pass *analysis.Pass, loop ast.Node, v *types.Var) bool {
	found := false
	ast.Inspect(loop, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok {
			for _, lhs := range as.Lhs {
				if id, ok := lhs.(*ast.Ident); ok && pass.TypesInfo.ObjectOf(id) == v {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// isVar says whether a terminal marker is a package-level variable
// (asynq.SkipRetry) rather than a wrapper function, in a package this
// one imports.
func isVar(pass *analysis.Pass, name string) bool {
	pkg := rules.PackageOf(name)
	for _, imp := range pass.Pkg.Imports() {
		if imp.Path() == pkg {
			_, ok := imp.Scope().Lookup(name[len(pkg)+1:]).(*types.Var)
			return ok
		}
	}
	return false
}
