package driver

import (
	"go/token"
	"slices"

	"golang.org/x/tools/go/analysis"
)

// A Join reports what no one package shows alone: a fact of one package
// meeting a fact of another that does not import it (a call of an
// interface method in one, the implementations in packages it never
// imports). After every package is done, Run receives the package fact
// of type Fact of every package of the run that has one, analysed or
// answered from the cache, in the run's order (go list's), and returns
// what the check named Check reports on each of them, index for index.
//
// Only this driver sees every package of a run: under go vet, nogo or
// golangci-lint a check sees one package and its imports, and a Join
// does not run.
//
// A Join's package facts do not make a package's importers relevant, nor
// make them read the schema: they are for the end of the run, not for
// the packages above.
type Join struct {
	Check string
	Fact  analysis.Fact
	Run   func(facts []analysis.Fact) [][]Diagnostic
}

// join runs the Joins whose check is on, adding what they report to the
// packages named.
func (r *run) join() {
	for _, j := range r.opt.Joins {
		if !slices.ContainsFunc(r.opt.Analyzers, func(a *analysis.Analyzer) bool { return a.Name == j.Check }) {
			continue
		}
		name := factName(j.Fact)
		var facts []analysis.Fact
		var owners []*node
		for _, n := range r.nodes {
			if f := n.facts.pkg[name]; f != nil {
				facts = append(facts, f)
				owners = append(owners, n)
			}
		}
		if len(facts) == 0 {
			continue
		}
		for i, diags := range j.Run(facts) {
			n := owners[i]
			if !n.root || len(diags) == 0 {
				continue
			}
			if n.diags == nil {
				n.diags = map[string][]Diagnostic{}
			}
			for k := range diags {
				if diags[k].Category == "" {
					diags[k].Category = j.Check // as the check's own reports
				}
			}
			n.diags[j.Check] = append(n.diags[j.Check], diags...)
		}
	}
}

// NewDiagnostic returns a diagnostic of a Join at [start, end) of a file.
func NewDiagnostic(start, end token.Position, message string) Diagnostic {
	return Diagnostic{Posn: start.String(), End: end.String(), Message: message,
		Start: position(start), Stop: position(end), TextEnd: end.String()}
}

// Relate adds related information at [start, end) of a file.
func (d *Diagnostic) Relate(start, end token.Position, message string) {
	d.Related = append(d.Related, Related{Posn: start.String(), End: end.String(), Message: message, Start: position(start), Stop: position(end)})
}
