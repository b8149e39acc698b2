package effects

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/analyzers/internal/analysisutil"
	"github.com/retrylint/retrylint/rules"
)

// A command protocol's client (Redis, say) builds each command where the
// user asks for it (Incr builds INCR) and hands the command down through
// functions that take it as a parameter, through hooks held in struct
// fields, to a wire writer that sends whatever it is given. The writer is
// a rule of class any-command. A function that passes its parameter on to
// the writer, or to a function that does, sends its caller's command
// (CommandFact); a call of it with the command of its own caller is
// AnyCommand, which, like AnyMethod, only a retry of that very call makes
// a finding of. A command the function builds itself (a handshake's AUTH,
// a read it issues) is not followed: what it does is not known here.

// AnyCommand is the class of a call that sends a command its function
// received from its caller, whatever the command: INCR as readily as GET.
// Like AnyMethod, it is a call's effect, never a function's.
const AnyCommand = "any-command"

// maxCommandDepth bounds the expressions followed to a command's origin.
const maxCommandDepth = 8

// CommandFact marks a function that sends the command its caller passes
// it in parameter Param, whatever the command.
type CommandFact struct {
	Param int
	What  string // what sending does: "sends a Redis command"
	// Chain goes from the first call in the function to the writer.
	Chain []Hop
}

func (*CommandFact) AFact() {}

func (f *CommandFact) String() string {
	return fmt.Sprintf("sends the caller's command, from parameter %d (%s)", f.Param, chainNames(f.Chain))
}

// Command returns how fn sends its caller's command, or nil.
func (r *Result) Command(fn *types.Func) *CommandFact {
	if c, ok := r.commands[fn.Origin()]; ok {
		return c
	}
	var f CommandFact
	if fn.Pkg() != r.pass.Pkg && r.pass.ImportObjectFact(fn.Origin(), &f) {
		return &f
	}
	return nil
}

// commandSenders finds the functions that send their caller's command, to
// the fixed point. Hooks count: a call of a function-valued struct field
// runs each function of the package assigned to that field.
func (a *analyzer) commandSenders(funcs []*funcCtx) {
	a.hooks = a.funcFields()
	for grown := true; grown; {
		grown = false
		for _, f := range funcs {
			if a.result.commands[f.obj] != nil {
				continue
			}
			var found *CommandFact
			ast.Inspect(f.decl.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok || found != nil {
					return found == nil
				}
				arg, chain, what := a.commandSent(call)
				if arg == nil {
					return true
				}
				if p, ok := a.commandParam(arg, f, 0); ok {
					found = &CommandFact{Param: p, What: what, Chain: chain}
				}
				return found == nil
			})
			if found != nil {
				a.result.commands[f.obj] = found
				grown = true
			}
		}
	}
}

// commandEffect returns AnyCommand for a call that sends the command f's
// caller passed: the argument a writer rule or a sending function takes
// comes from a parameter of f.
func (a *analyzer) commandEffect(call *ast.CallExpr, f *funcCtx) *Effect {
	arg, chain, what := a.commandSent(call)
	if arg == nil {
		return nil
	}
	if _, ok := a.commandParam(arg, f, 0); !ok {
		return nil
	}
	return &Effect{Class: AnyCommand, What: what, Chain: chain}
}

// commandSent returns the command argument of a call that sends one, with
// the chain to the writer and what sending does: the command argument of
// a writer rule, the parameter a sending function sends on, or that of a
// sending function assigned to the struct field a call runs.
func (a *analyzer) commandSent(call *ast.CallExpr) (ast.Expr, []Hop, string) {
	fn, hop := a.callee(call)
	if fn != nil {
		if rule := a.effectRule(fn); rule != nil && rule.Class == AnyCommand && rule.Command != nil {
			if rule.Builtin && !rule.OwnModule && a.ownAPI(rule) {
				return nil, nil, ""
			}
			return analysisutil.Argument(call, *rule.Command), []Hop{hop}, rule.What
		}
		if c := a.result.Command(fn); c != nil {
			return analysisutil.Argument(call, rules.Arg(c.Param)), chain(hop, c.Chain), c.What
		}
		return nil, nil, ""
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil, nil, ""
	}
	s := a.pass.TypesInfo.Selections[sel]
	if s == nil || s.Kind() != types.FieldVal {
		return nil, nil, ""
	}
	field, _ := s.Obj().(*types.Var)
	for _, g := range a.hooks[field] {
		if c := a.result.Command(g); c != nil {
			return analysisutil.Argument(call, rules.Arg(c.Param)), chain(Hop{Name: a.name(g), Posn: a.posn(call.Pos())}, c.Chain), c.What
		}
	}
	return nil, nil, ""
}

