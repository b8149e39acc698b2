// Command compare runs today's retry model (retrysite) and the failure-edge
// definition on SSA over the same packages, and prints where they agree,
// where they differ, what each costs, and which labelled hazards and
// near-misses each finds.
//
//	compare [-dir DIR] [-gopath DIR] [-module PATH] [-labels GLOB]... PATTERN...
//
// With -gopath, the patterns are loaded in GOPATH mode from that folder
// (the checks' testdata); otherwise as packages of the module in -dir.
// It is a tool for measuring, kept out of the retrylint binary.
package main

import (
	"flag"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/analysis/passes/buildssa"
	"golang.org/x/tools/go/analysis/passes/ctrlflow"
	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"
	"gopkg.in/yaml.v3"

	"github.com/retrylint/retrylint/analyzers/internal/failedge"
	"github.com/retrylint/retrylint/analyzers/retrysite"
	"github.com/retrylint/retrylint/rules"
)

// cost is what one step took on one package.
type cost struct {
	time  time.Duration
	alloc uint64
}

func measure(f func()) cost {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	start := time.Now()
	f()
	d := time.Since(start)
	runtime.ReadMemStats(&after)
	return cost{d, after.TotalAlloc - before.TotalAlloc}
}

// pkgCosts are the costs of one root package.
type pkgCosts struct {
	retrysite, buildssa, lazy cost
	funcs, lazyFuncs          int
}

var costs = map[string]*pkgCosts{}

func costOf(path string) *pkgCosts {
	if costs[path] == nil {
		costs[path] = &pkgCosts{}
	}
	return costs[path]
}

// timed returns a copy of a that records its run's cost.
func timed(a *analysis.Analyzer, set func(*pkgCosts, cost)) *analysis.Analyzer {
	c := *a
	run := a.Run
	c.Run = func(pass *analysis.Pass) (any, error) {
		var res any
		var err error
		k := measure(func() { res, err = run(pass) })
		set(costOf(pass.Pkg.Path()), k)
		return res, err
	}
	return &c
}

var (
	timedSite = timed(retrysite.Analyzer, func(p *pkgCosts, c cost) { p.retrysite = c })
	timedSSA  = timed(buildssa.Analyzer, func(p *pkgCosts, c cost) { p.buildssa = c })
)

// loopRecord is one loop or recursive call, as each model sees it.
type loopRecord struct {
	pos     token.Position
	node    string
	mine    failedge.Decision
	minePos func(token.Pos) token.Position
	// funcFrom, funcTo are the lines of the function that holds it.
	funcFrom, funcTo int
	today            string // retry, poller, silent, or "" when it did not look
	todaySay         string
	lazySame         bool
}

var records = map[string][]*loopRecord{} // by package path
var todayOnly = map[string][]*loopRecord{}

var opts failedge.Options

var definition = &analysis.Analyzer{
	Name:     "failedge",
	Doc:      "compare the failure-edge definition with retrysite",
	Requires: []*analysis.Analyzer{timedSSA, timedSite, ctrlflow.Analyzer},
	Run:      run,
}

