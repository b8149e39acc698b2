package retrysite

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/rules"
)

// Where an operation's failures come from decides whether a retry that
// goes round at once can herd: one against another process (a server, a
// database) loads what every client shares, one against this machine
// does not. A function reaches another process when it calls one of the
// rules' remote packages (net, net/http, database/sql, gRPC), a method
// of one of their interfaces (a net.Conn's Write, an http.RoundTripper's
// RoundTrip), or a function that does, in its package or, through
// ReachFact, in another. A call through an interface of the code
// analysed, or of a function value, is not followed: it may reach
// anything, and the model says nothing of it.

// ReachFact marks a function whose calls reach another process.
type ReachFact struct{}

func (*ReachFact) AFact()         {}
func (*ReachFact) String() string { return "reaches another process" }

// reachPackageFact marks a package with a function that reaches another
// process: a package that imports none of them, and no remote package,
// has none, and is not walked.
type reachPackageFact struct{}

func (*reachPackageFact) AFact()         {}
func (*reachPackageFact) String() string { return "reaches another process" }

// reaches finds the package's functions that reach another process,
// exports their facts, and returns them.
func reaches(pass *analysis.Pass, r *rules.Rules) map[*types.Func]bool {
	if !mayReach(pass, r) {
		return nil
	}
	info := pass.TypesInfo
	remote := map[*types.Func]bool{}
	callers := map[*types.Func][]*types.Func{} // callee of the package -> its callers here
	var work []*types.Func
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			fn, _ := info.Defs[fd.Name].(*types.Func)
			if fn == nil {
				continue
			}
			direct := false
			seen := map[*types.Func]bool{}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok || direct {
					return !direct
				}
				callee := calleeOf(info, call)
				if callee == nil || seen[callee.Origin()] {
					return true
				}
				callee = callee.Origin()
				seen[callee] = true
				switch {
				case r.IsLocal(callee):
				case callee.Pkg() == pass.Pkg:
					callers[callee] = append(callers[callee], fn)
				case reachesOut(pass, r, callee):
					direct = true
				}
				return true
			})
			if direct && !remote[fn] {
				remote[fn] = true
				work = append(work, fn)
			}
		}
	}
	for len(work) > 0 {
		fn := work[len(work)-1]
		work = work[:len(work)-1]
		for _, caller := range callers[fn] {
			if !remote[caller] {
				remote[caller] = true
				work = append(work, caller)
			}
		}
	}
	for fn := range remote {
		pass.ExportObjectFact(fn, new(ReachFact))
	}
	if len(remote) > 0 {
		pass.ExportPackageFact(new(reachPackageFact))
	}
	return remote
}

// reachesOut says whether a function of another package reaches another
// process: the rules say so, or its package's analysis did.
func reachesOut(pass *analysis.Pass, r *rules.Rules, fn *types.Func) bool {
	if r.IsRemote(fn) {
		return true
	}
	return fn.Pkg() != nil && pass.ImportObjectFact(fn, new(ReachFact))
}

// mayReach says whether a package imports a remote package or one with a
// function that reaches another process.
func mayReach(pass *analysis.Pass, r *rules.Rules) bool {
	for _, imp := range pass.Pkg.Imports() {
		if r.Remote[imp.Path()] || pass.ImportPackageFact(imp, new(reachPackageFact)) {
			return true
		}
	}
	return false
}

// reachesProcess says whether a call of fn, a function of this package
// or another, reaches another process.
func (a *analyzer) reachesProcess(fn *types.Func) bool {
	fn = fn.Origin()
	if a.rules.IsLocal(fn) {
		return false
	}
	if fn.Pkg() == a.pass.Pkg {
		return a.remote[fn]
	}
	return reachesOut(a.pass, a.rules, fn)
}
