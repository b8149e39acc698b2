package clockunits

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"
	"time"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/retrylint/retrylint/analyzers/internal/analysisutil"
	"github.com/retrylint/retrylint/rules"
)

// unit is a unit made of a time of the clock: the expression that is the
// unit, for use to judge, or (direct) a function it was passed to that
// makes the unit and writes or reads with it.
type unit struct {
	Read
	expr   ast.Expr
	direct bool
	// time: expr is a time of the clock that its function returns, no
	// unit yet; its callers make units of it.
	time bool
}

// isClock reports whether call reads the wall clock: a clock of the rules
// whose result is a time.Time (time.Since measures; time.Now is read).
func (c *checker) isClock(call *ast.CallExpr) bool {
	callee := typeutil.Callee(c.pass.TypesInfo, call)
	if v, ok := callee.(*types.Var); ok {
		// var now = time.Now, a package's clock that its tests replace:
		// the program calls the clock it is initialised with.
		fn, ok := c.clockVars[v]
		if !ok {
			return false
		}
		callee = fn
	}
	fn, ok := callee.(*types.Func)
	if !ok || !c.rules.IsClock(fn) {
		return false
	}
	res := fn.Type().(*types.Signature).Results()
	return res.Len() == 1 && c.isTime(res.At(0).Type())
}

// isTime reports whether t is a time type of the rules (time.Time).
func (c *checker) isTime(t types.Type) bool { return c.rules.IsTime(t) }

func staticCallee(info *types.Info, call *ast.CallExpr) *types.Func {
	fn := typeutil.StaticCallee(info, call)
	if fn == nil {
		return nil
	}
	return fn
}

// derive follows a time of the clock, x, up to the units made of it: a
// method of the rules' time-units (time.Time's Truncate or Round to an
// hour or more, Format with a layout of dates and no minutes, a date
// component: Year, Month, Day, YearDay, Date, ISOWeek), or a parameter of
// a function that makes one. The rules' time-keeps (conversions of zone
// and shifts: UTC, In, Add, AddDate) keep it a time of the clock; a
// variable assigned it is followed to its uses. Anything else (Sub,
// Before, Unix, a field) leaves it: a measurement, a comparison, or a
// value this check cannot follow.
func (c *checker) derive(x ast.Expr, yesterday string, seen map[*types.Var]bool) []unit {
	for {
		switch p := c.parent[x].(type) {
		case *ast.ParenExpr:
			x = p
			continue
		case *ast.SelectorExpr:
			if p.X != x || !c.isTime(c.pass.TypesInfo.TypeOf(x)) {
				return nil
			}
			call, ok := c.parent[p].(*ast.CallExpr)
			if !ok || call.Fun != p {
				return nil
			}
			method, _ := c.pass.TypesInfo.Uses[p.Sel].(*types.Func)
			if method == nil {
				return nil
			}
			if keep := c.rules.TimeKeep(method); keep != nil {
				if keep.Back != nil && int(*keep.Back) < len(call.Args) && negative(c.pass.TypesInfo, call.Args[*keep.Back]) {
					yesterday = method.Name()
				}
				x = call
				continue
			}
			if u := c.rules.TimeUnit(method); u != nil {
				units, instant := c.made(call, u, yesterday)
				if instant {
					x = call
					continue
				}
				return units
			}
			return nil
		case *ast.AssignStmt:
			v := c.assigned(p.Lhs, p.Rhs, x)
			if v == nil {
				return nil
			}
			return c.derivedFromVar(v, yesterday, seen)
		case *ast.ValueSpec:
			var lhs []ast.Expr
			for _, id := range p.Names {
				lhs = append(lhs, id)
			}
			v := c.assigned(lhs, p.Values, x)
			if v == nil {
				return nil
			}
			return c.derivedFromVar(v, yesterday, seen)
		case *ast.CallExpr:
			return c.passed(p, x)
		case *ast.ReturnStmt:
			if len(p.Results) == 1 && c.isTime(c.pass.TypesInfo.TypeOf(x)) {
				return []unit{{Read: Read{Param: -1, Noun: "time", What: shorten(types.ExprString(x))}, expr: x, time: true}}
			}
		}
		return nil
	}
}