func run(pass *analysis.Pass) (any, error) {
	path := pass.Pkg.Path()
	full := pass.ResultOf[timedSSA].(*buildssa.SSA)
	mine := map[string]*loopRecord{}
	var order []string
	decide := func(funcs []*ssa.Function) map[string]failedge.Decision {
		out := map[string]failedge.Decision{}
		for _, fn := range funcs {
			if fn.Parent() != nil {
				continue
			}
			for _, d := range failedge.Analyze(fn, opts) {
				out[key(pass.Fset.Position(d.Pos))] = d
			}
		}
		return out
	}
	for _, fn := range full.SrcFuncs {
		if fn.Parent() != nil || fn.Synthetic != "" {
			continue
		}
		costOf(path).funcs++
		for _, d := range failedge.Analyze(fn, opts) {
			p := pass.Fset.Position(d.Pos)
			r := &loopRecord{pos: p, node: nodeName(d.Loop), mine: d, minePos: pass.Fset.Position}
			if syn := fn.Syntax(); syn != nil {
				r.funcFrom, r.funcTo = pass.Fset.Position(syn.Pos()).Line, pass.Fset.Position(syn.End()).Line
			}
			if _, dup := mine[key(p)]; !dup {
				order = append(order, key(p))
			}
			mine[key(p)] = r
		}
	}
	// The lazy build: only the functions that hold a loop or call
	// themselves get a body.
	var lazyFuncs []*ssa.Function
	k := measure(func() {
		lazyFuncs = failedge.Build(pass.Fset, pass.Pkg, pass.Files, pass.TypesInfo, rules.Default().IsExit)
	})
	costOf(path).lazy = k
	costOf(path).lazyFuncs = len(lazyFuncs)
	lazy := decide(lazyFuncs)
	for _, r := range mine {
		l, ok := lazy[key(r.pos)]
		r.lazySame = ok && l.Kind == r.mine.Kind
	}

	res := pass.ResultOf[timedSite].(*retrysite.Result)
	for _, s := range res.Sites {
		if s.Kind != retrysite.Loop {
			continue
		}
		p := pass.Fset.Position(s.Node.Pos())
		say := ""
		if d, ok := s.Decided("site"); ok {
			say = string(d.Rule) + ": " + d.Says
		}
		status := "retry"
		if s.Poller {
			status = "poller"
		}
		if r := mine[key(p)]; r != nil {
			r.today, r.todaySay = status, say
		} else {
			r := &loopRecord{pos: p, node: nodeName(s.Node), today: status, todaySay: say}
			if s.Enclosing != nil {
				r.funcFrom, r.funcTo = pass.Fset.Position(s.Enclosing.Pos()).Line, pass.Fset.Position(s.Enclosing.End()).Line
			}
			todayOnly[path] = append(todayOnly[path], r)
		}
	}
	for _, ns := range res.NotSites {
		p := pass.Fset.Position(ns.Node.Pos())
		if r := mine[key(p)]; r != nil && r.today == "" {
			r.today = "silent"
			if n := len(ns.Trace); n > 0 {
				r.todaySay = string(ns.Trace[n-1].Rule) + ": " + ns.Trace[n-1].Says
			}
		}
	}
	for _, k := range order {
		records[path] = append(records[path], mine[k])
	}
	return nil, nil
}

func key(p token.Position) string { return fmt.Sprintf("%s:%d", p.Filename, p.Line) }

func nodeName(n ast.Node) string {
	switch n.(type) {
	case *ast.ForStmt:
		return "for"
	case *ast.RangeStmt:
		return "range"
	case *ast.LabeledStmt:
		return "label"
	case nil, *ast.CallExpr:
		return "call"
	}
	return fmt.Sprintf("%T", n)
}

// label is a hazard or near-miss as the first-contact files write it.
type label struct {
	Module string `yaml:"module"`
	At     string `yaml:"at"`
	End    int    `yaml:"end"`
	Check  string `yaml:"check"`
	Why    string `yaml:"why"`
	file   string
	line   int
	kind   string
}

func main() {
	dir := flag.String("dir", ".", "the module's folder")
	gopath := flag.String("gopath", "", "load the patterns in GOPATH mode from this folder")
	module := flag.String("module", "", "the module whose labels to match")
	var labelGlobs multi
	flag.Var(&labelGlobs, "labels", "a glob of first-contact hazard or near-miss files (repeatable)")
	verbose := flag.Bool("v", false, "print every loop, not only the disagreements")
	flag.Parse()

	r := rules.Default()
	opts = failedge.Options{IsWait: func(fn *types.Func) bool { return r.Wait(fn) != nil }, IsRandom: r.IsRandom}

	cfg := &packages.Config{Mode: packages.LoadAllSyntax, Dir: *dir}
	if *gopath != "" {
		abs, _ := filepath.Abs(*gopath)
		cfg.Env = append(os.Environ(), "GOPATH="+abs, "GO111MODULE=off", "GOFLAGS=")
		cfg.Dir = filepath.Join(abs, "src")
	} else {
		cfg.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	}
	root, _ = filepath.Abs(cfg.Dir)
	loadStart := time.Now()
	pkgs, err := packages.Load(cfg, flag.Args()...)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	var ok []*packages.Package
	for _, p := range pkgs {
		if len(p.Errors) > 0 {
			fmt.Fprintf(os.Stderr, "skipping %s: %v\n", p.PkgPath, p.Errors[0])
			continue
		}
		ok = append(ok, p)
	}
	fmt.Printf("loaded %d packages in %v\n", len(ok), time.Since(loadStart).Round(time.Millisecond))
	graph, err := checker.Analyze([]*analysis.Analyzer{definition}, ok, &checker.Options{Sequential: true})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	var ctrl time.Duration
	for act := range graph.All() {
		if act.Analyzer == ctrlflow.Analyzer {
			ctrl += act.Duration
		}
		if act.Err != nil && act.IsRoot {
			fmt.Fprintf(os.Stderr, "%s on %s: %v\n", act.Analyzer.Name, act.Package.PkgPath, act.Err)
		}
	}
	report(*verbose, ctrl)
	if len(labelGlobs) > 0 {
		matchLabels(labelGlobs, *module, *dir)
	}
}

