package inventory

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/retrylint/retrylint/analyzers/internal/localvars"
	"github.com/retrylint/retrylint/analyzers/retrysite"
	"github.com/retrylint/retrylint/rules"
)

// librarySchedule computes the numbers of a library call or a client
// constructor from the configuration the call is given, as its pack
// describes the library, and the pack's model.
func (l *lister) librarySchedule(s *retrysite.Site) schedule {
	if s.Callee == nil {
		return unknownSchedule("a client built as a literal starts from zero values, which the inventory does not model")
	}
	key := rules.FuncKey(s.Callee.Origin())
	pe := packs.entries[key]
	if pe == nil {
		return unknownSchedule("the inventory has no model of the numbers of " + key)
	}
	call, ok := s.Node.(*ast.CallExpr)
	if !ok || s.Enclosing == nil || s.Enclosing.Body == nil {
		return unknownSchedule("the call is not in a function")
	}
	c := &configEval{l: l, pack: pe.pack, scope: localvars.New(l.pass.TypesInfo, s.Enclosing.Type, s.Enclosing.Body), site: call, body: s.Enclosing.Body}
	var v *value
	if pe.Preset != "" {
		v = pe.presets[pe.Preset].clone()
	} else if x := argAt(call, *pe.Value); x != nil {
		v = c.value(x, 0)
	} else {
		return unknownSchedule("the call has no configuration argument")
	}
	if pe.entry.Options != nil {
		c.options(v, call, *pe.entry.Options)
	}
	if pe.Client {
		c.clientFields(v, call)
	}
	if v.why != "" {
		return unknownSchedule(v.why)
	}
	return pe.model.compute(v)
}

func argAt(call *ast.CallExpr, i int) ast.Expr {
	if i < len(call.Args) {
		return call.Args[i]
	}
	return nil
}

// configEval follows a configuration value in one function.
type configEval struct {
	l     *lister
	pack  *pack
	scope *localvars.Scope
	site  *ast.CallExpr
	body  *ast.BlockStmt
}

func unknownValue(format string, args ...any) *value {
	return &value{nums: map[string]constant.Value{}, why: fmt.Sprintf(format, args...)}
}

// value returns the configuration an expression makes: a builder of the
// pack (a call, a literal, a library's variable), or a local variable
// assigned one once, with the fields the function sets on it.
func (c *configEval) value(x ast.Expr, depth int) *value {
	if depth > maxEvalDepth {
		return unknownValue("the configuration is built too far away")
	}
	info := c.l.pass.TypesInfo
	x = ast.Unparen(x)
	if u, ok := x.(*ast.UnaryExpr); ok && u.Op == token.AND {
		x = ast.Unparen(u.X)
	}
	switch x := x.(type) {
	case *ast.Ident, *ast.SelectorExpr:
		var id *ast.Ident
		if sel, ok := x.(*ast.SelectorExpr); ok {
			id = sel.Sel
		} else {
			id = x.(*ast.Ident)
		}
		v, ok := info.Uses[id].(*types.Var)
		if !ok {
			break
		}
		if v.Pkg() != nil && v.Parent() == v.Pkg().Scope() {
			if b := packs.builders[v.Pkg().Path()+"."+v.Name()]; b != nil && b.pack == c.pack {
				return b.presets[b.Preset].clone()
			}
			return unknownValue("the configuration is the package-level variable %s", v.Name())
		}
		if _, isParam := c.scope.Params[v]; isParam {
			return unknownValue("the configuration is the parameter %s: its caller decides", v.Name())
		}
		defs := c.scope.Defs[v]
		if len(defs) != 1 || defs[0].Op || defs[0].Range || defs[0].Index >= 0 {
			return unknownValue("the configuration variable %s is assigned more than once", v.Name())
		}
		if why := c.escapes(v); why != "" {
			return unknownValue("%s", why)
		}
		out := c.value(defs[0].Expr, depth+1)
		c.fields(out, v)
		return out
	case *ast.CallExpr:
		fn := typeutil.StaticCallee(info, x)
		if fn == nil {
			break
		}
		b := packs.builders[rules.FuncKey(fn.Origin())]
		if b == nil || b.pack != c.pack {
			return unknownValue("the configuration comes from %s, which the inventory does not model", funcLabel(fn))
		}
		var out *value
		if b.Preset != "" {
			out = b.presets[b.Preset].clone()
		} else if inner := argAt(x, *b.Wraps); inner != nil {
			out = c.value(inner, depth+1)
		} else {
			return unknownValue("%s has no argument %d", funcLabel(fn), *b.Wraps)
		}
		if b.Set != "" {
			arg := argAt(x, *b.Arg)
			if arg == nil {
				return unknownValue("%s has no argument %d", funcLabel(fn), *b.Arg)
			}
			c.set(out, b.Set, arg, b.Wraps != nil)
		}
		if b.builder.Options != nil {
			c.options(out, x, *b.builder.Options)
		}
		return out
	case *ast.CompositeLit:
		named := namedOf(info.TypeOf(x))
		if named == nil || named.Obj().Pkg() == nil {
			break
		}
		b := packs.builders[named.Obj().Pkg().Path()+"."+named.Obj().Name()]
		if b == nil || b.pack != c.pack {
			return unknownValue("a literal of %s, which the inventory does not model", named.Obj().Name())
		}
		out := b.presets[b.Preset].clone()
		for _, elt := range x.Elts {
			kv, ok := elt.(*ast.KeyValueExpr)
			if !ok {
				return unknownValue("a literal without field names")
			}
			id, ok := kv.Key.(*ast.Ident)
			if !ok {
				return unknownValue("a literal without field names")
			}
			f, _ := info.Uses[id].(*types.Var)
			if f == nil {
				return unknownValue("a literal field the inventory cannot read")
			}
			c.setField(out, named, f, kv.Value)
		}
		return out
	}
	return unknownValue("the configuration comes from an expression the inventory does not follow (%s)", types.ExprString(x))
}

