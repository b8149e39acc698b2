package retrysite

import (
	"fmt"
	"go/ast"
	"go/token"
)

// Rule names one rule of the model: what made a place a retry site, what
// kept a loop from being one, or how a property of a site was judged.
// Every rule has an entry in ruleDocs, and docs/architecture.md lists
// them.
type Rule string

// A Decision is one step of the model's reasoning about a site, or about
// a loop it did not make a site: the rule that decided, the property it
// decided, the node it read and what it found there, in words a user
// reads ("goes round on the error of c.send").
type Decision struct {
	Rule Rule
	// What is the property decided: "site" for whether and why the place
	// is a retry at all, else one of the policy's properties ("jitter",
	// "attempts", "elapsed", "cancel", "classified") or another the
	// checks read.
	What string
	// At is the node the rule read; NoPos when it read the site itself.
	At   token.Pos
	Says string
}

// NotSite is a loop the model looked at as a retry and did not make a
// site, with the decisions that kept it silent.
type NotSite struct {
	Node  ast.Node
	Trace []Decision
}

// Decided returns the last decision on property what, or false.
func (s *Site) Decided(what string) (Decision, bool) {
	for i := len(s.Trace) - 1; i >= 0; i-- {
		if s.Trace[i].What == what {
			return s.Trace[i], true
		}
	}
	return Decision{}, false
}

// decide records a decision on the site.
func (s *Site) decide(r Rule, what string, at ast.Node, format string, args ...any) {
	s.Trace = append(s.Trace, decision(r, what, at, format, args...))
}

func decision(r Rule, what string, at ast.Node, format string, args ...any) Decision {
	d := Decision{Rule: r, What: what, Says: fmt.Sprintf(format, args...)}
	if at != nil {
		d.At = at.Pos()
	}
	return d
}

// Doc returns the rule's line in docs/architecture.md, or "".
func (r Rule) Doc() string { return ruleDocs[r] }

// Rules returns every rule of the model.
func Rules() []Rule {
	out := make([]Rule, 0, len(ruleDocs))
	for r := range ruleDocs {
		out = append(out, r)
	}
	return out
}

// The rules that make a call a site. Their documentation is ruleDocs.
const (
	ruleLibraryCall  Rule = "library.call"
	ruleClientCtor   Rule = "client.constructor"
	ruleHelperCall   Rule = "helper.call"
	ruleLoopFailure  Rule = "loop.failure-edge"
	ruleRedelivery   Rule = "redelivery.count"
	ruleDeclared     Rule = "declared.retried"
	ruleFrameworkRun Rule = "framework.dispatch"
	ruleTransaction  Rule = "transaction.rerun"
)

// ruleDocs is the one line that says what each rule decides.
var ruleDocs = map[Rule]string{
	ruleLibraryCall:  "a call of a retry library's entry point named by a rule pack's retry row",
	ruleClientCtor:   "the construction of a client that retries its requests, named by a rule pack's client row",
	ruleHelperCall:   "a call of a function that hands one of its function parameters to a retry site",
	ruleLoopFailure:  "a loop that runs an operation again only when its last execution failed",
	ruleRedelivery:   "a function that moves a message's attempt count on and hands it back to its queue",
	ruleDeclared:     "a function declared retried from outside the code, by configuration or directive",
	ruleFrameworkRun: "a task framework's dispatch or registration of a handler it runs again on failure",
	ruleTransaction:  "a call that reruns a function in a new transaction when the database aborts it",
}

// Explain writes the site's trace as a user reads it: a head line with
// the site's position and name, then one line per decision, each with
// the property it decided, what the rule found, the rule's ID and the
// position it read.
func (s *Site) Explain(fset *token.FileSet) []string {
	head := fmt.Sprintf("%s: %s", fset.Position(s.Node.Pos()), s.Headline())
	return append([]string{head}, explainTrace(fset, s.Trace)...)
}

// Headline is the head line of the site's explanation without its
// position: its name and kind.
func (s *Site) Headline() string { return fmt.Sprintf("%s (%s)", s.Name(), s.Kind) }

// Explain writes a loop kept silent as Site.Explain writes a site.
func (n *NotSite) Explain(fset *token.FileSet) []string {
	head := fmt.Sprintf("%s: %s", fset.Position(n.Node.Pos()), n.Headline())
	return append([]string{head}, explainTrace(fset, n.Trace)...)
}

// Headline is the head line of a silent loop's explanation without its
// position.
func (n *NotSite) Headline() string { return "not a retry" }

func explainTrace(fset *token.FileSet, trace []Decision) []string {
	var out []string
	for _, d := range trace {
		line := fmt.Sprintf("  %s: %s (rule %s", d.What, d.Says, d.Rule)
		if d.At.IsValid() {
			p := fset.Position(d.At)
			line += fmt.Sprintf(", at %d:%d", p.Line, p.Column)
		}
		out = append(out, line+")")
	}
	return out
}
