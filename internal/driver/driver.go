// Package driver runs analyzers over packages one at a time, as the go
// command's vet does, but in one process: each package is type-checked
// from its own source against its dependencies' export data, facts pass
// between packages keyed by object path, and a package's syntax and type
// information are dropped as soon as it is done. Packages that cannot
// matter to the analyzers are not type-checked at all, and the results
// and facts of every package are cached, keyed by everything they
// depend on.
package driver

import (
	"bytes"
	"context"
	"crypto/sha256"
	"fmt"
	"go/build"
	"go/token"
	"go/types"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/sync/semaphore"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/objectpath"
)

// Options configure a run.
type Options struct {
	// Analyzers are the checks whose diagnostics are reported, in the
	// order they are printed for each package.
	Analyzers []*analysis.Analyzer
	// Relevant lists the imports that let a package have findings or
	// facts; a package with none, whose direct dependencies carry no
	// package fact, and which holds no //retrylint: directive, is skipped.
	Relevant map[string]bool
	// Named lists the packages that are relevant themselves, whatever
	// they import: those the configuration names (a retried: entry).
	Named map[string]bool
	// SQL lists the imports that make a package read its module's
	// schema, with SQLFacts the analyzer whose package fact does too;
	// SchemaDigest hashes that schema's files, for the cache.
	SQL          map[string]bool
	SQLFacts     string
	SchemaDigest func(dir string) []byte
	// Tests analyses the packages' tests too, as go vet does, and
	// reports as go vet does: a package whose tests are in the package
	// once, as its test variant ("p [p.test]", which holds its files and
	// the tests'), named by its import path p; its external tests as
	// p_test.
	Tests bool
	// BuildFlags are given to go list: -tags.
	BuildFlags []string
	// JSON prints the diagnostics as the JSON tree of go/analysis
	// drivers; otherwise they are printed as text, each ended by the
	// check's name in parentheses, with Context lines of source around
	// each when it is not negative.
	JSON    bool
	Context int
	// Report, when set, receives what the checks reported on the packages
	// named, and the failures (a result with Failure set), in place of
	// the text or JSON output; the compiler's errors, the failures' lines
	// and analysis errors are still printed on Stderr. The run's status
	// is Report's: 1 if it fails, else 1 for errors, else 0.
	Report func([]PackageResult) error
	// Cache is the folder of the results cache, or "" for none; Tool
	// identifies the tool and its configuration in the cache's keys.
	Cache string
	Tool  []byte
	// Joins report, once every package is done, what no one package
	// shows alone (see Join).
	Joins []Join
	// Progress shows packages done of the total on Stderr.
	Progress bool
	Dir      string
	Stdout   io.Writer
	Stderr   io.Writer
}

// Run analyses the packages the patterns name and prints what the
// analyzers report. It returns the exit status of go/analysis drivers:
// 1 when a package could not be loaded or analysed, else 3 when a check
// reported something in text mode, else 0.
func Run(patterns []string, opt Options) int {
	pkgs, err := list(opt.Dir, patterns, opt.Tests, opt.BuildFlags)
	r := newRun(pkgs, opt)
	if err != nil {
		r.fatal = append(r.fatal, Failure{Message: err.Error()})
	} else if len(pkgs) == 0 {
		r.fatal = append(r.fatal, Failure{Message: strings.Join(patterns, " ") + " matched no packages"})
	}
	if r.fatal != nil {
		return r.print()
	}
	if name := os.Getenv(TraceEnv); name != "" {
		f, err := os.OpenFile(name, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o666)
		if err != nil {
			fmt.Fprintln(opt.Stderr, err)
			return 1
		}
		defer f.Close()
		r.trace = &tracer{f: f}
	}
	stop := limitMemory()
	r.analyse()
	stop()
	r.join()
	if u := r.universes[""]; u != nil {
		r.trace.log("universe holds %d MB of export data", u.bytes>>20)
	}
	return r.print()
}

// TraceEnv names a file to which the driver appends, for each package,
// how it was answered: "analysed ID", "cached ID" or "skipped ID". It is
// for tests and for finding out where a run spends its time.
const TraceEnv = "RETRYLINT_TRACE"

// tracer appends to the trace file, if one is named.
type tracer struct {
	mu sync.Mutex
	f  *os.File
}