// escapes says why a configuration variable may change where the
// inventory does not look: a method call on it, its address taken, or
// a call it is passed to that the pack does not describe.
func (c *configEval) escapes(v *types.Var) string {
	info := c.l.pass.TypesInfo
	why := ""
	var stack []ast.Node
	ast.Inspect(c.body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, n)
		id, ok := n.(*ast.Ident)
		if !ok || why != "" || info.Uses[id] != v || len(stack) < 2 {
			return true
		}
		at := func(i int) ast.Node {
			if i <= len(stack) {
				return stack[len(stack)-i]
			}
			return nil
		}
		parent := at(2)
		if u, ok := parent.(*ast.UnaryExpr); ok && u.Op == token.AND {
			parent = at(3)
		}
		switch p := parent.(type) {
		case *ast.SelectorExpr:
			f, isField := info.Uses[p.Sel].(*types.Var)
			if !isField || !f.IsField() {
				why = fmt.Sprintf("a method of the configuration variable %s is called, which may change it", v.Name())
				break
			}
			// A field read, or a store localvars records; not b.n++ or
			// b.n *= 2, which it does not.
			switch g := at(3).(type) {
			case *ast.IncDecStmt:
				why = fmt.Sprintf("the field %s of the configuration variable %s is changed in place", f.Name(), v.Name())
			case *ast.AssignStmt:
				if g.Tok != token.ASSIGN && g.Tok != token.DEFINE && slices.Contains(g.Lhs, ast.Expr(p)) {
					why = fmt.Sprintf("the field %s of the configuration variable %s is changed in place", f.Name(), v.Name())
				}
			}
		case *ast.CallExpr:
			fn := typeutil.StaticCallee(info, p)
			if fn == nil {
				why = fmt.Sprintf("the configuration variable %s is passed to a function value", v.Name())
				break
			}
			key := rules.FuncKey(fn.Origin())
			if packs.entries[key] == nil && packs.builders[key] == nil {
				why = fmt.Sprintf("the configuration variable %s is passed to %s, which may change it", v.Name(), funcLabel(fn))
			}
		case *ast.AssignStmt:
			if !slices.Contains(p.Lhs, ast.Expr(id)) {
				why = fmt.Sprintf("the configuration variable %s is copied, and may change elsewhere", v.Name())
			}
		case *ast.ValueSpec:
			if !slices.Contains(p.Names, id) {
				why = fmt.Sprintf("the configuration variable %s is copied, and may change elsewhere", v.Name())
			}
		case *ast.KeyValueExpr, *ast.CompositeLit, *ast.ReturnStmt, *ast.SendStmt:
			why = fmt.Sprintf("the configuration variable %s is stored, and may change elsewhere", v.Name())
		}
		return true
	})
	return why
}

// fields applies the stores the function makes to fields of a
// configuration variable, which must come before the retry.
func (c *configEval) fields(v *value, vr *types.Var) {
	named := namedOf(vr.Type())
	for _, fs := range c.scope.Fields[vr] {
		if fs.Pos > c.site.Pos() {
			v.fail("the field %s of the configuration is set after the retry", fs.Field.Name())
			return
		}
		if named == nil {
			v.fail("the configuration's type is not a named type")
			return
		}
		c.setField(v, named, fs.Field, fs.Value)
	}
}

// clientFields applies the stores the function makes to fields of the
// local variables that hold the client the constructor call builds.
func (c *configEval) clientFields(v *value, call *ast.CallExpr) {
	for _, vr := range c.scope.HeldBy(call) {
		named := namedOf(vr.Type())
		for _, fs := range c.scope.Fields[vr] {
			if named == nil {
				v.fail("the client's type is not a named type")
				return
			}
			c.setField(v, named, fs.Field, fs.Value)
		}
	}
}

