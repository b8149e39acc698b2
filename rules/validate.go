package rules

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// A name is written as go/types prints it (types.Func.FullName): an
// import path, a dot and an identifier (path.Func, path.Type, path.Var),
// a type name and a field (path.Type.Field), or a method:
// (path.Type).Method, (*path.Type).Method, with or without the type's
// parameters ([T]). An import path is elements separated by slashes; an
// element is letters, digits and - _ . ~ +, and neither starts nor ends
// with a dot, so that retryx..Do, a//b.F, a/.F and /a.F name nothing.
const (
	elemRE  = `[A-Za-z0-9_~+-](?:[A-Za-z0-9_.~+-]*[A-Za-z0-9_~+-])?`
	pathRE  = elemRE + `(?:/` + elemRE + `)*`
	identRE = `[\p{L}_][\p{L}\p{Nd}_]*`
)

var (
	funcName = regexp.MustCompile(`^(?:\(\*?` + pathRE + `\.` + identRE + `(?:\[[^\]]*\])?\)\.` + identRE + `|` + pathRE + `\.` + identRE + `)$`)
	typeName = regexp.MustCompile(`^` + pathRE + `\.` + identRE + `$`)
	pkgPath  = regexp.MustCompile(`^` + pathRE + `$`)
	ident    = regexp.MustCompile(`^` + identRE + `$`)
	sqlIdent = regexp.MustCompile(`^[a-z_][a-z0-9_]*$`)
)

// validName reports whether s can name a function, type, field or variable.
func validName(s string) bool {
	return funcName.MatchString(s) || typeName.MatchString(s) || validField(s)
}

func validField(s string) bool {
	i := strings.LastIndexByte(s, '.')
	return i > 0 && ident.MatchString(s[i+1:]) && typeName.MatchString(s[:i])
}

// maxArg bounds argument indices: no retry API takes more parameters, so
// a larger index is a typo.
const maxArg = 8

func (p *Pack) errorf(line int, format string, args ...any) error {
	return &Error{p.file, line, fmt.Sprintf(format, args...)}
}