func (t *tracer) log(format string, args ...any) {
	if t == nil {
		return
	}
	t.mu.Lock()
	fmt.Fprintf(t.f, format+"\n", args...)
	t.mu.Unlock()
}

// run is the state of one run.
type run struct {
	opt       Options
	nodes     []*node
	byID      map[string]*node
	roots     []*node
	fset      *token.FileSet
	depMode   []*analysis.Analyzer // run on dependencies: for their facts
	rootMode  []*analysis.Analyzer // run on the packages named
	factOwner map[string]*analysis.Analyzer
	joinFacts map[string]bool // the package facts that Joins read

	cache *cache

	uniMu     sync.Mutex
	importMu  sync.Mutex
	universes map[string]*universe
	variants  map[string]map[string]bool // test binary -> paths of its variants

	sizes types.Sizes

	progress *progress
	trace    *tracer

	// fatal are the failures that are no package's: the go command's,
	// or a pattern's that named no package.
	fatal []Failure

	// heavy bounds the source under analysis at once: a package's
	// syntax, types and analyzer state take about a hundred times its
	// size, so the biggest ones (generated SDKs) are analysed alone.
	heavy *semaphore.Weighted
}

// heavyBudget is the bytes of source analysed at once; a package larger
// than it runs alone.
const heavyBudget = 16 << 20

// weigh returns a package's weight for r.heavy.
func (r *run) weigh(files []file) int64 {
	var w int64
	for _, f := range files {
		w += int64(len(f.data))
	}
	return min(max(w, 1), heavyBudget)
}

// node is one package of the run.
type node struct {
	p     *listed
	index int
	id    string
	path  string
	deps  []*node // direct imports
	users []*node // packages that import this one
	root  bool
	uni   string
	skip  bool // a test binary's main package: nothing to analyse

	pending int // dependencies not done yet

	fileSum   []byte // of its files' names and contents
	typesOnce sync.Once
	typesSum  []byte

	// Results, set when the node is done.
	facts    *factSet
	digest   []byte // of its facts and those of its dependencies
	diags    map[string][]Diagnostic
	errs     []string // analyzer errors, as "name: message"
	loadErrs []Error
	failed   bool // not analysed: no facts, and dependents cannot be
	// why says why it was not analysed ("does not type-check"), unless
	// blame, the failed dependency it depends on, does.
	why   string
	blame *node
	// pattern, set for a package that is a pattern that named none
	// (go list's way of saying so), says what went wrong.
	pattern string
}

// culprit is the package whose errors kept n from being analysed.
func (n *node) culprit() *node {
	if n.blame != nil {
		return n.blame
	}
	return n
}

func newRun(pkgs []*listed, opt Options) *run {
	r := &run{
		opt:       opt,
		byID:      map[string]*node{},
		fset:      token.NewFileSet(),
		universes: map[string]*universe{},
		variants:  map[string]map[string]bool{},
		factOwner: map[string]*analysis.Analyzer{},
		joinFacts: map[string]bool{},
		sizes:     types.SizesFor("gc", build.Default.GOARCH),
		heavy:     semaphore.NewWeighted(heavyBudget),
	}
	for i, p := range pkgs {
		n := &node{p: p, index: i, id: p.ImportPath, path: pkgPath(p.ImportPath), root: !p.DepOnly, uni: universeName(p.ImportPath)}
		n.skip = testMain(p) || p.ImportPath == "unsafe"
		r.nodes = append(r.nodes, n)
		r.byID[n.id] = n
		if n.uni != "" {
			if r.variants[n.uni] == nil {
				r.variants[n.uni] = map[string]bool{}
			}
			r.variants[n.uni][n.path] = true
		}
	}
	for _, n := range r.nodes {
		for _, imp := range n.p.Imports {
			if d := r.byID[imp]; d != nil && d != n {
				n.deps = append(n.deps, d)
				d.users = append(d.users, n)
			}
		}
		if n.root && !n.skip {
			r.roots = append(r.roots, n)
		}
	}
	r.rootMode = closure(opt.Analyzers)
	var factful []*analysis.Analyzer
	for _, a := range r.rootMode {
		if len(a.FactTypes) > 0 {
			factful = append(factful, a)
		}
	}
	r.depMode = closure(factful)
	for _, a := range r.rootMode {
		for _, f := range a.FactTypes {
			r.factOwner[factName(f)] = a
			registerFact(f)
		}
	}
	for _, j := range opt.Joins {
		r.joinFacts[factName(j.Fact)] = true
	}
	if opt.Cache != "" {
		r.cache = &cache{dir: opt.Cache}
	}
	return r
}