func (c *configEval) setField(v *value, named *types.Named, f *types.Var, x ast.Expr) {
	key := named.Obj().Pkg().Path() + "." + named.Obj().Name() + "." + f.Name()
	row := packs.fields[key]
	if row == nil || row.pack != c.pack {
		v.fail("the field %s is set, which the inventory does not model", f.Name())
		return
	}
	if row.Set != "" {
		c.set(v, row.Set, x, false)
	}
}

// options applies the option arguments of a call from index from on.
func (c *configEval) options(v *value, call *ast.CallExpr, from int) {
	if call.Ellipsis.IsValid() && len(call.Args) > from {
		v.fail("the options are spread from a slice")
		return
	}
	for i := from; i < len(call.Args); i++ {
		c.option(v, call.Args[i], 0)
	}
}

func (c *configEval) option(v *value, x ast.Expr, depth int) {
	info := c.l.pass.TypesInfo
	x = ast.Unparen(x)
	if id, ok := x.(*ast.Ident); ok && depth < maxEvalDepth {
		if vr, ok := info.Uses[id].(*types.Var); ok {
			defs := c.scope.Defs[vr]
			if _, isParam := c.scope.Params[vr]; !isParam && len(defs) == 1 && !defs[0].Op && !defs[0].Range && defs[0].Index < 0 {
				c.option(v, defs[0].Expr, depth+1)
				return
			}
		}
	}
	call, ok := x.(*ast.CallExpr)
	if !ok {
		v.fail("an option is not a call (%s)", types.ExprString(x))
		return
	}
	fn := typeutil.StaticCallee(info, call)
	if fn == nil {
		v.fail("an option is not a call of a function (%s)", types.ExprString(x))
		return
	}
	o := packs.options[rules.FuncKey(fn.Origin())]
	if o == nil || o.pack != c.pack {
		v.fail("the option %s is not modelled", funcLabel(fn))
		return
	}
	switch {
	case o.Set == "":
	case o.To != nil:
		n, _ := o.model.parse(o.Set, *o.To)
		v.nums[o.Set] = n
	default:
		arg := argAt(call, *o.Arg)
		if arg == nil {
			v.fail("%s has no argument %d", funcLabel(fn), *o.Arg)
			return
		}
		c.set(v, o.Set, arg, false)
	}
}

// set sets a number of v to the value of x; a cap a wrapper sets again
// keeps the smaller value.
func (c *configEval) set(v *value, name string, x ast.Expr, wrapper bool) {
	if c.pack.model.params[name] == partsParam {
		parts, why := c.parts(x, 0)
		if why != "" {
			v.fail("%s", why)
			return
		}
		v.parts = parts
		return
	}
	iv, ok := (&evaluator{l: c.l, scope: c.scope}).eval(x)
	if !ok || !iv.isPoint() {
		v.fail("%s is not a constant (%s)", name, types.ExprString(x))
		return
	}
	n := iv.lo
	if old, ok := v.nums[name]; ok && wrapper && constant.Compare(old, token.LSS, n) {
		n = old
	}
	v.nums[name] = n
}

// parts reads a delay made of parts: a function of the pack's
// components, or a call that combines several.
func (c *configEval) parts(x ast.Expr, depth int) ([]string, string) {
	info := c.l.pass.TypesInfo
	x = ast.Unparen(x)
	switch x := x.(type) {
	case *ast.Ident, *ast.SelectorExpr:
		if fn, ok := info.Uses[identOf(x)].(*types.Func); ok {
			if row := packs.components[rules.FuncKey(fn.Origin())]; row != nil && row.Is != "" {
				return []string{row.Is}, ""
			}
			return nil, "the delay function " + funcLabel(fn) + " is not modelled"
		}
	case *ast.CallExpr:
		if fn := typeutil.StaticCallee(info, x); fn != nil && depth < maxEvalDepth {
			if row := packs.components[rules.FuncKey(fn.Origin())]; row != nil && row.Combines != nil {
				var out []string
				for _, arg := range x.Args[min(*row.Combines, len(x.Args)):] {
					p, why := c.parts(arg, depth+1)
					if why != "" {
						return nil, why
					}
					out = append(out, p...)
				}
				return out, ""
			}
		}
	}
	return nil, "the delay function is not one the inventory models (" + types.ExprString(x) + ")"
}

func (v *value) fail(format string, args ...any) {
	if v.why == "" {
		v.why = fmt.Sprintf(format, args...)
	}
}

func identOf(x ast.Expr) *ast.Ident {
	switch x := x.(type) {
	case *ast.Ident:
		return x
	case *ast.SelectorExpr:
		return x.Sel
	}
	return nil
}

// namedOf returns the named type of t or of what t points to.
func namedOf(t types.Type) *types.Named {
	if t == nil {
		return nil
	}
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, _ := types.Unalias(t).(*types.Named)
	if n != nil {
		n = n.Origin()
	}
	return n
}
