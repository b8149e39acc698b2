package clockunits

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/types"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/internal/analysisutil"
	"github.com/retrylint/retrylint/rules"
)

//go:embed doc.go
var doc string

// Analyzer finds units derived from the wall clock with the builtin
// rules.
var Analyzer = New(rules.Default())

// New returns a clockunits analyzer that reads the clocks of r.
func New(r *rules.Rules) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:       "clockunits",
		Doc:        analysisutil.Doc(doc),
		URL:        "https://github.com/retrylint/retrylint/blob/main/docs/checks/clockunits.md",
		ResultType: reflect.TypeFor[*Result](),
		FactTypes:  []analysis.Fact{new(Fact), new(packageFact)},
		Run: func(pass *analysis.Pass) (any, error) {
			if !r.Enabled("wallclock") || !mayRead(pass, r) {
				return &Result{}, nil
			}
			c := newChecker(pass, r)
			c.export()
			return &Result{c: c}, nil
		},
	}
}

// Result answers, for a retried operation of the package, which units it
// derives from the wall clock.
type Result struct{ c *checker }

// Unit is a unit derived from the wall clock that an operation writes or
// reads.
type Unit struct {
	Read
	// Clock is the read of the clock, when it is in this package; for one
	// in another package, Read.Posn says where it is.
	Clock *ast.CallExpr
}

// In returns the units the operation n (a closure, a loop's body, a
// function's body) writes or reads, at any depth of calls; a unit it
// only returns is not one.
func (r *Result) In(n ast.Node) []*Unit {
	if r.c == nil || n == nil {
		return nil
	}
	return units(r.c.scan(n, false))
}

// Of returns the units a call of fn writes or reads. Unit.Via is empty
// for a unit fn makes itself, and names the function that makes it
// otherwise.
func (r *Result) Of(fn *types.Func) []*Unit {
	if r.c == nil {
		return nil
	}
	var out []read
	for _, x := range r.c.summary(fn) {
		if x.Param >= 0 || x.Result || x.Signed || x.Time {
			continue
		}
		out = append(out, x)
	}
	return units(out)
}

func units(reads []read) []*Unit {
	out := make([]*Unit, len(reads))
	for i, r := range reads {
		out[i] = &Unit{Read: r.Read, Clock: r.clock}
	}
	return out
}

// Fact marks a function that derives a unit from the wall clock: it
// reads the clock and makes a day, an hour or a date-named key of it
// (Param < 0), or makes one of the time its caller passes (Param >= 0).
type Fact struct {
	Reads []Read
}

// Read is one unit a function derives.
type Read struct {
	// Param is the index of the parameter whose time the unit is made
	// of, or -1 when the function reads the clock itself.
	Param int
	// Posn is where the function reads the clock (Param < 0):
	// file.go:12:9.
	Posn string
	// Noun is the unit, for messages: "day", "hour", "date".
	Noun string
	// What says how it is made: "time.Now().Format(\"2006-01-02\")".
	What string
	// Result: the unit is the function's result and it does nothing else
	// with it; what its caller does with the result decides.
	Result bool
	// Via is the function, called on the way, that derives the unit
	// ("" when it is this one), as messages name it.
	Via string
	// Signed: the time of the parameter goes into a signature too (a
	// request signed with the date): it is the signature's time, which
	// every attempt must take afresh, not a unit.
	Signed bool
	// Time: the function returns the time it read from the clock (with
	// Result), no unit yet: its callers make units of it.
	Time bool
}

func (*Fact) AFact() {}

func (f *Fact) String() string {
	var parts []string
	for _, r := range f.Reads {
		s := r.Noun + " " + r.What
		if r.Param >= 0 {
			s = fmt.Sprintf("%s from parameter %d", s, r.Param)
		}
		if r.Result {
			s += " (result)"
		}
		if r.Signed {
			s += " (signed)"
		}
		if r.Time {
			s = "time " + r.What + " (result)"
		}
		parts = append(parts, s)
	}
	return "wallclock: " + strings.Join(parts, "; ")
}

// packageFact says that a package exports Facts: a package that imports
// no clock and no package with this fact derives no unit from the clock.
type packageFact struct{}

func (*packageFact) AFact()         {}
func (*packageFact) String() string { return "wallclock" }

// maxReads bounds the reads a fact carries: the first say where to look.
const maxReads = 4

// mayRead is the fast path's test: the package imports a package that
// exports Facts, or it calls a clock or makes a unit of a time (most
// packages import time; few read the clock or format a date).
func mayRead(pass *analysis.Pass, r *rules.Rules) bool {
	clockPkgs, clockNames := map[string]bool{}, map[string]bool{}
	for name := range r.Clocks {
		clockPkgs[rules.PackageOf(name)] = true
		clockNames[name[strings.LastIndexByte(name, '.')+1:]] = true
	}
	imports := false
	for _, imp := range pass.Pkg.Imports() {
		if clockPkgs[imp.Path()] {
			imports = true
		}
		var pf packageFact
		if pass.ImportPackageFact(imp, &pf) {
			return true
		}
	}
	if !imports {
		return false
	}
	for id, obj := range pass.TypesInfo.Uses {
		fn, ok := obj.(*types.Func)
		if !ok {
			continue
		}
		if clockNames[id.Name] && r.IsClock(fn) || r.TimeUnit(fn) != nil {
			return true
		}
	}
	return false
}