func (p *Pack) validate() error {
	if err := p.validateQueues(); err != nil {
		return err
	}
	if err := p.validateRetryOptions(); err != nil {
		return err
	}
	for _, r := range p.Retries {
		if err := p.validateRetry(r, "retries"); err != nil {
			return err
		}
	}
	for _, r := range p.Clients {
		if err := p.validateRetry(r, "clients"); err != nil {
			return err
		}
	}
	for _, v := range p.Values {
		if err := p.validateValue(v); err != nil {
			return err
		}
	}
	for _, w := range p.Waits {
		if !funcName.MatchString(w.Call) {
			return p.errorf(w.Line, "waits: call %q is not a function name like time.Sleep or (*pkg.T).Method", w.Call)
		}
		if w.Delay == nil {
			return p.errorf(w.Line, "waits: %s: delay is required", w.Call)
		}
		if err := p.checkArg(w.Line, w.Call, "delay", w.Delay, true); err != nil {
			return err
		}
	}
	for _, r := range p.Records {
		if !pkgPath.MatchString(r.Name) && !funcName.MatchString(r.Name) {
			return p.errorf(r.Line, "records: %q is neither a package path nor a function name like pkg.Func", r.Name)
		}
	}
	for _, r := range p.Signs {
		if !pkgPath.MatchString(r.Name) {
			return p.errorf(r.Line, "signs: %q is not a package path", r.Name)
		}
	}
	for _, r := range p.Remote {
		if !pkgPath.MatchString(r.Name) {
			return p.errorf(r.Line, "remote: %q is not a package path", r.Name)
		}
	}
	for _, u := range p.TimeUnits {
		if err := p.validateTimeUnit(u); err != nil {
			return err
		}
	}
	for _, k := range p.TimeKeeps {
		if !methodName(k.Call) {
			return p.errorf(k.Line, "time-keeps: call %q is not a method name like (pkg.T).Method", k.Call)
		}
		if err := p.checkArg(k.Line, "time-keeps: "+k.Call, "back", k.Back, false); err != nil {
			return err
		}
	}
	for _, r := range p.Random {
		if !pkgPath.MatchString(r.Name) {
			return p.errorf(r.Line, "random: %q is not a package path", r.Name)
		}
	}
	for _, c := range p.Contexts {
		if !funcName.MatchString(c.Call) {
			return p.errorf(c.Line, "contexts: call %q is not a function name like pkg.Func", c.Call)
		}
		if (c.Ends == nil) == (c.Parent == nil) {
			return p.errorf(c.Line, "contexts: %s: give exactly one of ends and parent", c.Call)
		}
		if err := p.checkArg(c.Line, c.Call, "parent", c.Parent, false); err != nil {
			return err
		}
	}
	for _, k := range p.Sinks {
		if !funcName.MatchString(k.Call) {
			return p.errorf(k.Line, "sql-sinks: call %q is not a function name like pkg.Func or (*pkg.T).Method", k.Call)
		}
		if (k.Query == nil) == (k.Table == nil) {
			return p.errorf(k.Line, "sql-sinks: %s: give exactly one of query and table", k.Call)
		}
		for _, a := range []struct {
			what string
			arg  *Arg
		}{{"query", k.Query}, {"args", k.Args}, {"table", k.Table}} {
			if err := p.checkArg(k.Line, k.Call, a.what, a.arg, false); err != nil {
				return err
			}
		}
		if k.Args != nil && k.Query != nil && *k.Args <= *k.Query {
			return p.errorf(k.Line, "sql-sinks: %s: args must come after the query", k.Call)
		}
		if k.Named != "" && (k.Query == nil || k.Args != nil) {
			return p.errorf(k.Line, "sql-sinks: %s: named binds the one argument after the query: give query, not args or table", k.Call)
		}
		if k.Named != "" && !ident.MatchString(k.Named) {
			return p.errorf(k.Line, "sql-sinks: %s: named %q is not a struct tag key like db", k.Call, k.Named)
		}
	}
	for _, k := range p.Inserts {
		if !funcName.MatchString(k.Call) {
			return p.errorf(k.Line, "orm-inserts: call %q is not a function name like pkg.Func or (*pkg.T).Method", k.Call)
		}
		if k.Model == nil {
			return p.errorf(k.Line, "orm-inserts: %s: model is required", k.Call)
		}
		if err := p.checkArg(k.Line, k.Call, "model", k.Model, false); err != nil {
			return err
		}
		if k.Naming != "gorm" && k.Naming != "bun" {
			return p.errorf(k.Line, "orm-inserts: %s: naming %q is not gorm or bun", k.Call, k.Naming)
		}
		if k.BaseModel != "" && !typeName.MatchString(k.BaseModel) {
			return p.errorf(k.Line, "orm-inserts: %s: base-model %q is not a type name like pkg.T", k.Call, k.BaseModel)
		}
		if k.ModelCall != "" && !funcName.MatchString(k.ModelCall) {
			return p.errorf(k.Line, "orm-inserts: %s: model-call %q is not a function name", k.Call, k.ModelCall)
		}
		for _, m := range k.Merges {
			if !funcName.MatchString(m.Call) {
				return p.errorf(k.Line, "orm-inserts: %s: merge call %q is not a function name", k.Call, m.Call)
			}
		}
	}
	for i := range p.Builders {
		b := &p.Builders[i]
		if len(b.Starts)+len(b.ReplaceStarts)+len(b.UpsertStarts) == 0 {
			return p.errorf(b.Line, "insert-builders: starts is required (the calls that begin an INSERT)")
		}
		if len(b.Runs)+len(b.Text) == 0 {
			return p.errorf(b.Line, "insert-builders: runs or text is required (the calls that execute the INSERT or return its SQL)")
		}
		if b.Table == nil {
			return p.errorf(b.Line, "insert-builders: table is required (the start's table argument)")
		}
		if len(b.DoUpdate) > 0 && b.MergeTarget == nil {
			return p.errorf(b.Line, "insert-builders: merge-target is required with do-update (the argument that names the conflict target)")
		}
		if len(b.DoNothing)+len(b.DoUpdate) > 0 && len(b.Merges) == 0 {
			return p.errorf(b.Line, "insert-builders: do-nothing and do-update need merges (the calls that take the conflict clause)")
		}
		for role, calls := range b.roles() {
			for _, c := range calls {
				if !funcName.MatchString(c) {
					return p.errorf(b.Line, "insert-builders: %s: %q is not a function name like pkg.Func or (pkg.T).Method", role, c)
				}
			}
		}
		for _, a := range []struct {
			name string
			arg  *Arg
		}{{"table", b.Table}, {"map", b.Map}, {"conflict", b.Conflict}, {"merge-target", b.MergeTarget}} {
			if a.arg == nil {
				continue
			}
			if err := p.checkArg(b.Line, "insert-builders", a.name, a.arg, false); err != nil {
				return err
			}
		}
	}
	for _, c := range p.TransactionCallbacks {
		if !funcName.MatchString(c.Call) {
			return p.errorf(c.Line, "transaction-callbacks: call %q is not a function name like pkg.Func or (*pkg.T).Method", c.Call)
		}
		if c.Callback == nil {
			return p.errorf(c.Line, "transaction-callbacks: %s: callback is required", c.Call)
		}
		if err := p.checkArg(c.Line, c.Call, "callback", c.Callback, false); err != nil {
			return err
		}
		if c.Param < 0 || c.Param > maxArg {
			return p.errorf(c.Line, "transaction-callbacks: %s: param %d is out of range (0 to %d)", c.Call, c.Param, maxArg)
		}
	}
	for _, t := range p.TerminalSources {
		if !funcName.MatchString(t.Call) {
			return p.errorf(t.Line, "terminal-sources: call %q is not a function name like pkg.Func", t.Call)
		}
		if t.What == "" {
			return p.errorf(t.Line, "terminal-sources: %s: what is required", t.Call)
		}
	}
	for _, w := range p.TerminalWrappers {
		if !funcName.MatchString(w.Call) {
			return p.errorf(w.Line, "terminal-wrappers: call %q is not a function name like pkg.Func", w.Call)
		}
		if w.KeepsNil == nil {
			return p.errorf(w.Line, "terminal-wrappers: %s: keeps-nil is required: true when the wrapper returns nil for a nil error", w.Call)
		}
	}
	for _, e := range p.Effects {
		if !funcName.MatchString(e.Call) {
			return p.errorf(e.Line, "effects: call %q is not a function name like pkg.Func or (*pkg.T).Method", e.Call)
		}
		switch e.Class {
		case "appends", "increments", "external":
			if e.Command != nil {
				return p.errorf(e.Line, "effects: %s: command is only for class any-command", e.Call)
			}
		case "any-command":
			if e.Command == nil {
				return p.errorf(e.Line, "effects: %s: class any-command needs command (the argument that carries the command)", e.Call)
			}
		case "idempotent":
			if e.Request != nil || e.Method != nil || e.URL != nil || e.Command != nil || e.AppendFile != nil || len(e.SafeWith) > 0 {
				return p.errorf(e.Line, "effects: %s: class idempotent takes no request, method, url, command, append-file or safe-with: the call is safe to repeat whatever it is given", e.Call)
			}
		default:
			return p.errorf(e.Line, "effects: %s: class %q is not appends, increments, external, any-command or idempotent", e.Call, e.Class)
		}
		if e.What == "" {
			return p.errorf(e.Line, "effects: %s: what is required (what the call does, for messages)", e.Call)
		}
		for _, a := range []struct {
			what string
			arg  *Arg
		}{{"request", e.Request}, {"method", e.Method}, {"url", e.URL}, {"append-file", e.AppendFile}, {"command", e.Command}} {
			if err := p.checkArg(e.Line, e.Call, a.what, a.arg, true); err != nil {
				return err
			}
		}
		for _, w := range e.SafeWith {
			if !funcName.MatchString(w.Call) {
				return p.errorf(w.Line, "effects: %s: safe-with: call %q is not a function name", e.Call, w.Call)
			}
			if w.Value == nil {
				return p.errorf(w.Line, "effects: %s: safe-with: %s: value is required", e.Call, w.Call)
			}
			if err := p.checkArg(w.Line, w.Call, "value", w.Value, false); err != nil {
				return err
			}
			if err := p.checkArg(w.Line, w.Call, "header", w.Header, false); err != nil {
				return err
			}
		}
	}
	for _, q := range p.Requests {
		if !funcName.MatchString(q.Call) {
			return p.errorf(q.Line, "http-requests: call %q is not a function name like pkg.Func", q.Call)
		}
		if q.Method == nil {
			return p.errorf(q.Line, "http-requests: %s: method is required", q.Call)
		}
		if err := p.checkArg(q.Line, q.Call, "method", q.Method, false); err != nil {
			return err
		}
		if err := p.checkArg(q.Line, q.Call, "url", q.URL, false); err != nil {
			return err
		}
	}
	for _, e := range p.IdempotentEndpoints {
		if !strings.HasPrefix(e.Path, "/") || len(e.Path) < 2 || strings.HasSuffix(e.Path, "/") || strings.ContainsAny(e.Path, "?# ") {
			return p.errorf(e.Line, "idempotent-endpoints: path %q is not the end of a URL path, from a slash, like /token", e.Path)
		}
		if e.Why == "" {
			return p.errorf(e.Line, "idempotent-endpoints: %s: why is required (what the protocol makes of a second request)", e.Path)
		}
	}
	for _, n := range p.NonIdempotentMethods {
		if n.Name == "" || strings.ToUpper(n.Name) != n.Name {
			return p.errorf(n.Line, "non-idempotent-methods: %q is not an upper-case HTTP method", n.Name)
		}
	}
	for _, n := range p.IdempotencyHeaders {
		if n.Name == "" || strings.ContainsAny(n.Name, " :") {
			return p.errorf(n.Line, "idempotency-headers: %q is not a header name", n.Name)
		}
	}
	for _, n := range p.SQLExecutionFunctions {
		if !sqlIdent.MatchString(n.Name) {
			return p.errorf(n.Line, "sql-execution-functions: %q is not a lower-case SQL function name", n.Name)
		}
	}
	for _, d := range p.SQLDrivers {
		if !pkgPath.MatchString(d.Package) {
			return p.errorf(d.Line, "sql-drivers: %q is not a package path", d.Package)
		}
		if !slices.Contains(SQLDialects, d.Dialect) {
			return p.errorf(d.Line, "sql-drivers: %s: dialect %q is not one of %s", d.Package, d.Dialect, strings.Join(SQLDialects, ", "))
		}
	}
	for _, n := range p.Transactions {
		if !typeName.MatchString(n.Name) {
			return p.errorf(n.Line, "transactions: %q is not a type name like pkg/path.Type", n.Name)
		}
	}
	for _, l := range []struct {
		list  string
		names []Name
	}{{"clocks", p.Clocks}, {"local", p.Local}, {"exits", p.Exits}, {"growth", p.Growth}, {"execution-values", p.ExecutionValues}} {
		list := l.list
		for _, n := range l.names {
			if !funcName.MatchString(n.Name) {
				return p.errorf(n.Line, "%s: %q is not a function name like pkg.Func or (pkg.T).Method", list, n.Name)
			}
		}
	}
	return nil
}