// made returns the unit call makes as u says, or none; instant: call
// is still an instant (a Truncate under an hour), to follow on.
func (c *checker) made(call *ast.CallExpr, u *rules.TimeUnit, yesterday string) (units []unit, instant bool) {
	var arg ast.Expr
	if u.Arg != nil {
		if int(*u.Arg) >= len(call.Args) {
			return nil, false
		}
		arg = call.Args[*u.Arg]
	}
	switch u.Makes {
	case rules.MakesTruncate:
		d, ok := constDuration(c.pass.TypesInfo, arg)
		if !ok {
			return nil, false // a bucket of a size the check cannot read: unsure
		}
		if d < time.Hour {
			return nil, true
		}
		return []unit{c.unitAt(call, periodNoun(d), yesterday)}, false
	case rules.MakesFormat:
		layout, ok := constString(c.pass.TypesInfo, arg)
		if !ok {
			return nil, false
		}
		noun := layoutNoun(layout)
		if noun == "" {
			return nil, false // a timestamp, or no date in it
		}
		return []unit{c.unitAt(call, noun, yesterday)}, false
	case rules.MakesComponent:
		u := c.unitAt(call, "date", yesterday)
		u.What = shorten(types.ExprString(c.builtOf(call)))
		return []unit{u}, false
	}
	return nil, false
}

// derivedFromVar follows a variable that holds a time of the clock to
// the units made of it.
func (c *checker) derivedFromVar(v *types.Var, yesterday string, seen map[*types.Var]bool) []unit {
	if seen[v] {
		return nil
	}
	seen[v] = true
	var out []unit
	for _, id := range c.uses[v] {
		out = append(out, c.derive(id, yesterday, seen)...)
	}
	return out
}

// assigned returns the local variable that x, one of rhs, is assigned to
// one to one, or nil.
func (c *checker) assigned(lhs, rhs []ast.Expr, x ast.Expr) *types.Var {
	if len(lhs) != len(rhs) {
		return nil
	}
	for i, r := range rhs {
		if r != x {
			continue
		}
		id, ok := lhs[i].(*ast.Ident)
		if !ok {
			return nil
		}
		v, _ := c.pass.TypesInfo.ObjectOf(id).(*types.Var)
		if v == nil || v.IsField() || v.Parent() == v.Pkg().Scope() {
			return nil // a field, or a package-level variable: not followed
		}
		return v
	}
	return nil
}

// passed: x, a time of the clock, is an argument of call; the units its
// callee makes of that parameter.
func (c *checker) passed(call *ast.CallExpr, x ast.Expr) []unit {
	index := -1
	for i, arg := range call.Args {
		if arg == x {
			index = i
		}
	}
	callee := staticCallee(c.pass.TypesInfo, call)
	if index < 0 || callee == nil {
		return nil
	}
	var out []unit
	for _, r := range c.summary(callee) {
		if r.Param != index {
			continue
		}
		u := unit{Read: r.Read}
		u.Param = -1
		if u.Via == "" {
			u.Via = name(callee)
		}
		if r.Result && !r.Signed {
			u.expr = call
		} else {
			u.direct = true
		}
		out = append(out, u)
	}
	return out
}

// unitAt: yesterday names the method that moved the time back, or is "".
func (c *checker) unitAt(call *ast.CallExpr, noun string, yesterday string) unit {
	what := shorten(types.ExprString(call))
	if yesterday != "" && !strings.Contains(what, yesterday) {
		what += ", of a time moved back with " + yesterday
	}
	return unit{Read: Read{Param: -1, Noun: noun, What: what}, expr: call}
}