// commandParam says which parameter of f a command expression comes
// from: the parameter itself, a method's result or a field of one
// (cmd.Args()), an element of one (for _, cmd := range cmds), or a local
// variable assigned one. The receiver is not followed: what a value holds
// in its fields was not chosen by this call's caller.
func (a *analyzer) commandParam(x ast.Expr, f *funcCtx, depth int) (int, bool) {
	if x == nil || depth > maxCommandDepth {
		return 0, false
	}
	switch x := ast.Unparen(x).(type) {
	case *ast.Ident:
		v, ok := a.pass.TypesInfo.Uses[x].(*types.Var)
		if !ok {
			return 0, false
		}
		if i, ok := f.scope.Params[v]; ok {
			return i, true
		}
		for _, d := range f.scope.Defs[v] {
			if d.Index >= 0 && !d.Range {
				continue // one result of a call: not the command it was given
			}
			if i, ok := a.commandParam(d.Expr, f, depth+1); ok {
				return i, true
			}
		}
	case *ast.SelectorExpr:
		if s := a.pass.TypesInfo.Selections[x]; s != nil && s.Kind() == types.FieldVal {
			return a.commandParam(x.X, f, depth+1)
		}
	case *ast.CallExpr:
		if sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr); ok && len(x.Args) == 0 {
			if s := a.pass.TypesInfo.Selections[sel]; s != nil && s.Kind() == types.MethodVal {
				return a.commandParam(sel.X, f, depth+1) // cmd.Args()
			}
		}
	case *ast.IndexExpr:
		return a.commandParam(x.X, f, depth+1)
	}
	return 0, false
}

// funcFields returns, for each function-valued struct field the package
// assigns, the package's functions it is assigned: in a composite literal
// (hooks{process: c.process}) or an assignment (h.process = c.process).
func (a *analyzer) funcFields() map[*types.Var][]*types.Func {
	out := map[*types.Var][]*types.Func{}
	add := func(field *types.Var, value ast.Expr) {
		if field == nil || !field.IsField() {
			return
		}
		if _, ok := field.Type().Underlying().(*types.Signature); !ok {
			return
		}
		if fn := a.funcValue(value); fn != nil && !slices.Contains(out[field], fn) {
			out[field] = append(out[field], fn)
		}
	}
	for _, file := range a.pass.Files {
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CompositeLit:
				for _, elt := range n.Elts {
					if kv, ok := elt.(*ast.KeyValueExpr); ok {
						if id, ok := kv.Key.(*ast.Ident); ok {
							field, _ := a.pass.TypesInfo.ObjectOf(id).(*types.Var)
							add(field, kv.Value)
						}
					}
				}
			case *ast.AssignStmt:
				if len(n.Lhs) != len(n.Rhs) {
					break
				}
				for i, lhs := range n.Lhs {
					if sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr); ok {
						if s := a.pass.TypesInfo.Selections[sel]; s != nil && s.Kind() == types.FieldVal {
							field, _ := s.Obj().(*types.Var)
							add(field, n.Rhs[i])
						}
					}
				}
			}
			return true
		})
	}
	return out
}

// funcValue returns the function a value names: a function or a method
// value (c.process), or nil.
func (a *analyzer) funcValue(x ast.Expr) *types.Func {
	switch x := ast.Unparen(x).(type) {
	case *ast.Ident:
		fn, _ := a.pass.TypesInfo.Uses[x].(*types.Func)
		return fn
	case *ast.SelectorExpr:
		if s := a.pass.TypesInfo.Selections[x]; s != nil {
			if s.Kind() == types.MethodVal {
				fn, _ := s.Obj().(*types.Func)
				return fn
			}
			return nil
		}
		fn, _ := a.pass.TypesInfo.Uses[x.Sel].(*types.Func) // pkg.Func
		return fn
	}
	return nil
}