// methodName reports whether s names a method: (pkg.T).M or (*pkg.T).M.
func methodName(s string) bool { return strings.HasPrefix(s, "(") && funcName.MatchString(s) }

func (p *Pack) validateTimeUnit(u TimeUnit) error {
	if !methodName(u.Call) {
		return p.errorf(u.Line, "time-units: call %q is not a method name like (pkg.T).Method", u.Call)
	}
	switch u.Makes {
	case MakesComponent:
		if u.Arg != nil {
			return p.errorf(u.Line, "time-units: %s: arg is for truncate and format, not component", u.Call)
		}
	case MakesTruncate, MakesFormat:
		if u.Arg == nil {
			return p.errorf(u.Line, "time-units: %s: arg is required with makes: %s", u.Call, u.Makes)
		}
		return p.checkArg(u.Line, "time-units: "+u.Call, "arg (the layout or duration)", u.Arg, false)
	default:
		return p.errorf(u.Line, "time-units: %s: makes %q is not one of component, truncate, format", u.Call, u.Makes)
	}
	return nil
}

func (p *Pack) checkArg(line int, name, what string, a *Arg, receiverOK bool) error {
	if a == nil {
		return nil
	}
	if *a == Receiver {
		if !receiverOK || !strings.HasPrefix(name, "(") {
			return p.errorf(line, "%s: %s cannot be the receiver", name, what)
		}
		return nil
	}
	if *a > maxArg {
		return p.errorf(line, "%s: %s argument %d is out of range (at most %d)", name, what, *a, maxArg)
	}
	return nil
}