// closure returns the analyzers and all they require, each after those
// it requires.
func closure(roots []*analysis.Analyzer) []*analysis.Analyzer {
	var out []*analysis.Analyzer
	seen := map[*analysis.Analyzer]bool{}
	var visit func(a *analysis.Analyzer)
	visit = func(a *analysis.Analyzer) {
		if seen[a] {
			return
		}
		seen[a] = true
		for _, req := range a.Requires {
			visit(req)
		}
		out = append(out, a)
	}
	for _, a := range roots {
		visit(a)
	}
	return out
}

// analyse processes every package, each after its dependencies, on as
// many goroutines as the process may run at once.
func (r *run) analyse() {
	var mu sync.Mutex
	cond := sync.NewCond(&mu)
	var ready []*node
	left := len(r.nodes)
	for _, n := range r.nodes {
		n.pending = len(n.deps)
		if n.pending == 0 {
			ready = append(ready, n)
		}
	}
	for _, n := range r.nodes {
		if n.uni != "" {
			r.universeOf(n.uni).left++
		}
	}
	if r.opt.Progress {
		r.progress = newProgress(r.opt.Stderr, len(r.nodes))
	}
	workers := runtime.GOMAXPROCS(0)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				for len(ready) == 0 && left > 0 {
					cond.Wait()
				}
				if left == 0 {
					mu.Unlock()
					return
				}
				// The earliest package in go list's order first: the
				// plain packages before the test variants, so that a test
				// binary's packages are done together.
				best := 0
				for i, n := range ready {
					if n.index < ready[best].index {
						best = i
					}
				}
				n := ready[best]
				ready[best] = ready[len(ready)-1]
				ready = ready[:len(ready)-1]
				mu.Unlock()

				r.process(n)

				mu.Lock()
				left--
				for _, u := range n.users {
					if u.pending--; u.pending == 0 {
						ready = append(ready, u)
					}
				}
				cond.Broadcast()
				mu.Unlock()
				if r.progress != nil {
					r.progress.done()
				}
			}
		}()
	}
	wg.Wait()
	if r.progress != nil {
		r.progress.finish()
	}
}

// process analyses one package, or answers it from the cache.
func (r *run) process(n *node) {
	defer r.release(n)
	n.facts = emptyFacts
	if n.skip {
		n.digest = r.chainDigest(n, nil)
		return
	}
	for _, d := range n.deps {
		if d.failed && n.blame == nil {
			n.blame = d.culprit() // no export data to check it against
		}
	}
	if n.blame != nil {
		r.skipped(n)
		return
	}
	if n.p.Error != nil && len(n.p.CompiledGoFiles) == 0 {
		if n.root && pseudo(n.p) {
			n.pattern = patternError(r.dir(), n.p)
		} else {
			n.loadErrs = append(n.loadErrs, r.listError(n))
			n.why = "could not be loaded"
		}
		r.skipped(n)
		return
	}
	files, err := r.readFiles(n)
	if err != nil {
		n.loadErrs = append(n.loadErrs, Error{Message: err.Error()})
		n.why = "could not be read"
		r.skipped(n)
		return
	}
	if r.cache != nil {
		n.fileSum = sumFiles(files)
	}
	analyzers := r.depMode
	if n.root {
		analyzers = r.rootMode
	}
	if n.p.Error != nil {
		// It did not compile: the type-checker says why, with the
		// files named as the user named them, else go list does.
		r.check(n, files, analyzers)
		if !n.failed {
			n.loadErrs = append(n.loadErrs, r.listError(n))
			n.why = "does not compile"
		}
		r.skipped(n)
		return
	}
	if !r.relevant(n, files) {
		r.trace.log("skipped %s", n.id)
		n.digest = r.chainDigest(n, nil)
		return
	}
	var key []byte
	if r.cache != nil {
		key = r.key(n, files, analyzers)
		if e := r.cache.get(key); e != nil {
			if facts, err := decodeFacts(e.Facts); err == nil {
				n.facts = facts
				n.diags, n.errs = e.Diags, e.Errs
				n.digest = r.chainDigest(n, e.Sum)
				r.trace.log("cached %s", n.id)
				return
			}
		}
	}
	start := time.Now()
	weight := r.weigh(files)
	r.heavy.Acquire(context.Background(), weight)
	r.check(n, files, analyzers)
	r.heavy.Release(weight)
	if n.failed {
		r.skipped(n)
		return
	}
	if r.cache != nil {
		sum := n.facts.sum()
		r.cache.put(key, &entry{Facts: n.facts.encode(), Sum: sum, Diags: n.diags, Errs: n.errs})
		n.digest = r.chainDigest(n, sum)
	}
	r.trace.log("analysed %s %v", n.id, time.Since(start).Round(time.Microsecond))
}

