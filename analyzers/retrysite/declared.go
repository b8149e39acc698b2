package retrysite

import (
	"fmt"
	"go/ast"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/rules"
)

// Some retries are not in the code: an orchestrator runs a task again
// when it fails (Airflow's task retries, a Kubernetes Job's
// backoffLimit, a cron wrapper, a queue that redelivers a message whose
// handler failed). The project declares them, in the configuration's
// retried: entries or by a directive in the function's doc comment:
//
//	//retrylint:retried 3 Airflow task retries
//
// A declared function is a retry site whose operation is its own body:
// everything it reaches runs again on each attempt. Its policy says only
// that the attempts are capped: the orchestrator's delays, caps and the
// failures it retries are its configuration, not code.

// Declared is the kind of a site that is a function retried from outside
// the code.
const Declared = Redelivery + 1

// directivePrefix starts a //retrylint:retried directive.
const directivePrefix = "//retrylint:retried"

// Declaration says who retries a declared function, and where that is
// said.
type Declaration struct {
	Func     string // the function, as messages name it: Exporter.Run
	Attempts int    // the most runs, the first included
	By       string // who retries, in the project's words
	// Where names the declaration: "in .retrylint.yml:4", or "by
	// //retrylint:retried".
	Where string
	// Directive is the directive's comment; nil for a configuration
	// entry.
	Directive *ast.Comment
}

// Malformed is a //retrylint:retried directive that declares nothing,
// or a retried: entry of the configuration that names no function of
// the package it names (reported at the package clause): the checks that
// read declared retries report it.
type Malformed struct {
	Node    ast.Node
	Message string
}

// declaredSites returns a site for each function of the package that the
// configuration or a directive declares retried, and the directives that
// cannot be read.
func (a *analyzer) declaredSites(funcs []*ast.FuncDecl) ([]*Site, []*Malformed) {
	var sites []*Site
	var malformed []*Malformed
	docs := map[*ast.CommentGroup]bool{}
	named := map[*rules.Retried]bool{}
	for _, d := range funcs {
		if d.Doc != nil {
			docs[d.Doc] = true
		}
		fn := a.pass.TypesInfo.Defs[d.Name].(*types.Func)
		var decl *Declaration
		if r := a.rules.RetriedFunc(fn); r != nil {
			named[r] = true
			decl = &Declaration{Attempts: r.Attempts, By: r.By, Where: "in " + r.Where()}
		}
		if d.Doc != nil {
			for _, c := range d.Doc.List {
				dir, bad := parseRetried(c)
				if bad != nil {
					malformed = append(malformed, bad)
				}
				if dir != nil && decl == nil {
					decl = dir
				}
			}
		}
		if decl == nil || d.Body == nil {
			continue
		}
		decl.Func = declaredName(fn)
		p := unknownPolicy()
		p.set(rulePolicyDeclared, "attempts", Yes, d.Name, "%d runs at most, by %s", decl.Attempts, decl.By)
		site := &Site{Kind: Declared, Node: d, Enclosing: d, Operation: d.Body, Policy: p, Declaration: decl}
		site.decide(ruleDeclared, "site", d.Name, "%s is declared retried %s", fn.Name(), decl.Where)
		sites = append(sites, site)
	}
	// An entry that names no function of its package (a misspelling, a
	// function renamed since) declares nothing either.
	if len(a.pass.Files) > 0 {
		for _, r := range a.rules.RetriedIn(a.pass.Pkg.Path()) {
			if !named[r] {
				malformed = append(malformed, &Malformed{a.pass.Files[0].Name, fmt.Sprintf("%s: retried: %s names no function of package %s: nothing is judged as retried for it", r.Where(), r.Func, a.pass.Pkg.Path())})
			}
		}
	}
	// A directive anywhere else declares nothing: say so rather than
	// leave the project believing its function is judged as retried.
	for _, f := range a.pass.Files {
		for _, g := range f.Comments {
			if docs[g] {
				continue
			}
			for _, c := range g.List {
				if isRetried(c.Text) {
					malformed = append(malformed, &Malformed{c, "retrylint:retried declares nothing here: put it in the doc comment of the function that is retried"})
				}
			}
		}
	}
	return sites, malformed
}

// isRetried reports whether a comment is a //retrylint:retried directive,
// and not a longer word.
func isRetried(text string) bool {
	rest, ok := strings.CutPrefix(text, directivePrefix)
	return ok && (rest == "" || rest[0] == ' ' || rest[0] == '\t')
}

// parseRetried reads a //retrylint:retried <attempts> <who retries>
// directive: the declaration, or why there is none; both nil for another
// comment.
func parseRetried(c *ast.Comment) (*Declaration, *Malformed) {
	if !isRetried(c.Text) {
		return nil, nil
	}
	const form = "//retrylint:retried <attempts> <who retries>"
	fields := strings.Fields(strings.TrimPrefix(c.Text, directivePrefix))
	for i, f := range fields {
		if strings.HasPrefix(f, "//") { // a trailing comment
			fields = fields[:i]
			break
		}
	}
	if len(fields) == 0 {
		return nil, &Malformed{c, "retrylint:retried needs the attempts and who retries: " + form}
	}
	n, err := strconv.Atoi(fields[0])
	switch {
	case err != nil:
		return nil, &Malformed{c, fmt.Sprintf("retrylint:retried: %q is not a number of attempts: %s", fields[0], form)}
	case n < 2:
		return nil, &Malformed{c, fmt.Sprintf("retrylint:retried: %d is too few attempts: a retried function runs at least twice, the first run included", n)}
	case len(fields) == 1:
		return nil, &Malformed{c, fmt.Sprintf("retrylint:retried needs who retries: //retrylint:retried %d <who retries>", n)}
	}
	return &Declaration{Attempts: n, By: strings.Join(fields[1:], " "), Where: "by //retrylint:retried", Directive: c}, nil
}

// declaredName names a function as messages do: Run, Exporter.Run.
func declaredName(fn *types.Func) string {
	recv := fn.Signature().Recv()
	if recv == nil {
		return fn.Name()
	}
	t := recv.Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := t.(*types.Named); ok {
		return n.Obj().Name() + "." + fn.Name()
	}
	return fn.Name()
}

// declares reports whether the package may declare a retried function:
// the configuration names one of its functions, or a file holds a
// directive.
func declares(pass *analysis.Pass, r *rules.Rules) bool {
	if r.RetriedPackages()[pass.Pkg.Path()] {
		return true
	}
	for _, f := range pass.Files {
		for _, g := range f.Comments {
			for _, c := range g.List {
				if isRetried(c.Text) {
					return true
				}
			}
		}
	}
	return false
}

// name is how messages name a declared retry: Exporter.Run (retried by
// Airflow task retries: 3 attempts, declared in .retrylint.yml:4).
func (d *Declaration) name() string {
	return fmt.Sprintf("%s (retried by %s: %d attempts, declared %s)", d.Func, d.By, d.Attempts, d.Where)
}
