package rules

import "go/types"

// Enqueue is a call that submits a task or job to a framework whose
// registered handler runs it (asynq's NewTask and Enqueue, River's
// Insert): the options it is given decide how many times the framework
// runs the handler for it.
type Enqueue struct {
	Call string `yaml:"call"`
	// Framework is the framework of the handlers that run what it
	// submits, as their retries rows name it.
	Framework string `yaml:"framework"`
	// Kind is the argument that names the task kind: a constant string
	// (asynq's task type), or a value whose type is the kind (River's job
	// args).
	Kind *Arg `yaml:"kind"`
	// Task is the argument holding a task built by another enqueue call
	// (asynq's Enqueue of a NewTask): its kind and options come first.
	Task *Arg `yaml:"task"`
	// Options is the first option argument: variadic options, or one
	// options value (River's *InsertOpts).
	Options *Arg `yaml:"options"`
	// Builds: the call builds a task without submitting it (asynq's
	// NewTask); an enqueue with task submits it, and a function that
	// returns it is a builder whose callers do.
	Builds bool `yaml:"builds"`

	Line int `yaml:"-"`
}

// Attempts is an option that sets how many times a framework runs a
// task: a call (asynq.MaxRetry(n)) or a field of an options literal
// (river.InsertOpts{MaxAttempts: n}).
type Attempts struct {
	Call  string `yaml:"call"`
	Field string `yaml:"field"`
	// Arg is the call's argument that holds the number.
	Arg *Arg `yaml:"arg"`
	// Counts is what the number counts: retries (the runs after the
	// first: 0 is no retry) or attempts (every run: 1 is no retry).
	Counts string `yaml:"counts"`
	// Unset is the value that leaves the framework's default in place
	// (River's MaxAttempts 0); nil if every value counts.
	Unset *int `yaml:"unset"`
	// Method, with Field, is a method of the task kind's type that
	// returns the options for every task of that kind (River's
	// InsertOpts()), which an enqueue's own options override.
	Method string `yaml:"method"`
	// Context, with call and framework, is the context argument the call
	// wraps: the context it returns carries the number to the calls of
	// that framework's retries rows with default-retries that are given
	// it (crdb.WithMaxRetries(ctx, n)).
	Context   *Arg   `yaml:"context"`
	Framework string `yaml:"framework"`

	Line int `yaml:"-"`
}

// Key is the name an Attempts row is indexed by: its call or field.
func (a *Attempts) Key() string {
	if a.Call != "" {
		return Normalize(a.Call)
	}
	return a.Field
}

// EnqueueOf returns the enqueue call fn is, or nil.
func (r *Rules) EnqueueOf(fn *types.Func) *Enqueue { return r.Enqueues[FuncKey(fn)] }

// AttemptsCall returns the attempt option a call of fn is, or nil.
func (r *Rules) AttemptsCall(fn *types.Func) *Attempts { return r.AttemptOptions[FuncKey(fn)] }

// ContextAttempts returns the option a call of fn is that sets the
// attempts of framework's retries on the context it returns, or nil.
func (r *Rules) ContextAttempts(fn *types.Func, framework string) *Attempts {
	a := r.AttemptOptions[FuncKey(fn)]
	if a == nil || a.Context == nil || a.Framework != framework {
		return nil
	}
	return a
}

// AttemptsField returns the attempt option field f of named type t is,
// or nil.
func (r *Rules) AttemptsField(t *types.Named, f *types.Var) *Attempts {
	obj := t.Origin().Obj()
	if obj.Pkg() == nil {
		return nil
	}
	return r.AttemptOptions[obj.Pkg().Path()+"."+obj.Name()+"."+f.Name()]
}

func (p *Pack) validateQueues() error {
	for _, e := range p.Enqueues {
		if !funcName.MatchString(e.Call) {
			return p.errorf(e.Line, "enqueues: call %q is not a function name like pkg.Func or (*pkg.T).Method", e.Call)
		}
		if e.Framework == "" {
			return p.errorf(e.Line, "enqueues: %s: framework is required", e.Call)
		}
		if (e.Kind == nil) == (e.Task == nil) {
			return p.errorf(e.Line, "enqueues: %s: give exactly one of kind and task", e.Call)
		}
		if e.Builds && e.Kind == nil {
			return p.errorf(e.Line, "enqueues: %s: a call that builds a task names its kind", e.Call)
		}
		for _, a := range []struct {
			what string
			arg  *Arg
		}{{"kind", e.Kind}, {"task", e.Task}, {"options", e.Options}} {
			if err := p.checkArg(e.Line, e.Call, a.what, a.arg, false); err != nil {
				return err
			}
		}
	}
	for _, a := range p.AttemptOptions {
		name := a.Call + a.Field
		if (a.Call == "") == (a.Field == "") {
			return p.errorf(a.Line, "attempts: give exactly one of call and field")
		}
		if a.Call != "" && (!funcName.MatchString(a.Call) || a.Arg == nil) {
			return p.errorf(a.Line, "attempts: %s: a call needs a function name and its arg", name)
		}
		if a.Field != "" && (!validField(a.Field) || a.Arg != nil) {
			return p.errorf(a.Line, "attempts: %s: a field is named pkg.Type.Field and takes no arg", name)
		}
		if a.Method != "" && (a.Field == "" || !ident.MatchString(a.Method)) {
			return p.errorf(a.Line, "attempts: %s: method is a method name, with field", name)
		}
		if a.Counts != "retries" && a.Counts != "attempts" {
			return p.errorf(a.Line, "attempts: %s: counts %q is not retries or attempts", name, a.Counts)
		}
		if err := p.checkArg(a.Line, name, "arg", a.Arg, false); err != nil {
			return err
		}
		if err := p.checkArg(a.Line, name, "context", a.Context, false); err != nil {
			return err
		}
		if (a.Context == nil) != (a.Framework == "") || (a.Context != nil && a.Call == "") {
			return p.errorf(a.Line, "attempts: %s: an option set on a context is a call with both context and framework", name)
		}
		if a.Context != nil && *a.Context == *a.Arg {
			return p.errorf(a.Line, "attempts: %s: context and arg are the same argument %s", name, a.Arg)
		}
	}
	return nil
}