func (p *Pack) validateRetry(r Retry, list string) error {
	if !funcName.MatchString(r.Call) {
		return p.errorf(r.Line, "%s: call %q is not a function name like pkg.Func or (*pkg.T).Method", list, r.Call)
	}
	if list == "retries" && r.Operation == nil {
		return p.errorf(r.Line, "%s: %s: operation is required", list, r.Call)
	}
	if list == "clients" && r.Operation != nil {
		return p.errorf(r.Line, "%s: %s: a client has no operation argument", list, r.Call)
	}
	if list != "clients" && (r.Configures != nil || r.Count != nil) {
		return p.errorf(r.Line, "%s: %s: configures and count describe a client: put the row in clients", list, r.Call)
	}
	if err := p.checkArg(r.Line, r.Call, "configures", r.Configures, true); err != nil {
		return err
	}
	if err := p.checkArg(r.Line, r.Call, "count", r.Count, false); err != nil {
		return err
	}
	seen := map[Arg]string{}
	for _, a := range []struct {
		what       string
		arg        *Arg
		receiverOK bool
	}{{"operation", r.Operation, false}, {"policy", r.Policy, true}, {"options", r.Options, false}, {"context", r.Context, false}} {
		if a.arg == nil {
			continue
		}
		if err := p.checkArg(r.Line, r.Call, a.what, a.arg, a.receiverOK); err != nil {
			return err
		}
		if other, ok := seen[*a.arg]; ok {
			return p.errorf(r.Line, "%s: %s and %s are the same argument %s", r.Call, other, a.what, a.arg)
		}
		seen[*a.arg] = a.what
	}
	for _, list := range [][]Name{r.Terminal, r.Retryable} {
		for _, n := range list {
			if !funcName.MatchString(n.Name) {
				return p.errorf(n.Line, "%s: %q is not a function name like pkg.Func", r.Call, n.Name)
			}
		}
	}
	if err := p.checkArg(r.Line, r.Call, "classifier", r.Classifier, false); err != nil {
		return err
	}
	if err := p.checkArg(r.Line, r.Call, "rollback", r.Rollback, false); err != nil {
		return err
	}
	if err := p.checkArg(r.Line, r.Call, "kind", r.Kind, false); err != nil {
		return err
	}
	for _, n := range r.Unwraps {
		if !funcName.MatchString(n.Name) || r.Method == "" {
			return p.errorf(n.Line, "%s: unwraps %q: a function name, with method", r.Call, n.Name)
		}
	}
	if err := p.checkArg(r.Line, r.Call, "transaction", r.Transaction, false); err != nil {
		return err
	}
	if r.TerminalRemedy != "" && r.Framework == "" {
		return p.errorf(r.Line, "%s: terminal-remedy says how a framework's operation stops its retries: name it in framework", r.Call)
	}
	if (r.Method != "" || r.Rollback != nil || r.Transaction != nil) && r.Framework == "" {
		return p.errorf(r.Line, "%s: method, rollback and transaction describe a framework's retry: name it in framework", r.Call)
	}
	if r.Rollback != nil && r.Transaction != nil {
		return p.errorf(r.Line, "%s: the transaction is either the operation's parameter (rollback) or the call's argument (transaction), not both", r.Call)
	}
	if r.Method != "" && !ident.MatchString(r.Method) {
		return p.errorf(r.Line, "%s: method %q is not a method name", r.Call, r.Method)
	}
	if err := p.validateCap(r); err != nil {
		return err
	}
	return p.validateFix(r.Fix, r.Call, false)
}