func shorten(s string) string {
	if len(s) > 72 {
		return s[:69] + "..."
	}
	return s
}

func periodNoun(d time.Duration) string {
	switch {
	case d == time.Hour:
		return "hour"
	case d == 24*time.Hour:
		return "day"
	case d%(24*time.Hour) == 0:
		return "period of days"
	}
	return "period of hours"
}

// layoutNoun names the unit a Format layout makes: "date" for a layout
// with a year, a month or a day and no minute or second, "hour" when it
// has the hour too; "" for a timestamp (minutes or seconds: a log line's
// time, a value) or a layout with no date.
func layoutNoun(layout string) string {
	if strings.Contains(layout, "04") || strings.Contains(layout, "05") || strings.Contains(layout, ".000") {
		return ""
	}
	date := false
	for _, chunk := range []string{"2006", "06", "Jan", "01", "02", "_2", "002", "15"} {
		if strings.Contains(layout, chunk) {
			date = true
			break
		}
	}
	if !date {
		return ""
	}
	if strings.Contains(layout, "15") {
		return "hour"
	}
	return "date"
}

func constDuration(info *types.Info, x ast.Expr) (time.Duration, bool) {
	tv, ok := info.Types[x]
	if !ok || tv.Value == nil {
		return 0, false
	}
	v, ok := constant.Int64Val(constant.ToInt(tv.Value))
	return time.Duration(v), ok
}

func constString(info *types.Info, x ast.Expr) (string, bool) {
	tv, ok := info.Types[x]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(tv.Value), true
}

func negative(info *types.Info, x ast.Expr) bool {
	tv, ok := info.Types[x]
	return ok && tv.Value != nil && constant.Sign(tv.Value) < 0
}

// useKind is what a retried operation does with a unit: a set of these
// flags, none when it is compared, logged or measured.
type useKind int

const (
	returned useKind = 1 << iota // its function's result: the caller decides
	used                         // an argument, a key, a field, a name: written or read
	signed                       // hashed or signed: the time authenticates a request
)

const unused useKind = 0

