package retrysite

import (
	"fmt"
	"go/ast"
	"go/token"

	"github.com/retrylint/retrylint/rules"
)

// Tri is what the analysis knows of a property: unknown, yes or no.
type Tri int8

const (
	Unknown Tri = iota
	Yes
	No
)

func (t Tri) String() string {
	switch t {
	case Yes:
		return "yes"
	case No:
		return "no"
	}
	return "?"
}

func triOf(b bool) Tri {
	if b {
		return Yes
	}
	return No
}

// or combines two alternatives of which either may apply: yes if one
// is yes, no if both are no.
func (t Tri) or(u Tri) Tri {
	switch {
	case t == Yes || u == Yes:
		return Yes
	case t == No && u == No:
		return No
	}
	return Unknown
}

// Cause is the configuration that decided a property: where it is, the
// fix its rule offers, and the library package the fix's {pkg} names.
type Cause struct {
	Node    ast.Node
	Fix     *rules.Fix
	Library string // package path of the rule's library
	// Remedy is the rule's advice where it offers no fix.
	Remedy string
	// Label names the configuration in messages when the node alone does
	// not ("RandomizationFactor = 0"); "" if the node does.
	Label string
	// Backoff is the backoff function the delays come from, when it is
	// what has no jitter; Node is then where the retry takes it.
	Backoff *Backoff
}

// Classifier is the predicate that made a retry retry every error, for
// messages: a function or literal that returns true for every error, or a
// nil that the helper replaces with one.
type Classifier struct {
	// Node is the predicate as the retry site (or its configuration)
	// writes it.
	Node ast.Expr
	// Nil: the predicate is nil, and the helper that takes it treats nil
	// as "retry every error".
	Nil bool
	// Unset: the predicate is a setting the package leaves nil unless
	// its user configures one, and the site retries every error when it
	// is nil (p == nil || p(err)).
	Unset bool
	// Verdict: the predicate is the operation itself, which returns true
	// (go round) beside every error it meets.
	Verdict bool
	// Operation: there is no predicate; the helper retries every error
	// its operation returns, and the operation, Node, returns every error
	// it meets.
	Operation bool
}

// Policy is what a retry site does between and around attempts.
type Policy struct {
	Jitter   Tri
	Attempts Tri // an attempt cap
	Elapsed  Tri // an elapsed-time cap
	Cancel   Tri // ends with a context
	// Classified is yes when the retry tells terminal errors from
	// transient ones, no when it retries every error.
	Classified Tri
	// Retries is no when the configuration makes one attempt and no
	// retry (a gRPC retry interceptor without WithMax): a client with it
	// is no site (clients.go).
	Retries Tri
	// ReplacesTerminal: a value turned the library's terminal wrappers off
	// (avast: a RetryIf replaces the Unrecoverable check).
	ReplacesTerminal bool
	// TerminalIgnored: the operation returns a terminal wrapper that the
	// configuration ignores.
	TerminalIgnored bool

	// AtOnce is the call of the operation a loop with no wait goes round
	// on when it fails, when the call reaches another process (rule
	// jitter.at-once): jitter no, with nothing to randomise.
	AtOnce *ast.CallExpr `json:"-"`
	// JitterCause is the configuration that turned jitter off, if known.
	JitterCause *Cause `json:"-"`
	// CapCause is the configuration that removed the last cap, if known.
	CapCause *Cause `json:"-"`
	// Backoffs are the backoff functions of this package, without jitter,
	// that the delays may come from: the one JitterCause names, or each
	// value of a function-typed field assigned several.
	Backoffs []*Backoff `json:"-"`
	// Classifier is the predicate that made Classified no, if one did.
	Classifier *Classifier `json:"-"`
	// ClassifierParam is the index of the enclosing function's parameter
	// whose predicate alone decides which errors are retried, or -1; and
	// NilClassified is what a nil there means: yes if it retries nothing
	// or classifies, no if it retries every error.
	ClassifierParam int `json:"-"`
	NilClassified   Tri `json:"-"`

	// Param is the index of the enclosing function's parameter the whole
	// value comes from, or -1: the caller decides.
	Param int `json:"-"`
	// ContextParam is the index of the enclosing function's context
	// parameter that Cancel depends on, or -1.
	ContextParam int `json:"-"`

	// trace are the decisions that gave the properties their values, in
	// order: the last on each property holds (trace.go).
	trace []Decision
}

func unknownPolicy() Policy { return Policy{Param: -1, ContextParam: -1, ClassifierParam: -1} }

func (p Policy) String() string {
	return fmt.Sprintf("jitter=%s attempts=%s elapsed=%s cancel=%s", p.Jitter, p.Attempts, p.Elapsed, p.Cancel)
}

// Bounded says whether the retry gives up: yes if any cap holds, no if
// none can, unknown otherwise.
func (p Policy) Bounded() Tri {
	return p.Attempts.or(p.Elapsed).or(p.Cancel)
}

