package sqlextract

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/types"
	"sort"
	"strings"

	"github.com/retrylint/retrylint/rules"
)

// A query builder (squirrel's Insert("t").Columns(...).Values(...))
// spells an INSERT in calls, chained or kept in a local variable between
// them. The extractor writes the INSERT those calls spell as SQL, with
// $n for the row's values in order, so that it is classified and judged
// as any other text; the values are the query's bind arguments. A
// conflict clause given as a call (goqu's OnConflict(goqu.DoNothing()))
// is written as ON CONFLICT DO NOTHING or ON CONFLICT (target) DO
// UPDATE. A chain whose table, columns, row or conflict clause cannot be
// read (a table in a variable, a row spread from a slice or given as a
// struct, an INSERT ... SELECT, a clause in a variable) is left alone.

// spelling is what a builder's calls have said so far.
type spelling struct {
	b        *rules.Builder
	started  bool
	bad      bool
	verb     string
	table    string
	options  []string
	columns  []string
	values   []ast.Expr
	valued   bool
	suffix   []string
	suffixed []ast.Expr
	upsert   bool
	conflict []string
	// merge is the conflict clause a merges call gave (ON CONFLICT DO
	// NOTHING, ON CONFLICT (key) DO UPDATE), and update whether it
	// updates: its SET is written from the row's columns.
	merge  string
	update bool
}

// builderQuery returns the query a builder's run call executes, or nil.
func (x *extractor) builderQuery(fd *ast.FuncDecl, call *ast.CallExpr, fn *types.Func, bc rules.BuilderCall) *Query {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	text, args, ok := x.spell(sel.X, bc.Builder)
	if !ok {
		return nil
	}
	return &Query{Call: call, Sink: &rules.Sink{Call: rules.FuncKey(fn)}, Callee: fn, Enclosing: fd,
		Text: text, Args: args, Remedy: bc.Builder.Remedy}
}

// builderText resolves the text a builder's text call (ToSql) returns.
func (x *extractor) builderText(call *ast.CallExpr) (string, bool) {
	b, recv := x.textCall(call)
	if b == nil {
		return "", false
	}
	text, _, ok := x.spell(recv, b)
	return text, ok
}

// builderArgs returns the bind arguments that a builder's text call
// returns as its second result, when e is the variable that holds them.
func (x *extractor) builderArgs(e ast.Expr) []ast.Expr {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || x.scope == nil {
		return nil
	}
	v, ok := x.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok {
		return nil
	}
	defs := x.scope.Defs[v]
	if len(defs) != 1 || defs[0].Index != 1 {
		return nil
	}
	call, ok := ast.Unparen(defs[0].Expr).(*ast.CallExpr)
	if !ok {
		return nil
	}
	b, recv := x.textCall(call)
	if b == nil {
		return nil
	}
	_, args, ok := x.spell(recv, b)
	if !ok {
		return nil
	}
	return args
}

// textCall returns the builder whose text call (ToSql) call is, and the
// builder it is called on; nil for any other call.
func (x *extractor) textCall(call *ast.CallExpr) (*rules.Builder, ast.Expr) {
	fn := calleeFunc(x.pass.TypesInfo, call)
	if fn == nil {
		return nil, nil
	}
	bc, ok := x.rules.BuilderOf(fn)
	if !ok || bc.Role != rules.RoleText {
		return nil, nil
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil, nil
	}
	return bc.Builder, sel.X
}

// spell reads the calls that built e and writes the INSERT they spell,
// with the bind arguments of its placeholders.
func (x *extractor) spell(e ast.Expr, b *rules.Builder) (string, []ast.Expr, bool) {
	sp := &spelling{b: b}
	x.walkBuilder(e, sp, map[*types.Var]bool{}, 0)
	if sp.bad || !sp.started || sp.table == "" || !sp.valued || len(sp.columns) != len(sp.values) || len(sp.columns) == 0 {
		return "", nil, false
	}
	var w strings.Builder
	w.WriteString(sp.verb)
	for _, o := range sp.options {
		w.WriteString(" " + o)
	}
	fmt.Fprintf(&w, " INTO %s (%s) VALUES (", sp.table, strings.Join(sp.columns, ", "))
	for i := range sp.values {
		if i > 0 {
			w.WriteString(", ")
		}
		fmt.Fprintf(&w, "$%d", i+1)
	}
	w.WriteString(")")
	args := append([]ast.Expr(nil), sp.values...)
	if sp.upsert {
		if len(sp.conflict) == 0 {
			w.WriteString(" ON CONFLICT DO NOTHING")
		} else {
			var set []string
			for _, c := range sp.columns {
				set = append(set, c+" = EXCLUDED."+c)
			}
			fmt.Fprintf(&w, " ON CONFLICT (%s) DO UPDATE SET %s", strings.Join(sp.conflict, ", "), strings.Join(set, ", "))
		}
	}
	if sp.merge != "" {
		w.WriteString(" " + sp.merge)
		if sp.update {
			var set []string
			for _, c := range sp.columns {
				set = append(set, c+" = EXCLUDED."+c)
			}
			w.WriteString(" SET " + strings.Join(set, ", "))
		}
	}
	n := len(args)
	for _, text := range sp.suffix {
		var marked string
		marked, n = numberMarks(text, n)
		w.WriteString(" " + marked)
	}
	if n-len(args) != len(sp.suffixed) {
		return "", nil, false // the marks and the arguments of the suffixes do not pair up
	}
	args = append(args, sp.suffixed...)
	return w.String(), args, true
}

