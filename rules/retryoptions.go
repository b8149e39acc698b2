package rules

import (
	"go/types"
	"slices"
)

// RetryOption says where a framework's retry policy is set when it is
// not an argument of the call that dispatches the retried work: on a
// context the dispatch is given (Temporal's
// workflow.WithActivityOptions(ctx, ao) before
// workflow.ExecuteActivity(ctx, ...)), or in a field of an options
// struct. Exactly one of Call and Field. The attempt cap is an attempts
// row (queues.go) of the policy's field.
type RetryOption struct {
	// Call returns a context derived from its Context argument with the
	// value of its Arg argument set on it, for the dispatches For names.
	Call    string `yaml:"call"`
	Context *Arg   `yaml:"context"`
	Arg     *Arg   `yaml:"arg"`
	For     []Name `yaml:"for"`
	// Field is pkg.Type.Field, a field of an options struct.
	Field string `yaml:"field"`
	// Sets is what the value is: options (a struct whose fields are
	// rows), policy (the retry policy; nil leaves the framework's
	// default), elapsed (a duration that caps the time of all attempts;
	// zero is no cap), terminal-types (the names of error types never
	// retried; empty is none), or run-elapsed (a duration that ends a
	// whole run, and every retry inside it: a workflow's run timeout).
	Sets string `yaml:"sets"`

	Line int `yaml:"-"`
}

// The values of RetryOption.Sets.
const (
	SetsOptions       = "options"
	SetsPolicy        = "policy"
	SetsElapsed       = "elapsed"
	SetsTerminalTypes = "terminal-types"
	SetsRunElapsed    = "run-elapsed"
)

// Key is the name a RetryOption row is indexed by: its call or field.
func (o *RetryOption) Key() string {
	if o.Call != "" {
		return Normalize(o.Call)
	}
	return o.Field
}

// Applies says whether a call row sets the options a dispatch of the
// retries row dispatch reads.
func (o *RetryOption) Applies(dispatch *Retry) bool {
	return slices.ContainsFunc(o.For, func(n Name) bool { return Normalize(n.Name) == Normalize(dispatch.Call) })
}

// RetryOptionCall returns the retry-options row of a call of fn, or nil.
func (r *Rules) RetryOptionCall(fn *types.Func) *RetryOption {
	if o := r.RetryOptions[FuncKey(fn)]; o != nil && o.Call != "" {
		return o
	}
	return nil
}

// RetryOptionField returns the retry-options row of field name of the
// named type t (through a pointer or an alias), or nil.
func (r *Rules) RetryOptionField(t types.Type, name string) *RetryOption {
	if o := r.RetryOptions[fieldKey(t, name)]; o != nil && o.Field != "" {
		return o
	}
	return nil
}

// AttemptsFieldNamed returns the attempts row of field name of the named
// type t (through a pointer or an alias), or nil.
func (r *Rules) AttemptsFieldNamed(t types.Type, name string) *Attempts {
	if a := r.AttemptOptions[fieldKey(t, name)]; a != nil && a.Field != "" {
		return a
	}
	return nil
}

func fieldKey(t types.Type, name string) string {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, _ := types.Unalias(t).(*types.Named)
	if n == nil || n.Origin().Obj().Pkg() == nil {
		return ""
	}
	obj := n.Origin().Obj()
	return obj.Pkg().Path() + "." + obj.Name() + "." + name
}

// RetryOptionPackages are the packages of the retry-options calls that
// apply to a dispatch: another function of one of them that derives a
// context from the first keeps its options (WithTaskQueue, WithCancel).
func (r *Rules) RetryOptionPackages(dispatch *Retry) []string {
	var out []string
	for _, o := range r.RetryOptions {
		if o.Call != "" && o.Applies(dispatch) && !slices.Contains(out, PackageOf(o.Call)) {
			out = append(out, PackageOf(o.Call))
		}
	}
	return out
}

func (p *Pack) validateRetryOptions() error {
	for _, o := range p.RetryOptions {
		name := o.Call + o.Field
		if (o.Call == "") == (o.Field == "") {
			return p.errorf(o.Line, "retry-options: give exactly one of call and field")
		}
		switch o.Sets {
		case SetsOptions, SetsPolicy, SetsElapsed, SetsTerminalTypes, SetsRunElapsed:
		default:
			return p.errorf(o.Line, "retry-options: %s: sets %q is not options, policy, elapsed, terminal-types or run-elapsed", name, o.Sets)
		}
		if o.Field != "" {
			if !validField(o.Field) || o.Arg != nil || o.Context != nil || len(o.For) > 0 {
				return p.errorf(o.Line, "retry-options: %s: a field is named pkg.Type.Field and takes no arg, context or for", name)
			}
			continue
		}
		if !funcName.MatchString(o.Call) || o.Arg == nil || o.Context == nil || len(o.For) == 0 {
			return p.errorf(o.Line, "retry-options: %s: a call needs a function name, its context and arg, and the dispatches it is for", name)
		}
		if o.Sets == SetsRunElapsed {
			return p.errorf(o.Line, "retry-options: %s: run-elapsed is a field of a start option, not a call", name)
		}
		for _, f := range o.For {
			if !funcName.MatchString(f.Name) {
				return p.errorf(f.Line, "retry-options: %s: for %q is not a function name like pkg.Func or (*pkg.T).Method", name, f.Name)
			}
		}
		if *o.Context == *o.Arg {
			return p.errorf(o.Line, "retry-options: %s: context and arg are the same argument", name)
		}
		for _, a := range []struct {
			what string
			arg  *Arg
		}{{"context", o.Context}, {"arg", o.Arg}} {
			if err := p.checkArg(o.Line, name, a.what, a.arg, false); err != nil {
				return err
			}
		}
	}
	return nil
}