// skipped marks a package that could not be loaded or type-checked, or
// that depends on one: no analyzer runs on it. What the run prints of it
// is its errors and one line (see failures), not the analyzers' names.
func (r *run) skipped(n *node) {
	n.failed = true
}

// release lets go of a test binary's types once its last package is
// done.
func (r *run) release(n *node) {
	if n.uni == "" {
		return
	}
	r.uniMu.Lock()
	defer r.uniMu.Unlock()
	u := r.universes[n.uni]
	if u.left--; u.left == 0 {
		delete(r.universes, n.uni)
	}
}

// relevant is the fast path: whether any analyzer can find anything in
// the package or export a fact from it.
func (r *run) relevant(n *node, files []file) bool {
	if r.opt.Named[n.path] {
		return true
	}
	for _, d := range n.deps {
		if r.opt.Relevant[d.path] {
			return true
		}
		for name := range d.facts.pkg {
			if !r.joinFacts[name] {
				return true
			}
		}
	}
	for _, f := range files {
		if bytes.Contains(f.data, []byte("//retrylint:")) {
			return true
		}
	}
	return false
}

// readSQL reports whether the package reads its module's schema.
func (r *run) readsSQL(n *node) bool {
	for _, d := range n.deps {
		if r.opt.SQL[d.path] {
			return true
		}
		for name := range d.facts.pkg {
			if a := r.factOwner[name]; a != nil && a.Name == r.opt.SQLFacts && !r.joinFacts[name] {
				return true
			}
		}
	}
	return false
}

// file is one source file of a package, read.
type file struct {
	name string
	data []byte
}

// readFiles reads the files the package is type-checked from and those
// its analysis may read.
func (r *run) readFiles(n *node) ([]file, error) {
	var out []file
	for _, name := range n.p.CompiledGoFiles {
		name = r.abs(n, name)
		data, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		out = append(out, file{name, data})
	}
	return out, nil
}

func (r *run) abs(n *node, name string) string {
	if filepath.IsAbs(name) {
		return name
	}
	return filepath.Join(n.p.Dir, name)
}

// chainDigest hashes the hash of a package's facts with its dependencies'
// digests: a package's results depend on the facts of every package
// below it.
func (r *run) chainDigest(n *node, sum []byte) []byte {
	if r.cache == nil {
		return nil
	}
	h := sha256.New()
	h.Write(sum)
	for _, d := range n.deps {
		fmt.Fprintf(h, "\x00%s\x00", d.id)
		h.Write(d.digest)
	}
	return h.Sum(nil)
}

// listError is a go list error, at its position if it has one.
func (r *run) listError(n *node) Error {
	e := Error{Posn: n.p.Error.Pos, Message: strings.TrimSpace(n.p.Error.Err)}
	if m := posnRE.FindStringSubmatch(e.Posn); m != nil {
		file := m[1]
		if !filepath.IsAbs(file) {
			file = filepath.Join(r.dir(), file)
		}
		line, _ := strconv.Atoi(m[2])
		col, _ := strconv.Atoi(m[3])
		e.Start = Position{File: file, Line: line, Column: col}
		e.Posn = fmt.Sprintf("%s:%d:%d", file, line, col) // as the type-checker's
	}
	return e
}

var posnRE = regexp.MustCompile(`^(.+):(\d+):(\d+)$`)

// dir is the folder the go command runs in, absolute.
func (r *run) dir() string {
	return absDir(r.opt.Dir)
}

// factSet holds the facts one package exported, keyed by object path.
type factSet struct {
	obj map[objKey]analysis.Fact
	pkg map[string]analysis.Fact // by fact type name
}

type objKey struct {
	path objectpath.Path
	fact string // fact type name
}

var emptyFacts = &factSet{}

// sortedIDs is a helper for deterministic iteration.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