// use follows a unit, x, up to what is done with it. A string built of
// it (fmt.Sprintf, +, path.Join, a conversion, a method of it) is
// followed; so is a variable assigned it. An argument of a call of
// another package, an element of a literal, a map key, a value sent is
// used: a query argument, a path, a key. A comparison, a condition, a
// log, a metric or an error is not; a function of the package is judged
// by what its body does with the parameter.
func (c *checker) use(x ast.Expr, seen map[*types.Var]bool) useKind {
	for {
		switch p := c.parent[x].(type) {
		case *ast.ParenExpr:
			x = p
			continue
		case *ast.UnaryExpr:
			if p.Op == token.AND {
				x = p
				continue
			}
			return unused
		case *ast.StarExpr:
			x = p
			continue
		case *ast.BinaryExpr:
			if p.Op == token.ADD && analysisutil.IsString(c.pass.TypesInfo.TypeOf(p)) {
				x = p // a name built by concatenation
				continue
			}
			return unused // arithmetic, a comparison
		case *ast.SelectorExpr:
			if p.X != x {
				return unused
			}
			call, ok := c.parent[p].(*ast.CallExpr)
			if !ok || call.Fun != p {
				return unused
			}
			switch p.Sel.Name {
			case "Before", "After", "Equal", "Compare", "IsZero", "Sub":
				return unused
			}
			x = call
			continue
		case *ast.CallExpr:
			if p.Fun == x {
				return unused
			}
			if tv, ok := c.pass.TypesInfo.Types[p.Fun]; ok && tv.IsType() {
				x = p // a conversion
				continue
			}
			fn, _ := typeutil.Callee(c.pass.TypesInfo, p).(*types.Func)
			if fn == nil {
				return used // a function value: what it does is unknown
			}
			switch c.role(fn, p) {
			case builds:
				x = p
				continue
			case records:
				return unused
			case signs:
				return signed
			}
			if fn.Pkg() == c.pass.Pkg {
				index := -1
				for i, arg := range p.Args {
					if arg == x {
						index = i
					}
				}
				k := c.useOfParam(fn, index)
				if k&returned != 0 {
					k = k&^returned | c.use(p, seen)
				}
				return k
			}
			return used
		case *ast.KeyValueExpr:
			if p.Value != x {
				return unused
			}
			if !c.isTime(c.pass.TypesInfo.TypeOf(x)) {
				return used // a name or a key in a field of a request
			}
			// A day or an hour as a time in a field: what is done with
			// the literal decides (a batch handed to a store, a query).
			lit, ok := c.parent[p].(*ast.CompositeLit)
			if !ok {
				return unused
			}
			x = lit
			continue
		case *ast.CompositeLit:
			switch c.pass.TypesInfo.TypeOf(p).Underlying().(type) {
			case *types.Slice, *types.Array:
				x = p // the parts of a name: strings.Join([]string{...}, "/")
				continue
			}
			if c.isTime(c.pass.TypesInfo.TypeOf(x)) {
				x = p // a day or an hour in a positional literal: the literal decides
				continue
			}
			return used
		case *ast.IndexExpr:
			if p.Index == x {
				return used
			}
			return unused
		case *ast.SendStmt:
			if p.Value == x {
				return used
			}
			return unused
		case *ast.ReturnStmt:
			return returned
		case *ast.AssignStmt:
			return c.useAssigned(p.Lhs, p.Rhs, x, seen)
		case *ast.ValueSpec:
			var lhs []ast.Expr
			for _, id := range p.Names {
				lhs = append(lhs, id)
			}
			return c.useAssigned(lhs, p.Values, x, seen)
		}
		return unused
	}
}

// useAssigned follows a unit assigned to variables (y, m, d := t.Date()
// assigns it to three): a field or an element assigned it is used.
func (c *checker) useAssigned(lhs, rhs []ast.Expr, x ast.Expr, seen map[*types.Var]bool) useKind {
	var targets []ast.Expr
	if len(lhs) == len(rhs) {
		for i, r := range rhs {
			if r == x {
				targets = append(targets, lhs[i])
			}
		}
	} else if len(rhs) == 1 && rhs[0] == x {
		targets = lhs
	}
	k := unused
	for _, t := range targets {
		id, ok := ast.Unparen(t).(*ast.Ident)
		if !ok {
			if c.receiverState(t) {
				continue // the day the value last saw (s.lastDay = today): state, unsure
			}
			return used // a name, a key or a day stored in a field, an element
		}
		v, _ := c.pass.TypesInfo.ObjectOf(id).(*types.Var)
		if v == nil {
			continue // _
		}
		if v.Parent() == v.Pkg().Scope() && v.Exported() {
			return used // a package-level variable others read: stored
		}
		// A local, or a package-level variable only this package reads
		// (an id generator's base): what its readers do with it decides.
		k |= c.useOfVar(v, seen)
	}
	return k
}

func (c *checker) useOfVar(v *types.Var, seen map[*types.Var]bool) useKind {
	if seen[v] {
		return unused
	}
	seen[v] = true
	k := unused
	for _, id := range c.uses[v] {
		k |= c.use(id, seen)
	}
	return k
}

// useOfParam says what a function of the package does with its
// parameter index.
func (c *checker) useOfParam(fn *types.Func, index int) useKind {
	fn = fn.Origin()
	d := c.decls[fn]
	if d == nil || d.Body == nil || index < 0 {
		return used
	}
	m := c.paramUses[fn]
	if m == nil {
		m = map[int]useKind{}
		c.paramUses[fn] = m
	}
	if k, ok := m[index]; ok {
		return k
	}
	m[index] = unused // recursion ends here
	asked := index
	sig := fn.Type().(*types.Signature)
	if sig.Variadic() && index >= sig.Params().Len()-1 {
		index = sig.Params().Len() - 1
	}
	var v *types.Var
	if index < sig.Params().Len() {
		v = sig.Params().At(index)
		if v.Name() == "" || v.Name() == "_" {
			v = nil
		}
	}
	k := used
	if v != nil {
		k = c.useOfVar(v, map[*types.Var]bool{})
	}
	m[asked] = k
	return k
}