type checker struct {
	pass   *analysis.Pass
	rules  *rules.Rules
	decls  map[*types.Func]*ast.FuncDecl
	parent map[ast.Node]ast.Node
	uses   map[*types.Var][]*ast.Ident
	sums   map[*types.Func][]read
	busy   map[*types.Func]bool
	// clockVars are the package-level variables initialised with a
	// function (var now = time.Now), by the function.
	clockVars map[*types.Var]*types.Func
	// paramUses memoises useOfParam.
	paramUses map[*types.Func]map[int]useKind
}

// read is a unit derived from the clock: a Read, with the clock read
// when it is in this package.
type read struct {
	Read
	clock *ast.CallExpr // the clock read, in this package, or nil
}

func newChecker(pass *analysis.Pass, r *rules.Rules) *checker {
	c := &checker{
		pass:      pass,
		rules:     r,
		decls:     map[*types.Func]*ast.FuncDecl{},
		parent:    map[ast.Node]ast.Node{},
		uses:      map[*types.Var][]*ast.Ident{},
		sums:      map[*types.Func][]read{},
		busy:      map[*types.Func]bool{},
		paramUses: map[*types.Func]map[int]useKind{},
		clockVars: map[*types.Var]*types.Func{},
	}
	for _, f := range pass.Files {
		var stack []ast.Node
		ast.Inspect(f, func(n ast.Node) bool {
			if n == nil {
				stack = stack[:len(stack)-1]
				return true
			}
			if len(stack) > 0 {
				c.parent[n] = stack[len(stack)-1]
			}
			stack = append(stack, n)
			switch n := n.(type) {
			case *ast.FuncDecl:
				if fn, ok := pass.TypesInfo.Defs[n.Name].(*types.Func); ok {
					c.decls[fn] = n
				}
			case *ast.ValueSpec:
				if len(n.Names) == len(n.Values) {
					for i, id := range n.Names {
						v, ok := pass.TypesInfo.Defs[id].(*types.Var)
						if !ok || v.Parent() != pass.Pkg.Scope() {
							continue
						}
						var fn types.Object
						switch x := ast.Unparen(n.Values[i]).(type) {
						case *ast.Ident:
							fn = pass.TypesInfo.Uses[x]
						case *ast.SelectorExpr:
							fn = pass.TypesInfo.Uses[x.Sel]
						}
						if fn, ok := fn.(*types.Func); ok {
							c.clockVars[v] = fn
						}
					}
				}
			}
			return true
		})
	}
	for id, obj := range pass.TypesInfo.Uses {
		if v, ok := obj.(*types.Var); ok && !v.IsField() {
			c.uses[v] = append(c.uses[v], id)
		}
	}
	for _, ids := range c.uses {
		slices.SortFunc(ids, func(x, y *ast.Ident) int { return int(x.Pos() - y.Pos()) })
	}
	return c
}

// export exports the Fact of every function of the package that derives
// a unit from the clock, in source order.
func (c *checker) export() {
	var fns []*types.Func
	for fn := range c.decls {
		fns = append(fns, fn)
	}
	slices.SortFunc(fns, func(x, y *types.Func) int { return int(x.Pos() - y.Pos()) })
	exported := false
	for _, fn := range fns {
		reads := c.summary(fn)
		if len(reads) == 0 {
			continue
		}
		f := &Fact{}
		for _, r := range reads {
			if len(f.Reads) == maxReads {
				break
			}
			f.Reads = append(f.Reads, r.Read)
		}
		c.pass.ExportObjectFact(fn, f)
		exported = true
	}
	if exported {
		c.pass.ExportPackageFact(&packageFact{})
	}
}

// summary returns the units fn derives: from the clock it reads, in its
// body or in the functions it calls, and from the times its parameters
// hold.
func (c *checker) summary(fn *types.Func) []read {
	fn = fn.Origin()
	if fn.Pkg() != c.pass.Pkg {
		var f Fact
		if !c.pass.ImportObjectFact(fn, &f) {
			return nil
		}
		out := make([]read, len(f.Reads))
		for i, r := range f.Reads {
			if r.Via == "" {
				r.Via = name(fn)
			}
			out[i] = read{Read: r}
		}
		return out
	}
	if reads, ok := c.sums[fn]; ok {
		return reads
	}
	d := c.decls[fn]
	if d == nil || d.Body == nil || c.busy[fn] {
		return nil // recursion ends here
	}
	c.busy[fn] = true
	reads := c.scan(d.Body, true)
	// The units made of the times in its parameters.
	i := 0
	for _, field := range d.Type.Params.List {
		names := field.Names
		if len(names) == 0 {
			i++
			continue
		}
		for _, id := range names {
			if v, ok := c.pass.TypesInfo.Defs[id].(*types.Var); ok && c.rules.IsTime(v.Type()) {
				var params []read
				signs := false
				for _, u := range c.derivedFromVar(v, "", map[*types.Var]bool{}) {
					if u.time {
						continue // the parameter's time returned: no unit, and no clock
					}
					r, k := c.judge(u, nil, true)
					r.Param = i
					if k&signed != 0 {
						signs = true
						params = append(params, r)
					} else if k != 0 {
						params = append(params, r)
					}
				}
				for j := range params {
					params[j].Signed = signs
				}
				reads = append(reads, params...)
			}
			i++
		}
	}
	reads = dedupe(reads)
	delete(c.busy, fn)
	c.sums[fn] = reads
	return reads
}