func (p *Pack) validateValue(v Value) error {
	var keys []string
	for _, k := range []struct{ key, val string }{{"call", v.Call}, {"func", v.Func}, {"var", v.Var}, {"literal", v.Literal}, {"field", v.Field}} {
		if k.val != "" {
			keys = append(keys, k.key)
		}
	}
	if len(keys) != 1 {
		return p.errorf(v.Line, "values: an entry names exactly one of call, func, var, literal, field (found %d)", len(keys))
	}
	name := v.Key()
	switch keys[0] {
	case "call", "func":
		if !funcName.MatchString(name) {
			return p.errorf(v.Line, "values: %s %q is not a function name like pkg.Func or (*pkg.T).Method", keys[0], name)
		}
	case "var", "literal":
		if !typeName.MatchString(name) {
			return p.errorf(v.Line, "values: %s %q is not a name like pkg/path.Name", keys[0], name)
		}
	case "field":
		if !validField(name) {
			return p.errorf(v.Line, "values: field %q is not a name like pkg/path.Type.Field", name)
		}
	}
	if keys[0] != "call" && (v.Wraps != nil && keys[0] != "field" || v.Options != nil || v.Context != nil) {
		return p.errorf(v.Line, "values: %s: wraps, options and context go with call (a field may wrap 0, the assigned value)", name)
	}
	if keys[0] == "field" && (v.Wraps != nil && *v.Wraps != 0 || v.Arg != nil && *v.Arg != 0) {
		return p.errorf(v.Line, "values: %s: a field has one argument, 0, the value assigned", name)
	}
	for _, a := range []struct {
		what string
		arg  *Arg
	}{{"wraps", v.Wraps}, {"options", v.Options}, {"context", v.Context}, {"arg", v.Arg}} {
		if err := p.checkArg(v.Line, name, a.what, a.arg, true); err != nil {
			return err
		}
	}
	if len(v.When) > 0 && v.Arg == nil && keys[0] != "field" {
		return p.errorf(v.Line, "values: %s: when needs arg, the argument it looks at", name)
	}
	if err := p.checkArg(v.Line, name, "predicate", v.Predicate, false); err != nil {
		return err
	}
	if v.Set.Empty() && len(v.When) == 0 && v.Wraps == nil && v.Options == nil && v.Context == nil && v.Predicate == nil {
		return p.errorf(v.Line, "values: %s says nothing: give set, when, wraps, options or context", name)
	}
	for i, c := range v.When {
		if c.Equals == nil && i != len(v.When)-1 {
			return p.errorf(c.Line, "values: %s: a case without equals matches everything, so it must be the last", name)
		}
		if err := p.validateFix(c.Fix, name, keys[0] == "literal"); err != nil {
			return err
		}
	}
	return p.validateFix(v.Fix, name, keys[0] == "literal")
}