type multi []string

func (m *multi) String() string     { return strings.Join(*m, ",") }
func (m *multi) Set(s string) error { *m = append(*m, s); return nil }

func mineClass(d failedge.Decision) string {
	switch d.Kind {
	case failedge.Retry:
		return "retry"
	case failedge.PollerBackoff:
		return "poller-backoff"
	case failedge.Poller:
		return "poller"
	}
	return "no"
}

func report(verbose bool, ctrl time.Duration) {
	var paths []string
	for p := range costs {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	// The confusion table: today's retry (a loop site not marked
	// poller) against mine (retry).
	var both, todayOnlyN, mineOnly, neither, lazyDiff int
	table := map[[2]string]int{}
	var disagreements []string
	for _, p := range paths {
		for _, r := range records[p] {
			today := r.today
			if today == "" {
				today = "unseen"
			}
			mine := mineClass(r.mine)
			table[[2]string{today, mine}]++
			if !r.lazySame {
				lazyDiff++
			}
			tr, mr := today == "retry", mine == "retry"
			switch {
			case tr && mr:
				both++
			case tr:
				todayOnlyN++
			case mr:
				mineOnly++
			default:
				neither++
			}
			if !r.lazySame {
				disagreements = append(disagreements, fmt.Sprintf("%s:%d lazy SSA build decides otherwise than the full one", rel(r.pos.Filename), r.pos.Line))
			}
			if tr != mr || verbose {
				line := fmt.Sprintf("%s:%d [%s] today=%s mine=%s/%s", rel(r.pos.Filename), r.pos.Line, r.node, today, mine, r.mine.Rule)
				if r.mine.Op.IsValid() {
					line += fmt.Sprintf(" op@%d", r.minePos(r.mine.Op).Line)
				}
				if r.mine.Test.IsValid() {
					line += fmt.Sprintf(" test@%d", r.minePos(r.mine.Test).Line)
				}
				line += "\n    mine:  " + r.mine.Says + "\n    today: " + r.todaySay
				disagreements = append(disagreements, line)
			}
		}
		for _, r := range todayOnly[p] {
			todayOnlyN++
			table[[2]string{r.today, "no-loop"}]++
			disagreements = append(disagreements, fmt.Sprintf("%s:%d [%s] today=%s mine=(no loop here)\n    today: %s", rel(r.pos.Filename), r.pos.Line, r.node, r.today, r.todaySay))
		}
	}
	fmt.Printf("\nconfusion (retry = today's loop site not a poller; mine's kind retry):\n")
	fmt.Printf("  both %d, only today %d, only mine %d, neither %d\n", both, todayOnlyN, mineOnly, neither)
	fmt.Printf("  full table (today x mine):\n")
	var keys [][2]string
	for k := range table {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i][0]+keys[i][1] < keys[j][0]+keys[j][1] })
	for _, k := range keys {
		fmt.Printf("    %-8s x %-15s %d\n", k[0], k[1], table[k])
	}
	fmt.Printf("  decisions that differ between the full and the lazy SSA build: %d\n", lazyDiff)
	fmt.Printf("\ndisagreements (and, with -v, every loop):\n")
	for _, d := range disagreements {
		fmt.Println(d)
	}
	fmt.Printf("\ncost per package (time, allocated MB): retrysite | buildssa | lazy ssa (functions kept/all)\n")
	var tot pkgCosts
	for _, p := range paths {
		c := costs[p]
		if c.buildssa.time == 0 {
			continue // a dependency, which retrysite reads for its facts
		}
		fmt.Printf("  %-70s %8v %6.1f | %8v %6.1f | %8v %6.1f (%d/%d)\n", p,
			c.retrysite.time.Round(time.Microsecond), mb(c.retrysite.alloc),
			c.buildssa.time.Round(time.Microsecond), mb(c.buildssa.alloc),
			c.lazy.time.Round(time.Microsecond), mb(c.lazy.alloc), c.lazyFuncs, c.funcs)
		add(&tot.retrysite, c.retrysite)
		add(&tot.buildssa, c.buildssa)
		add(&tot.lazy, c.lazy)
		tot.funcs += c.funcs
		tot.lazyFuncs += c.lazyFuncs
	}
	fmt.Printf("  %-70s %8v %6.1f | %8v %6.1f | %8v %6.1f (%d/%d)\n", "TOTAL",
		tot.retrysite.time.Round(time.Millisecond), mb(tot.retrysite.alloc),
		tot.buildssa.time.Round(time.Millisecond), mb(tot.buildssa.alloc),
		tot.lazy.time.Round(time.Millisecond), mb(tot.lazy.alloc), tot.lazyFuncs, tot.funcs)
	fmt.Printf("  ctrlflow (buildssa's requirement, run on every dependency for its facts): %v\n", ctrl.Round(time.Millisecond))
}