// Roles of a callee of a unit.
const (
	other = iota
	builds
	records
	signs
)

// role says whether a call builds a value of a unit (a string, a time:
// fmt.Sprintf, path.Join, strconv, time.Date), only records it (the
// records of the rules: a log, an error, a metric, a span; or a function
// whose first parameter is a format or a message followed by values), or
// hashes it (the signs of the rules): a unit that only goes to a record
// is no unit the operation writes or reads.
func (c *checker) role(fn *types.Func, call *ast.CallExpr) int {
	if fn.Pkg() == nil {
		return other
	}
	path := fn.Pkg().Path()
	// A hash's Write is io.Writer's: the receiver says it is a hash.
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		if n, ok := types.Unalias(c.pass.TypesInfo.TypeOf(sel.X)).(*types.Named); ok && n.Obj().Pkg() != nil && c.rules.IsSigner(n.Obj().Pkg().Path()) {
			return signs
		}
	}
	if c.rules.IsSigner(path) {
		return signs
	}
	switch path {
	case "fmt":
		if strings.HasPrefix(fn.Name(), "Sprint") || strings.HasPrefix(fn.Name(), "Append") {
			return builds
		}
	case "strings", "strconv", "path", "path/filepath", "time", "bytes", "unicode/utf8":
		// The language's own string and time builders.
		return builds
	case "net/http":
		if recv := fn.Type().(*types.Signature).Recv(); recv != nil && types.TypeString(recv.Type(), nil) == "net/http.Header" {
			return records // a header's value (a Date, a signature's scope): not the unit the request writes
		}
	}
	if c.rules.IsRecord(fn) {
		return records
	}
	// A function whose first parameter is a message or a format, followed
	// by any values: a logger the rules do not name.
	sig := fn.Type().(*types.Signature)
	if sig.Variadic() && sig.Params().Len() >= 2 {
		switch sig.Params().At(0).Name() {
		case "format", "msg", "message", "template":
			return records
		}
	}
	return other
}

// receiverState says whether lhs is a field of the receiver of the method
// it is assigned in: s.lastDay = today keeps the state of a long-lived
// value, not a unit of work.
func (c *checker) receiverState(lhs ast.Expr) bool {
	sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	root, ok := ast.Unparen(sel.X).(*ast.Ident)
	if !ok {
		return false
	}
	var n ast.Node = lhs
	for n != nil {
		if d, ok := n.(*ast.FuncDecl); ok {
			if d.Recv == nil || len(d.Recv.List) == 0 || len(d.Recv.List[0].Names) == 0 {
				return false
			}
			return c.pass.TypesInfo.Defs[d.Recv.List[0].Names[0]] == c.pass.TypesInfo.Uses[root]
		}
		n = c.parent[n]
	}
	return false
}

// builtOf returns the name a component is built into, for messages: the
// call of fmt.Sprintf, time.Date or a conversion that takes it, or the
// component itself.
func (c *checker) builtOf(x ast.Expr) ast.Expr {
	for i := 0; i < 3; i++ {
		call, ok := c.parent[x].(*ast.CallExpr)
		if !ok || call.Fun == x {
			return x
		}
		if tv, ok := c.pass.TypesInfo.Types[call.Fun]; !ok || !tv.IsType() {
			fn, _ := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
			if fn == nil || c.role(fn, call) != builds {
				return x
			}
		}
		x = call
	}
	return x
}