func dedupe(reads []read) []read {
	var out []read
	seen := map[string]bool{}
	for _, r := range reads {
		key := fmt.Sprintf("%d %s %v %s %v", r.Param, r.Posn, r.clock, r.What, r.Result)
		if !seen[key] {
			seen[key] = true
			out = append(out, r)
		}
	}
	return out
}

// scan finds the units derived from the clock in n: at its clock reads,
// and in the functions it calls. fn says n is a function's body: a unit
// it returns is its result, for its caller to judge; otherwise (a retried
// operation) a unit returned is no write of the operation.
func (c *checker) scan(n ast.Node, fn bool) []read {
	var out []read
	ast.Inspect(n, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if c.isClock(call) {
			// A time that goes into a signature anywhere is the time of
			// the signature: every attempt must sign with the current one.
			var reads []read
			signs := false
			for _, u := range c.derive(call, "", map[*types.Var]bool{}) {
				if u.time {
					if fn { // a function that returns the time it read
						r := read{Read: u.Read, clock: call}
						r.Posn, r.Time, r.Result = c.posn(call), true, true
						reads = append(reads, r)
					}
					continue
				}
				r, k := c.judge(u, call, fn)
				if k&signed != 0 {
					signs = true
				}
				if k&(used|returned) != 0 {
					reads = append(reads, r)
				}
			}
			if !signs {
				out = append(out, reads...)
			}
			return true
		}
		callee := staticCallee(c.pass.TypesInfo, call)
		if callee == nil {
			return true
		}
		for _, r := range c.summary(callee) {
			if r.Param >= 0 {
				continue // made where a caller passes a time of the clock: derive
			}
			if r.Time {
				// The callee returns a time of the clock: the units are
				// made of the call, here.
				out = append(out, c.ofReturnedTime(call, callee, r, fn)...)
				continue
			}
			if r.Via == "" {
				r.Via = name(callee)
			}
			if r.Result {
				k := c.use(call, map[*types.Var]bool{})
				switch {
				case k&signed != 0:
					continue
				case k&used != 0:
					r.Result = false
				case k&returned == 0 || !fn:
					continue
				}
			}
			out = append(out, r)
		}
		return true
	})
	return out
}

// ofReturnedTime returns the units made of call, which returns the time
// of the clock read r says.
func (c *checker) ofReturnedTime(call *ast.CallExpr, callee *types.Func, r read, fn bool) []read {
	var out []read
	for _, u := range c.derive(call, "", map[*types.Var]bool{}) {
		if u.time {
			if fn {
				t := r
				t.Via = ""
				out = append(out, t) // returned on: still a time
			}
			continue
		}
		x, k := c.judge(u, r.clock, fn)
		if k&signed != 0 {
			return nil // the time of a signature
		}
		if k&(used|returned) != 0 {
			x.Posn = r.Posn
			if r.clock == nil {
				x.Via = name(callee) // the clock is read there, in another package
			}
			out = append(out, x)
		}
	}
	return out
}

// judge decides what a derived unit is: written or read (used), only
// returned (a Read with Result, in a function's body), signed, or
// nothing (0).
func (c *checker) judge(u unit, clock *ast.CallExpr, fn bool) (read, useKind) {
	r := read{Read: u.Read, clock: clock}
	r.Param = -1
	if clock != nil {
		r.Posn = c.posn(clock)
	}
	if u.direct {
		if u.Signed {
			return r, signed
		}
		return r, used
	}
	k := c.use(u.expr, map[*types.Var]bool{})
	switch {
	case k&signed != 0:
		return r, signed
	case k&used != 0:
		return r, used
	case k&returned != 0 && fn:
		r.Result = true
		return r, returned
	}
	return r, 0
}

func (c *checker) posn(n ast.Node) string {
	p := c.pass.Fset.Position(n.Pos())
	return fmt.Sprintf("%s:%d:%d", shortFile(p.Filename), p.Line, p.Column)
}

func shortFile(file string) string {
	if i := strings.LastIndexAny(file, `/\`); i >= 0 {
		return file[i+1:]
	}
	return file
}

// Name names a function as messages do: pkg.Func, pkg.T.Method.
func Name(fn *types.Func) string { return name(fn) }

func name(fn *types.Func) string {
	if fn.Pkg() == nil {
		return fn.Name()
	}
	return strings.NewReplacer(fn.Pkg().Path()+".", fn.Pkg().Name()+".", "(", "", ")", "", "*", "").Replace(rules.FuncKey(fn))
}