func add(a *cost, b cost) { a.time += b.time; a.alloc += b.alloc }

func mb(n uint64) float64 { return float64(n) / (1 << 20) }

var root string

func rel(name string) string {
	if root != "" {
		if r, err := filepath.Rel(root, name); err == nil && !strings.HasPrefix(r, "..") {
			return r
		}
	}
	return name
}

// matchLabels says, for each hazard and near-miss of the module, whether
// it lies on a hand-written loop (a loop or recursive call at its line,
// else the innermost loop holding it) and which model makes that loop a
// retry.
func matchLabels(globs []string, module, dir string) {
	abs, _ := filepath.Abs(dir)
	var all []*loopRecord
	for _, rs := range records {
		all = append(all, rs...)
	}
	for _, rs := range todayOnly {
		all = append(all, rs...)
	}
	for _, g := range globs {
		files, _ := filepath.Glob(g)
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				fmt.Fprintln(os.Stderr, err)
				continue
			}
			var labels []label
			if err := yaml.Unmarshal(data, &labels); err != nil {
				fmt.Fprintf(os.Stderr, "%s: %v\n", f, err)
				continue
			}
			kind := "hazard"
			if strings.Contains(f, "nearmiss") {
				kind = "near-miss"
			}
			for _, l := range labels {
				if l.Module != module {
					continue
				}
				file, line, _ := strings.Cut(l.At, ":")
				var n int
				fmt.Sscan(line, &n)
				name := filepath.Join(abs, file)
				var at, in *loopRecord
				for _, r := range all {
					if r.pos.Filename != name {
						continue
					}
					if r.pos.Line == n {
						if at == nil || r.today != "" {
							at = r
						}
					}
				}
				how := "at"
				if at == nil {
					// The innermost of my loops holding the line.
					for _, r := range all {
						if r.pos.Filename != name || r.mine.Loop == nil || r.pos.Line > n {
							continue
						}
						end := r.minePos(r.mine.Loop.End()).Line
						if n <= end && (in == nil || r.pos.Line > in.pos.Line) {
							in = r
						}
					}
					at, how = in, "in"
				}
				if at == nil {
					// A recursion in the function that starts at the line.
					for _, r := range all {
						if r.pos.Filename == name && r.node == "call" && r.funcFrom <= n && n <= r.funcTo {
							if at == nil || r.today != "" || r.minePos != nil && r.mine.Kind == failedge.Retry {
								at, how = r, "recursion in the function at"
							}
						}
					}
				}
				if at == nil {
					fmt.Printf("%s %s %s %s: no loop (a library call or another kind of site)\n", kind, l.Check, module, l.At)
					continue
				}
				today := at.today
				if today == "" {
					today = "unseen"
				}
				mine := "-"
				if at.minePos != nil {
					mine = mineClass(at.mine)
				}
				fmt.Printf("%s %s %s %s: loop %s line %d [%s] today=%s mine=%s\n    why: %s\n", kind, l.Check, module, l.At, how, at.pos.Line, at.node, today, mine, l.Why)
			}
		}
	}
}

func init() {
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: compare [-dir DIR] [-gopath DIR] [-module PATH] [-labels GLOB]... PATTERN...")
		flag.PrintDefaults()
	}
	if wd, err := os.Getwd(); err == nil {
		root = wd
	}
}