// numberMarks turns the ? marks of a builder's text, outside quotes,
// into $n numbered after the ones before it, and returns the last number.
func numberMarks(s string, before int) (string, int) {
	var w strings.Builder
	var quote rune
	n := before
	for _, r := range s {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			}
		case r == '\'' || r == '"':
			quote = r
		case r == '?':
			n++
			fmt.Fprintf(&w, "$%d", n)
			continue
		}
		w.WriteRune(r)
	}
	return w.String(), n
}

const maxBuilderDepth = 16

// walkBuilder reads the calls that built e, earliest first.
func (x *extractor) walkBuilder(e ast.Expr, sp *spelling, seen map[*types.Var]bool, depth int) {
	if sp.bad || depth > maxBuilderDepth {
		sp.bad = true
		return
	}
	info := x.pass.TypesInfo
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		v, ok := info.Uses[e].(*types.Var)
		if !ok || x.scope == nil || v.Parent() == v.Pkg().Scope() {
			sp.bad = true
			return
		}
		if seen[v] {
			return // q = q.Values(...): what q held before is read already
		}
		seen[v] = true
		defs := defsOf(x, v)
		if len(defs) == 0 {
			sp.bad = true
			return
		}
		for _, d := range defs {
			x.walkBuilder(d, sp, seen, depth+1)
		}
	case *ast.CallExpr:
		fn := calleeFunc(info, e)
		if fn == nil {
			sp.bad = true
			return
		}
		bc, known := x.rules.BuilderOf(fn)
		if known && bc.Builder != sp.b {
			sp.bad = true
			return
		}
		role := bc.Role
		switch role {
		case rules.RoleStart, rules.RoleReplace, rules.RoleUpsert:
			x.startBuilder(e, sp, role)
			return
		}
		sel, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr)
		if !ok || info.Selections[sel] == nil {
			sp.bad = true // a function that returns a builder: not followed
			return
		}
		x.walkBuilder(sel.X, sp, seen, depth+1)
		if role == rules.RoleExecutor {
			return // the executor runs what the builder spells
		}
		if !known {
			// Another call of the builder (RunWith, PlaceholderFormat):
			// it says nothing of the INSERT, if it returns the builder.
			if !types.Identical(info.TypeOf(e), info.TypeOf(sel.X)) {
				sp.bad = true
			}
			return
		}
		x.builderStep(e, sp, role)
	default:
		sp.bad = true
	}
}

// defsOf returns the values a local variable is assigned, in order.
func defsOf(x *extractor, v *types.Var) []ast.Expr {
	var out []ast.Expr
	for _, d := range x.scope.Defs[v] {
		if d.Index >= 0 || d.Op || d.Range {
			return nil
		}
		out = append(out, d.Expr)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Pos() < out[j].Pos() })
	return out
}

// startBuilder reads a start call: the table, and for some builders the
// columns and values as a map.
func (x *extractor) startBuilder(call *ast.CallExpr, sp *spelling, role string) {
	if sp.started {
		sp.bad = true // two starts reach the call: which one runs is not known
		return
	}
	sp.started = true
	sp.verb = "INSERT"
	switch role {
	case rules.RoleReplace:
		sp.verb = "REPLACE"
	case rules.RoleUpsert:
		sp.upsert = true
	}
	b := sp.b
	if int(*b.Table) >= len(call.Args) {
		sp.bad = true
		return
	}
	table, ok := x.constString(call.Args[*b.Table])
	if !ok {
		sp.bad = true
		return
	}
	sp.table = table
	if b.Map != nil {
		if int(*b.Map) >= len(call.Args) {
			sp.bad = true
			return
		}
		x.setMap(call.Args[*b.Map], sp)
	}
	if role == rules.RoleUpsert && b.Conflict != nil {
		for _, a := range call.Args[min(int(*b.Conflict), len(call.Args)):] {
			c, ok := x.constString(a)
			if !ok {
				sp.bad = true
				return
			}
			sp.conflict = append(sp.conflict, c)
		}
	}
}

