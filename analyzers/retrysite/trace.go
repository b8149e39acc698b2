package retrysite

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"strings"
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
	// checks read ("supervisor", "best-effort", "poller").
	What string
	// Value is what the decision made the property: Yes for a "site"
	// decision of a site, No for one of a loop kept silent.
	Value Tri
	// At is the node the rule read; NoPos when it read the site itself.
	At   token.Pos
	Says string
}

// NotSite is a loop the model looked at as a retry and did not make a
// site, with the decisions that kept it silent. Only a loop that waits,
// or calls a function one of whose results is an error, gets one: the
// other loops of a package are not retries by any reading.
type NotSite struct {
	Node  ast.Node
	Trace []Decision
}

// Decided returns the last decision on property what, or false.
func (s *Site) Decided(what string) (Decision, bool) {
	return last(s.Trace, what)
}

func last(trace []Decision, what string) (Decision, bool) {
	for i := len(trace) - 1; i >= 0; i-- {
		if trace[i].What == what {
			return trace[i], true
		}
	}
	return Decision{}, false
}

// decide records a decision that makes the place a site (what "site"),
// or that sets one of the site's marks (supervisor, best-effort, poller)
// to yes.
func (s *Site) decide(r Rule, what string, at ast.Node, format string, args ...any) {
	s.judge(r, what, Yes, at, format, args...)
}

// judge records a decision that gives property what the value v.
func (s *Site) judge(r Rule, what string, v Tri, at ast.Node, format string, args ...any) {
	s.Trace = append(s.Trace, decision(r, what, v, at, format, args...))
}

func decision(r Rule, what string, v Tri, at ast.Node, format string, args ...any) Decision {
	d := Decision{Rule: r, What: what, Value: v, Says: fmt.Sprintf(format, args...)}
	if at != nil {
		d.At = at.Pos()
	}
	return d
}

// properties are the policy's properties a decision may set, by name.
var properties = []string{"jitter", "attempts", "elapsed", "cancel", "classified"}

// prop returns the field of property what.
func (p *Policy) prop(what string) *Tri {
	switch what {
	case "jitter":
		return &p.Jitter
	case "attempts":
		return &p.Attempts
	case "elapsed":
		return &p.Elapsed
	case "cancel":
		return &p.Cancel
	case "classified":
		return &p.Classified
	}
	panic("retrysite: no property " + what)
}

// set gives property what the value v and records the rule that did.
func (p *Policy) set(r Rule, what string, v Tri, at ast.Node, format string, args ...any) {
	*p.prop(what) = v
	p.decide(r, what, at, format, args...)
}

// decide records the rule that gave property what its present value.
func (p *Policy) decide(r Rule, what string, at ast.Node, format string, args ...any) {
	p.trace = append(p.trace, decision(r, what, *p.prop(what), at, format, args...))
}

// decided says whether the last decision on property what holds: it
// gave the property the value it has.
func (p *Policy) decided(what string) bool {
	d, ok := last(p.trace, what)
	return ok && d.Value == *p.prop(what)
}

// seal records, for each property whose value no decision of p gave it,
// that the configuration at x set it without a rule: the trace stays
// true to the value, at the innermost expression that settled it, and
// the gap shows (a golden that shows one fails TestRulesShown).
func (p *Policy) seal(x ast.Node) {
	for _, what := range properties {
		if v := *p.prop(what); v != Unknown && !p.decided(what) {
			p.decide(ruleUnattributed, what, x, "%s is %s by %s", what, valueWord[v], short(x))
		}
	}
}

