package retrysite

import (
	"fmt"
	"strings"
)

// HelperFact marks a function that retries one of its function-typed
// parameters: a call of it is a retry site.
type HelperFact struct {
	// Operation is the index of the parameter that is retried.
	Operation int
	// Jitter, Attempts, Elapsed and Cancel are the helper's policy as far
	// as it does not depend on the caller's arguments.
	Jitter, Attempts, Elapsed, Cancel Tri
	// ContextParam is the index of the context parameter whose cancellation
	// is the helper's only bound, or -1.
	ContextParam int
	// PolicyParam is the index of the parameter that carries the backoff or
	// options, or -1.
	PolicyParam int
	// ClassifierParam is the index of the predicate parameter that alone
	// decides which errors are retried, or -1; NilClassified is what the
	// helper makes of a nil predicate: no when it retries every error.
	ClassifierParam int
	NilClassified   Tri
	// Verdict: the operation's boolean result, returned beside its
	// error, decides whether the helper goes round again, so the
	// operation a caller passes is what classifies.
	Verdict bool
	// ByCallers: the helper goes round on every error its operation
	// returns, with no classifier of its own, so what a caller's
	// operation returns is what classifies: it is judged at each call.
	ByCallers bool
	// Framework and Retries, for a helper that passes its operation to a
	// framework's retry, are that site's (transactions.go). RollsBack
	// says the framework runs the operation in a transaction it rolls
	// back; Rollback are then the operation's parameters that are the
	// transaction or carry it (a context that holds it).
	Framework, Retries string
	RollsBack          bool
	Rollback           []int
}

func (*HelperFact) AFact() {}

func (f *HelperFact) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "retryHelper(op=%d", f.Operation)
	if f.ContextParam >= 0 {
		fmt.Fprintf(&b, ", ctx=%d", f.ContextParam)
	}
	if f.PolicyParam >= 0 {
		fmt.Fprintf(&b, ", policy=%d", f.PolicyParam)
	}
	if f.ClassifierParam >= 0 {
		fmt.Fprintf(&b, ", classifier=%d nil-classified=%s", f.ClassifierParam, f.NilClassified)
	}
	if f.Verdict {
		b.WriteString(", verdict")
	}
	if f.ByCallers {
		b.WriteString(", by-callers")
	}
	if f.Framework != "" {
		fmt.Fprintf(&b, ", framework=%s", f.Framework)
		if f.RollsBack {
			fmt.Fprintf(&b, " rollback=%v", f.Rollback)
		}
	}
	fmt.Fprintf(&b, ", jitter=%s attempts=%s elapsed=%s cancel=%s)", f.Jitter, f.Attempts, f.Elapsed, f.Cancel)
	return b.String()
}

// RandomFact marks a function whose result depends on a random source:
// a delay computed by it has jitter. Maybe marks one whose result comes
// from a function value or an interface it cannot read: it may be random.
type RandomFact struct {
	Maybe bool
	// Field, for a method, names the field of its receiver whose zero
	// value turns its random component off (if b.Jitter > 0 { d +=
	// rand.N(b.Jitter) }); "" when it is random whatever its fields.
	Field string
}

func (*RandomFact) AFact() {}

func (f *RandomFact) String() string {
	switch {
	case f.Maybe:
		return "maybe random"
	case f.Field != "":
		return "random unless " + f.Field + " is zero"
	}
	return "random"
}

// BackoffFact marks a function shaped like a backoff (it returns a
// time.Duration computed from an attempt count or a previous delay), or a
// package-level variable that holds one, whose delays have no random
// component. Reported says its own package uses it as a retry delay and
// reports it there, at its declaration: other packages need not.
type BackoffFact struct {
	Reported bool
}

func (*BackoffFact) AFact() {}

func (f *BackoffFact) String() string {
	if f.Reported {
		return "backoff without jitter, reported"
	}
	return "backoff without jitter"
}

// WaitFact marks a function that blocks for the duration in one of its
// parameters (a context-aware sleep, say): in a loop it is a wait.
type WaitFact struct {
	Delay int // index of the duration parameter
}

func (*WaitFact) AFact()           {}
func (f *WaitFact) String() string { return fmt.Sprintf("wait(delay=%d)", f.Delay) }

// packageFact says what a package exports, so that packages importing
// none of it are skipped before any work.
type packageFact struct {
	Helpers, Random, Waits bool
	// Policies: interface methods its retry loops classify by.
	Policies bool
}

func (*packageFact) AFact() {}

func (f *packageFact) String() string {
	s := fmt.Sprintf("retrysite(helpers=%t, random=%t, waits=%t", f.Helpers, f.Random, f.Waits)
	if f.Policies {
		s += ", policies=true"
	}
	return s + ")"
}