// builderStep reads one call of the chain after the start.
func (x *extractor) builderStep(call *ast.CallExpr, sp *spelling, role string) {
	if call.Ellipsis.IsValid() {
		sp.bad = true // a slice of columns or values: not read
		return
	}
	switch role {
	case rules.RoleColumns, rules.RoleOptions:
		for _, a := range call.Args {
			s, ok := x.constString(a)
			if !ok {
				sp.bad = true
				return
			}
			if role == rules.RoleColumns {
				sp.columns = append(sp.columns, s)
			} else {
				sp.options = append(sp.options, s)
			}
		}
	case rules.RoleValues:
		if !sp.valued {
			sp.values, sp.valued = call.Args, true // later rows repeat the first's shape
		}
	case rules.RoleSetMap:
		if len(call.Args) >= 1 {
			x.setMap(call.Args[0], sp) // later maps repeat the first's keys
		} else {
			sp.bad = true
		}
	case rules.RoleValueRows:
		if len(call.Args) == 0 {
			sp.bad = true
			return
		}
		lit, ok := ast.Unparen(call.Args[0]).(*ast.CompositeLit)
		if !ok {
			sp.bad = true // a row in a variable: not read
			return
		}
		for _, el := range lit.Elts {
			if _, ok := el.(*ast.KeyValueExpr); ok {
				sp.bad = true // an indexed literal
				return
			}
		}
		if !sp.valued {
			sp.values, sp.valued = lit.Elts, true
		}
	case rules.RoleMerge:
		if len(call.Args) != 1 {
			sp.bad = true
			return
		}
		x.mergeClause(call.Args[0], sp, 0)
	case rules.RoleSuffix, rules.RoleInto:
		if len(call.Args) == 0 || role == rules.RoleInto && len(call.Args) != 1 {
			sp.bad = true
			return
		}
		s, ok := x.constString(call.Args[0])
		if !ok {
			sp.bad = true
			return
		}
		if role == rules.RoleInto {
			sp.table = s
			return
		}
		sp.suffix = append(sp.suffix, s)
		sp.suffixed = append(sp.suffixed, call.Args[1:]...)
	default:
		sp.bad = true // a run or text call inside the chain
	}
}

// setMap reads a map literal of column to value; the builder writes
// the columns in sorted order.
func (x *extractor) setMap(e ast.Expr, sp *spelling) {
	lit, ok := ast.Unparen(e).(*ast.CompositeLit)
	if !ok || sp.valued {
		sp.bad = true
		return
	}
	type pair struct {
		col string
		val ast.Expr
	}
	var pairs []pair
	for _, el := range lit.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			sp.bad = true
			return
		}
		col, ok := x.constString(kv.Key)
		if !ok {
			sp.bad = true
			return
		}
		pairs = append(pairs, pair{col, kv.Value})
	}
	sort.Slice(pairs, func(i, j int) bool { return pairs[i].col < pairs[j].col })
	sp.columns, sp.values, sp.valued = nil, nil, true
	for _, p := range pairs {
		sp.columns = append(sp.columns, p.col)
		sp.values = append(sp.values, p.val)
	}
}

// constString returns the value of a constant string expression.
func (x *extractor) constString(e ast.Expr) (string, bool) {
	tv, ok := x.pass.TypesInfo.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(tv.Value), true
}

// mergeClause reads the conflict clause a merges call is given: a call
// of the builder's do-nothing or do-update, or a method of one that
// returns the same type (DoUpdate(...).Where(...)). Anything else (a
// clause in a variable, nil, a target not constant) leaves the INSERT
// unread.
func (x *extractor) mergeClause(e ast.Expr, sp *spelling, depth int) {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || depth > maxBuilderDepth {
		sp.bad = true
		return
	}
	info := x.pass.TypesInfo
	fn := calleeFunc(info, call)
	if fn == nil {
		sp.bad = true
		return
	}
	if bc, ok := x.rules.BuilderOf(fn); ok && bc.Builder == sp.b {
		switch bc.Role {
		case rules.RoleDoNothing:
			sp.merge, sp.update = "ON CONFLICT DO NOTHING", false
			return
		case rules.RoleDoUpdate:
			b := sp.b
			if b.MergeTarget == nil || int(*b.MergeTarget) >= len(call.Args) {
				sp.bad = true
				return
			}
			target, ok := x.constString(call.Args[*b.MergeTarget])
			target = strings.TrimSpace(target)
			if !ok || target == "" {
				sp.bad = true // no target: PostgreSQL rejects DO UPDATE without one
				return
			}
			if strings.HasPrefix(strings.ToLower(target), "on constraint") {
				sp.merge = "ON CONFLICT " + target + " DO UPDATE"
			} else {
				sp.merge = "ON CONFLICT (" + target + ") DO UPDATE"
			}
			sp.update = true
			return
		}
		sp.bad = true
		return
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || info.Selections[sel] == nil || !types.Identical(info.TypeOf(call), info.TypeOf(sel.X)) {
		sp.bad = true
		return
	}
	x.mergeClause(sel.X, sp, depth+1)
}