// settle orders the site's trace (what made it a site, then its
// policy's decisions, then its marks) and records, for each property
// whose value no recorded rule gave it, that the model set it without
// one: the trace then always ends, for each property, on the decision
// that holds.
func (s *Site) settle() {
	var sites, marks []Decision
	for _, d := range s.Trace {
		if d.What == "site" {
			sites = append(sites, d)
		} else {
			marks = append(marks, d)
		}
	}
	p := &s.Policy
	for _, what := range properties {
		switch {
		case p.decided(what):
		case *p.prop(what) == Unknown:
			p.decide(ruleNotKnown, what, nil, "nothing the model reads says")
		default:
			p.decide(ruleUnattributed, what, nil, "%s is %s", what, valueWord[*p.prop(what)])
		}
	}
	s.Trace = append(append(sites, p.trace...), marks...)
	p.trace = nil
}

// short is an expression as a user reads it in a trace line, cut when
// long.
func short(n ast.Node) string {
	var s string
	switch n := n.(type) {
	case ast.Expr:
		s = types.ExprString(n)
	case *ast.ExprStmt:
		s = types.ExprString(n.X)
	case *ast.AssignStmt:
		var lhs, rhs []string
		for _, x := range n.Lhs {
			lhs = append(lhs, types.ExprString(x))
		}
		for _, x := range n.Rhs {
			rhs = append(rhs, types.ExprString(x))
		}
		s = strings.Join(lhs, ", ") + " " + n.Tok.String() + " " + strings.Join(rhs, ", ")
	default:
		return fmt.Sprintf("the %T", n)
	}
	if len(s) > 60 {
		s = s[:57] + "..."
	}
	return s
}

// Doc returns the rule's line in docs/architecture.md, or "".
func (r Rule) Doc() string { return ruleDocs[r] }

// Group returns the group of rules r is listed under in
// docs/architecture.md.
func (r Rule) Group() string { return ruleGroups[r] }

// Rules returns every rule of the model, sorted.
func Rules() []Rule {
	out := make([]Rule, 0, len(ruleDocs))
	for r := range ruleDocs {
		out = append(out, r)
	}
	slices.Sort(out)
	return out
}

// Explain writes the site's trace as a user reads it: a head line with
// the site's position and name, then one line per decision, each with
// the property it decided and its value, what the rule found, the rule's
// ID and the position it read.
func (s *Site) Explain(fset *token.FileSet) []string {
	head := fmt.Sprintf("%s: %s", position(fset, s.Node.Pos()), s.Headline())
	return append([]string{head}, explainTrace(fset, s.Trace)...)
}

// Headline is the head line of the site's explanation without its
// position: its name and kind.
func (s *Site) Headline() string { return fmt.Sprintf("%s (%s)", s.Name(), s.Kind) }

// Explain writes a loop kept silent as Site.Explain writes a site.
func (n *NotSite) Explain(fset *token.FileSet) []string {
	head := fmt.Sprintf("%s: %s", position(fset, n.Node.Pos()), n.Headline())
	return append([]string{head}, explainTrace(fset, n.Trace)...)
}

// Headline is the head line of a silent loop's explanation without its
// position.
func (n *NotSite) Headline() string { return "not a retry" }

// position writes a position with the file's base name: a trace is read
// beside the file, and goldens do not depend on where the tree is.
func position(fset *token.FileSet, pos token.Pos) string {
	p := fset.Position(pos)
	return fmt.Sprintf("%s:%d:%d", filepath.Base(p.Filename), p.Line, p.Column)
}

var valueWord = map[Tri]string{Yes: "yes", No: "no", Unknown: "unknown"}

func explainTrace(fset *token.FileSet, trace []Decision) []string {
	var out []string
	for _, d := range trace {
		out = append(out, "  "+d.Text(fset))
	}
	return out
}

// Text is the decision as an explanation prints it: the property, with
// its value unless it is "site", what the rule found, the rule, and the
// line and column it read.
func (d Decision) Text(fset *token.FileSet) string {
	what := d.What
	if d.What != "site" {
		what += " " + valueWord[d.Value]
	}
	line := fmt.Sprintf("%s: %s (rule %s", what, d.Says, d.Rule)
	if d.At.IsValid() {
		p := fset.Position(d.At)
		line += fmt.Sprintf(", at %d:%d", p.Line, p.Column)
	}
	return line + ")"
}