func (p *Pack) validateFix(f *Fix, name string, literal bool) error {
	if f == nil {
		return nil
	}
	if f.Label == "" {
		return p.errorf(f.Line, "%s: fix: label is required", name)
	}
	if (f.Replace == "") == (f.AddField == "") {
		return p.errorf(f.Line, "%s: fix: give exactly one of replace and add-field", name)
	}
	if f.AddField != "" && !literal {
		return p.errorf(f.Line, "%s: fix: add-field applies to a literal only", name)
	}
	return nil
}

// Key is the name a value entry is matched and disabled by.
func (v *Value) Key() string {
	for _, s := range []string{v.Call, v.Func, v.Var, v.Literal, v.Field} {
		if s != "" {
			return s
		}
	}
	return ""
}

// validateCap checks the keys that say how a database client caps its
// retries: retries-on, default-retries and unlimited.
func (p *Pack) validateCap(r Retry) error {
	if r.RetriesOn != "" && r.Framework == "" {
		return p.errorf(r.Line, "%s: retries-on names the error a framework retries on: name it in framework", r.Call)
	}
	if r.DefaultRetries == nil {
		if r.Unlimited != nil {
			return p.errorf(r.Line, "%s: unlimited lifts the cap default-retries sets: give default-retries", r.Call)
		}
		return nil
	}
	switch {
	case r.RetriesOn == "" || r.Context == nil:
		return p.errorf(r.Line, "%s: default-retries needs retries-on and context", r.Call)
	case *r.DefaultRetries < 1:
		return p.errorf(r.Line, "%s: default-retries is %d; a retry runs the operation again at least once", r.Call, *r.DefaultRetries)
	case r.Default.Attempts == nil || !*r.Default.Attempts:
		return p.errorf(r.Line, "%s: default-retries is a cap: the default needs attempts: true", r.Call)
	case r.Unlimited != nil && *r.Unlimited < 0:
		return p.errorf(r.Line, "%s: unlimited is %d; a number of retries is not negative", r.Call, *r.Unlimited)
	}
	return nil
}