// apply overrides the properties that props sets, recording cause, and
// records rule r, which read them from the pack, as the decision: what
// names the row for the trace ("the default of retry.Do").
func (p *Policy) apply(r Rule, what string, props rules.Props, cause *Cause) {
	if props.Jitter != nil {
		p.set(r, "jitter", triOf(*props.Jitter), cause.Node, "%s", what)
		p.JitterCause, p.Backoffs = nil, nil
		if !*props.Jitter {
			p.JitterCause = cause
		}
	}
	set := func(name string, v *bool) {
		if v != nil {
			p.set(r, name, triOf(*v), cause.Node, "%s", what)
			if !*v {
				p.CapCause = cause
			}
		}
	}
	if props.Classified != nil {
		p.set(r, "classified", triOf(*props.Classified), cause.Node, "%s", what)
		p.Classifier = nil
	}
	if props.Retries != nil {
		p.Retries = triOf(*props.Retries)
	}
	set("attempts", props.Attempts)
	set("elapsed", props.Elapsed)
	set("cancel", props.Cancel)
	if !props.Empty() {
		p.Param = -1
	}
}

// override replaces the properties q knows, with the decisions that
// gave them their values.
func (p *Policy) override(q Policy) {
	taken := map[string]bool{}
	if q.Jitter != Unknown || len(q.Backoffs) > 0 {
		p.Jitter, p.JitterCause, p.Backoffs = q.Jitter, q.JitterCause, q.Backoffs
		taken["jitter"] = true
	}
	for _, f := range []struct {
		name     string
		dst, src *Tri
	}{{"attempts", &p.Attempts, &q.Attempts}, {"elapsed", &p.Elapsed, &q.Elapsed}, {"cancel", &p.Cancel, &q.Cancel}} {
		if *f.src != Unknown {
			*f.dst = *f.src
			taken[f.name] = true
			if *f.src == No && q.CapCause != nil {
				p.CapCause = q.CapCause
			}
		}
	}
	if q.Classified != Unknown {
		p.Classified, p.Classifier = q.Classified, q.Classifier
		taken["classified"] = true
	}
	p.take(q, taken)
	if q.Retries != Unknown {
		p.Retries = q.Retries
	}
	p.ReplacesTerminal = p.ReplacesTerminal || q.ReplacesTerminal
	if q.ContextParam >= 0 {
		p.ContextParam = q.ContextParam
	}
	if q.Param >= 0 && p.Param < 0 {
		p.Param = q.Param
	}
}

// combine merges alternatives that act together (CombineDelay's delays,
// failsafe's policies): jitter if any jitters, capped if any caps.
func (p *Policy) combine(q Policy) {
	jitter := p.Jitter.or(q.Jitter)
	if jitter == No && p.JitterCause == nil {
		p.JitterCause = q.JitterCause
	}
	p.Jitter = jitter
	if jitter == Yes {
		p.Backoffs = nil // a random delay added to theirs spreads them
	} else {
		p.Backoffs = append(p.Backoffs[:len(p.Backoffs):len(p.Backoffs)], q.Backoffs...)
	}
	p.Attempts = p.Attempts.or(q.Attempts)
	p.Elapsed = p.Elapsed.or(q.Elapsed)
	p.Cancel = p.Cancel.or(q.Cancel)
	p.Classified = p.Classified.or(q.Classified)
	// A value the combination changed is q's when q has it: its
	// decision holds.
	taken := map[string]bool{}
	for _, what := range properties {
		if !p.decided(what) && *q.prop(what) == *p.prop(what) {
			taken[what] = true
		}
	}
	p.take(q, taken)
	if p.Classified != No {
		p.Classifier = nil
	} else if p.Classifier == nil {
		p.Classifier = q.Classifier
	}
	p.ReplacesTerminal = p.ReplacesTerminal || q.ReplacesTerminal
	if p.Param < 0 {
		p.Param = q.Param
	}
	if p.ContextParam < 0 {
		p.ContextParam = q.ContextParam
	}
}

// take appends q's last decision on each property of taken.
func (p *Policy) take(q Policy, taken map[string]bool) {
	for _, what := range properties {
		if !taken[what] {
			continue
		}
		if d, ok := last(q.trace, what); ok {
			p.trace = append(p.trace, d)
		}
	}
}

// not is t's negation.
func (t Tri) not() Tri {
	switch t {
	case Yes:
		return No
	case No:
		return Yes
	}
	return Unknown
}

// boolean evaluates !x, x && y and x || y over Tri, with operand its
// evaluator; ok is false for any other expression.
func boolean(x ast.Expr, operand func(ast.Expr) Tri) (t Tri, ok bool) {
	switch y := ast.Unparen(x).(type) {
	case *ast.UnaryExpr:
		if y.Op == token.NOT {
			return operand(y.X).not(), true
		}
	case *ast.BinaryExpr:
		switch y.Op {
		case token.LAND:
			return and(operand(y.X), operand(y.Y)), true
		case token.LOR:
			return operand(y.X).or(operand(y.Y)), true
		}
	}
	return Unknown, false
}
