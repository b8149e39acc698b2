// Command benchscale measures how `retrylint ./...` scales with the size
// of a module: wall time and peak memory of the per-package driver cold,
// warm and after an edit, against the single-process driver, that
// driver's no-op floor, go vet and staticcheck, on writable copies of
// real modules, with the ratios the per-package driver's targets are
// stated in. With -baseline it also builds retrylint at another commit
// and measures both builds run for run, with the ratios of the work
// tree's to the baseline's. Run it from the repository root, as
// scripts/bench-scale.sh does.
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"
)

func main() {
	opts, err := parseFlags(os.Args[1:], os.Stderr)
	if err == flag.ErrHelp {
		return
	}
	if err != nil {
		os.Exit(2) // the flag set printed why
	}
	if err := run(opts); err != nil {
		fmt.Fprintln(os.Stderr, "benchscale:", err)
		os.Exit(1)
	}
}

// options are the command line's.
type options struct {
	modules         []string
	skipStaticcheck []string // module paths
	out             string
	scVersion       string // of staticcheck
	timeout         time.Duration
	baseline        string // a revision, "" for none
	runs            int
	target          float64 // of tree / baseline
	onlyRetrylint   bool
}

func parseFlags(args []string, stderr io.Writer) (*options, error) {
	fs := flag.NewFlagSet("benchscale", flag.ContinueOnError)
	fs.SetOutput(stderr)
	o := &options{}
	modules := fs.String("modules", "go.temporal.io/sdk@v1.51.0,github.com/influxdata/telegraf@v1.37.2", "comma-separated `MODULE@VERSION`s to measure")
	skip := fs.String("skip-staticcheck", "github.com/influxdata/telegraf", "comma-separated module paths on which staticcheck is not run (its cold run takes hours on a large module)")
	fs.StringVar(&o.out, "out", "", "also write the report, in markdown, to `FILE`")
	fs.StringVar(&o.scVersion, "staticcheck", "v0.8.2", "`version` of honnef.co/go/tools/cmd/staticcheck")
	fs.DurationVar(&o.timeout, "timeout", 3*time.Hour, "time limit of each step")
	fs.StringVar(&o.baseline, "baseline", "", "also build cmd/retrylint at git revision `REV` and measure it beside the work tree's, run for run, with the ratios tree/baseline")
	fs.IntVar(&o.runs, "runs", 3, "measure each retrylint step `N` times (the builds interleaved) and report the median")
	fs.Float64Var(&o.target, "target", 1.2, "the largest ratio of the tree's wall time or peak memory to the baseline's that passes")
	fs.BoolVar(&o.onlyRetrylint, "only-retrylint", false, "measure retrylint's cold, warm and after-a-touch steps only: not the old driver, its no-op floor, go vet or staticcheck")
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	var err error
	switch {
	case fs.NArg() > 0:
		err = fmt.Errorf("unexpected argument %q: the modules are given by -modules", fs.Arg(0))
	case o.runs < 1:
		err = fmt.Errorf("-runs %d: at least one run", o.runs)
	case o.target <= 0:
		err = fmt.Errorf("-target %g: a ratio above 0", o.target)
	case *modules == "":
		err = fmt.Errorf("-modules: no module named")
	}
	if err != nil {
		fmt.Fprintln(stderr, "benchscale:", err)
		fs.Usage()
		return nil, err
	}
	o.modules = strings.Split(*modules, ",")
	o.skipStaticcheck = strings.Split(*skip, ",")
	return o, nil
}

// bench is what every module's measurement shares.
type bench struct {
	*options
	tmp         string
	env         []string // of every command run in a module
	builds      []build  // of retrylint: the tree's, then the baseline's
	noop        string
	staticcheck string
	baseShort   string // the baseline's abbreviated hash
	traces      int    // trace files written
}

// build is a binary of retrylint.
type build struct {
	Name string // "tree" or "baseline"
	Bin  string
}

func run(opts *options) error {
	tmp, err := os.MkdirTemp("", "benchscale-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	gocache, err := output("", nil, "go", "env", "GOCACHE")
	if err != nil {
		return err
	}
	b := &bench{
		options: opts,
		tmp:     tmp,
		// GOCACHE is pinned because staticcheck's empty cache is made by
		// moving XDG_CACHE_HOME, the go command's default for it.
		env: append(os.Environ(), "GOWORK=off", "GOFLAGS="+os.Getenv("GOFLAGS")+" -mod=mod",
			"GOCACHE="+strings.TrimSpace(gocache)),
	}
	var base *revision
	if opts.baseline != "" {
		rev, err := resolve(opts.baseline)
		if err != nil {
			return err
		}
		base, b.baseShort = &rev, rev.Short
	}
	if err := b.build(base); err != nil {
		return err
	}
	var report bytes.Buffer
	if err := b.header(&report, base); err != nil {
		return err
	}
	os.Stdout.Write(report.Bytes())
	for _, m := range opts.modules {
		path, _, _ := strings.Cut(m, "@")
		var section bytes.Buffer
		if err := b.module(&section, m, !opts.onlyRetrylint && !slices.Contains(opts.skipStaticcheck, path)); err != nil {
			fmt.Fprintf(&section, "\n## %s\n\nnot measured: %v\n", m, err)
		}
		os.Stdout.Write(section.Bytes())
		report.Write(section.Bytes())
	}
	if opts.out != "" {
		return os.WriteFile(opts.out, report.Bytes(), 0o666)
	}
	return nil
}

// build builds retrylint from the work tree and, given a baseline, from
// that commit's files, the no-op checker, and installs staticcheck, all
// into the temporary folder.
func (b *bench) build(base *revision) error {
	bin := filepath.Join(b.tmp, "bin")
	b.builds = []build{{Name: "tree", Bin: filepath.Join(bin, "retrylint")}}
	b.noop = filepath.Join(bin, "noop")
	b.staticcheck = filepath.Join(bin, "staticcheck")
	fmt.Fprintf(os.Stderr, "benchscale: building retrylint\n")
	if err := buildRetrylint("", b.builds[0].Bin); err != nil {
		return err
	}
	if base != nil {
		src := filepath.Join(b.tmp, "baseline-src")
		fmt.Fprintf(os.Stderr, "benchscale: building retrylint %s from git archive\n", base.Short)
		if err := extract(base.Hash, src); err != nil {
			return err
		}
		b.builds = append(b.builds, build{Name: "baseline", Bin: filepath.Join(bin, "retrylint-baseline")})
		if err := buildRetrylint(src, b.builds[1].Bin); err != nil {
			return fmt.Errorf("baseline %s: %v", base.Short, err)
		}
	}
	if b.onlyRetrylint {
		return nil
	}
	if _, err := output("", nil, "go", "build", "-o", b.noop, "./internal/benchscale/noop"); err != nil {
		return err
	}
	_, err := output("", []string{"GOBIN=" + bin}, "go", "install", "honnef.co/go/tools/cmd/staticcheck@"+b.scVersion)
	return err
}

// header writes what the numbers depend on.
func (b *bench) header(w io.Writer, base *revision) error {
	goVersion, err := output("", nil, "go", "version")
	if err != nil {
		return err
	}
	commit, err := output("", nil, "git", "rev-parse", "--short", "HEAD")
	if err != nil {
		return err
	}
	commit = strings.TrimSpace(commit)
	if status, _ := output("", nil, "git", "status", "--porcelain"); status != "" {
		commit += " (with uncommitted changes)"
	}
	tools := "retrylint " + commit
	if !b.onlyRetrylint {
		tools += ", staticcheck " + b.scVersion
	}
	fmt.Fprintf(w, "# retrylint at scale\n\n")
	fmt.Fprintf(w, "- %s, %s, %d CPUs (nproc), %s\n",
		time.Now().UTC().Format("2006-01-02 15:04 UTC"), strings.TrimSpace(goVersion), runtime.NumCPU(), tools)
	if base != nil {
		built, diffs, err := sameBuild(b.builds[0].Bin, b.builds[1].Bin)
		if err != nil {
			return err
		}
		same := "the same Go version and build settings (`go version -m`)"
		if len(diffs) > 0 {
			same = "**built differently**: " + strings.Join(diffs, ", ")
		}
		fmt.Fprintf(w, "- baseline: %s (%s), its files from `git archive`; both builds by `go build -buildvcs=false -o BIN ./cmd/retrylint` with %s: %s, %s\n",
			base.Short, base.Subject, strings.Join(buildEnv, " "), built, same)
		fmt.Fprintf(w, "- each build run on the same copy of the module with the same environment, but its own empty `RETRYLINT_CACHE` for each cold run; interleaved step by step, the tree first in odd rounds and the baseline first in even ones; each ratio is the median of the ratios of the runs of one round, measured back to back; target: tree / baseline ≤ %g\n", b.target)
	}
	fmt.Fprintf(w, "- build cache warm for every step: `go build ./...` and `go list -e -export -deps -test -compiled ./...` run first, so test variants are compiled too; \"cold\" is retrylint's results cache only; the touch appends a different comment each time, so each run after a touch compiles that package\n")
	fmt.Fprintf(w, "- peak: the largest sum of the resident memory of all the step's processes (go vet runs several at once), read from /proc every %v, a child not yet exec'd (which shows its parent's memory as its own) counted once; never below the largest single process, which the kernel reports (\"largest process\"); GB = 10^9 bytes\n", sampleEvery)
	if b.runs > 1 {
		fmt.Fprintf(w, "- retrylint's steps run %d times each: the median, and (in brackets) the fastest and slowest run; the other tools' steps once\n", b.runs)
	} else {
		fmt.Fprintf(w, "- one run of each step: the machine may be shared, compare the ratios of one run rather than seconds across runs\n")
	}
	return nil
}

// module measures every step on one module and writes its section.
func (b *bench) module(w io.Writer, modver string, staticcheck bool) error {
	fmt.Fprintf(os.Stderr, "benchscale: %s: setting up\n", modver)
	dir, err := b.fetch(modver)
	if err != nil {
		return err
	}
	var warmup []step
	for _, args := range [][]string{{"go", "build", "./..."}, {"go", "list", "-e", "-export", "-deps", "-test", "-compiled", "./..."}} {
		s := measure(b.timeout, dir, b.env, args...)
		s.Name = "`" + strings.Join(args, " ") + "`"
		expect(&s, 0)
		warmup = append(warmup, s)
	}
	packages, leaf, err := leafPackage(dir, b.env)
	if err != nil {
		return err
	}
	measured := b.retrylintSteps(modver, dir, leaf)
	var rows []*series
	for _, byBuild := range measured {
		rows = append(rows, byBuild...)
	}
	add := func(name string, s step) *step {
		s.Name = name
		rows = append(rows, &series{Step: name, Runs: []step{s}})
		fmt.Fprintf(os.Stderr, "benchscale: %s: %s: %s, %s\n", modver, name, seconds(s), gigabytes(s.Peak))
		return &s
	}
	tree := func(k int) *series { return measured[k][0] }
	cold, warm := tree(0).median(), tree(1).median()

	var single, scCold, scWarm *step
	if !b.onlyRetrylint {
		cache := filepath.Join(b.tmp, "retrylint-cache-single-"+filepath.Base(dir))
		single = add("old driver (RETRYLINT_DRIVER=single)", b.retrylint(b.builds[0].Bin, dir, cache, "RETRYLINT_DRIVER=single"))
		floor := measure(b.timeout, dir, b.env, b.noop, "./...")
		expect(&floor, 0)
		add("no-op floor (single-process checker, one fact type)", floor)

		// A flag unknown to the code changes vet's cache key, not the
		// compiler's: vet's results are cold, the build cache stays warm.
		vet := []string{"go", "vet", "-json", fmt.Sprintf("-printf.funcs=BenchscaleNonce%x", rand.Uint64()), "./..."}
		vetCold, vetWarm := measure(b.timeout, dir, b.env, vet...), measure(b.timeout, dir, b.env, vet...)
		expect(&vetCold, 0)
		expect(&vetWarm, 0)
		add("go vet cold (vet results uncached)", vetCold)
		add("go vet warm", vetWarm)
	}
	if staticcheck {
		scCache := filepath.Join(b.tmp, "staticcheck-cache-"+filepath.Base(dir))
		env := append(slices.Clone(b.env), "XDG_CACHE_HOME="+scCache, "STATICCHECK_CACHE="+filepath.Join(scCache, "staticcheck"))
		scCold = add("staticcheck cold (empty cache)", staticcheckStep(measure(b.timeout, dir, env, b.staticcheck, "-f", "json", "./...")))
		scWarm = add("staticcheck warm", staticcheckStep(measure(b.timeout, dir, env, b.staticcheck, "-f", "json", "./...")))
	}

	fmt.Fprintf(w, "\n## %s\n\n%d packages in the module; warm-up:", modver, packages)
	for _, s := range warmup {
		fmt.Fprintf(w, " %s %s;", s.Name, status(s))
	}
	fmt.Fprintf(w, " the leaf touched: %s (a comment line appended to %s, then removed)\n\n", leaf.ImportPath, leaf.GoFiles[0])
	stepsTable(w, rows)

	if len(b.builds) > 1 {
		fmt.Fprintln(w)
		var treeRows, baseRows []*series
		for _, byBuild := range measured {
			treeRows, baseRows = append(treeRows, byBuild[0]), append(baseRows, byBuild[1])
		}
		compare(w, b.baseShort, b.target, treeRows, baseRows)
	}

	if b.onlyRetrylint {
		failures(w, rows, warmup)
		return nil // the ratios below are to the steps left out
	}
	fmt.Fprintf(w, "\n| ratio | value | target | |\n|---|--:|---|---|\n")
	ratio(w, "cold wall / old driver wall", cold, single, wall, 1.3)
	if packages >= 500 {
		ratio(w, "cold peak / 1.5 GB", cold, &step{Peak: 1.5e9}, peak, 1)
	} else {
		fmt.Fprintf(w, "| cold peak | %s | ≤ 1.5 GB on a module of 500+ packages | n/a: %d packages |\n", gigabytes(cold.Peak), packages)
	}
	ratio(w, "cold peak / staticcheck cold peak", cold, scCold, peak, 0.5)
	ratio(w, "warm wall / staticcheck warm wall", warm, scWarm, wall, 1.2)
	first := func(k int) *step {
		if runs := tree(k).ok(); len(runs) > 0 {
			return &runs[0]
		}
		return &step{Failed: "every run failed"}
	}
	fmt.Fprintf(w, "\nretrylint's output (stdout, stderr, exit status) the same as the old driver's: cold %s, warm %s, after the touch %s\n",
		same(first(0), single), same(first(1), single), same(first(2), single))
	failures(w, rows, warmup)
	return nil
}

// failures writes why each step or run that failed did.
func failures(w io.Writer, rows []*series, warmup []step) {
	for _, s := range rows {
		for i, r := range s.Runs {
			if r.Failed == "" {
				continue
			}
			name := s.Step
			if s.Build != "" {
				name = fmt.Sprintf("%s (%s, run %d)", s.Step, s.Build, i+1)
			}
			fmt.Fprintf(w, "\n%s failed: %s\n", name, r.Failed)
		}
	}
	for _, s := range warmup {
		if s.Failed != "" {
			fmt.Fprintf(w, "\n%s failed: %s\n", s.Name, s.Failed)
		}
	}
}

// retrylintSteps measures each build of retrylint cold, warm and after a
// touch of the leaf package, b.runs times: the steps of one round go
// build after build, so that both run under the same load, and the build
// that goes first changes from one round to the next. It returns the
// series by step, then by build.
func (b *bench) retrylintSteps(modver, dir string, leaf *listed) [][]*series {
	names := []string{
		"retrylint ./... cold (empty retrylint cache)",
		"retrylint ./... warm (unchanged module)",
		"retrylint ./... after touching " + leaf.ImportPath,
	}
	measured := make([][]*series, len(names))
	for k, name := range names {
		for _, bu := range b.builds {
			measured[k] = append(measured[k], &series{Step: name, Build: bu.Name})
		}
	}
	// Read each binary once before anything is timed, so that the first
	// measured run does not load it from disk.
	for _, bu := range b.builds {
		output(dir, nil, bu.Bin, "-V")
	}
	for round := range b.runs {
		order := make([]int, len(b.builds))
		for i := range order {
			order[i] = i
		}
		if round%2 == 1 {
			slices.Reverse(order)
		}
		caches := make([]string, len(b.builds))
		for i, bu := range b.builds {
			caches[i] = filepath.Join(b.tmp, fmt.Sprintf("retrylint-cache-%s-%s-%d", filepath.Base(dir), bu.Name, round+1))
		}
		for k, name := range names {
			for _, i := range order {
				run := func() step { return b.retrylint(b.builds[i].Bin, dir, caches[i]) }
				var s step
				if k == 2 {
					s = touch(leaf, run)
				} else {
					s = run()
				}
				s.Name = name
				measured[k][i].Runs = append(measured[k][i].Runs, s)
				fmt.Fprintf(os.Stderr, "benchscale: %s: round %d/%d: %s, %s: %s, %s, %d findings\n",
					modver, round+1, b.runs, name, b.builds[i].Name, seconds(s), gigabytes(s.Peak), findings(s))
			}
		}
		for _, c := range caches {
			os.RemoveAll(c)
		}
	}
	return measured
}

// retrylint runs a build of retrylint on the module in dir with its
// results cache in the folder cache.
func (b *bench) retrylint(bin, dir, cache string, extraEnv ...string) step {
	b.traces++
	trace := filepath.Join(b.tmp, fmt.Sprintf("trace-%d", b.traces))
	env := append(slices.Clone(b.env), "RETRYLINT_CACHE="+cache, "RETRYLINT_TRACE="+trace)
	s := measure(b.timeout, dir, append(env, extraEnv...), bin, "./...")
	expect(&s, 0, 3)
	s.Note = traceCounts(trace) + fmt.Sprintf("output: %d lines", bytes.Count(s.Stdout, []byte("\n"))+bytes.Count(s.Stderr, []byte("\n")))
	os.Remove(trace)
	return s
}

// fetch copies a module from the module cache into a writable folder.
func (b *bench) fetch(modver string) (string, error) {
	out, err := output(b.tmp, nil, "go", "mod", "download", "-json", modver)
	var info struct{ Dir, Error string }
	if json.Unmarshal([]byte(out), &info) == nil && info.Error != "" {
		return "", errors.New(info.Error) // the go command's reason is in its output
	}
	if err != nil {
		return "", err
	}
	// CopyFS makes files writable whatever the module cache's modes.
	dir := filepath.Join(b.tmp, strings.NewReplacer("/", "_", "@", "_").Replace(modver))
	return dir, os.CopyFS(dir, os.DirFS(info.Dir))
}

// listed is a package as go list describes it.
type listed struct {
	ImportPath, Dir                    string
	GoFiles                            []string
	Imports, TestImports, XTestImports []string
}

// leafPackage returns how many packages the module has and, of those
// that no other package of the module imports, the one with the most
// files (the first by path on a tie).
func leafPackage(dir string, env []string) (int, *listed, error) {
	out, err := output(dir, env, "go", "list", "-e", "-json=ImportPath,Dir,GoFiles,Imports,TestImports,XTestImports", "./...")
	if err != nil {
		return 0, nil, err
	}
	var pkgs []*listed
	imported := map[string]bool{}
	for dec := json.NewDecoder(strings.NewReader(out)); dec.More(); {
		p := new(listed)
		if err := dec.Decode(p); err != nil {
			return 0, nil, err
		}
		pkgs = append(pkgs, p)
		for _, path := range slices.Concat(p.Imports, p.TestImports, p.XTestImports) {
			if path != p.ImportPath { // an external test imports its own package
				imported[path] = true
			}
		}
	}
	var leaf *listed
	for _, p := range pkgs {
		if !imported[p.ImportPath] && len(p.GoFiles) > 0 && (leaf == nil || len(p.GoFiles) > len(leaf.GoFiles)) {
			leaf = p
		}
	}
	if leaf == nil {
		return 0, nil, fmt.Errorf("%s: no package that no other imports", dir)
	}
	return len(pkgs), leaf, nil
}

// touch appends a comment line to a file of the package, runs the step
// and restores the file. The comment differs from one call to the next:
// the same one would find the package compiled, after the first, in the
// go command's build cache.
func touch(p *listed, run func() step) step {
	file := filepath.Join(p.Dir, p.GoFiles[0])
	orig, err := os.ReadFile(file)
	if err != nil {
		return step{Exit: -1, Failed: err.Error()}
	}
	if err := os.WriteFile(file, append(slices.Clone(orig), fmt.Sprintf("\n// touched by benchscale %x\n", rand.Uint64())...), 0o666); err != nil {
		return step{Exit: -1, Failed: err.Error()}
	}
	s := run()
	if err := os.WriteFile(file, orig, 0o666); err != nil && s.Failed == "" {
		s.Failed = "restoring " + file + ": " + err.Error()
	}
	return s
}

// traceCounts summarises how the per-package driver answered each
// package, from its trace file.
func traceCounts(file string) string {
	data, err := os.ReadFile(file)
	if err != nil {
		return "" // the single-process driver writes none
	}
	count := map[string]int{}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		kind, _, _ := strings.Cut(line, " ")
		count[kind]++
	}
	return fmt.Sprintf("%d analysed, %d cached, %d skipped; ", count["analysed"], count["cached"], count["skipped"])
}

// expect marks a step failed when it exited otherwise than expected.
func expect(s *step, exits ...int) {
	if s.Failed == "" && !slices.Contains(exits, s.Exit) {
		s.Failed = fmt.Sprintf("exit status %d: %s", s.Exit, lastLines(s.Stderr))
	}
}

// staticcheckStep judges a staticcheck -f json run: it exits 1 when it
// found something, and reports packages it could not load as problems
// of the category "compile".
func staticcheckStep(s step) step {
	expect(&s, 0, 1)
	problems := 0
	for _, line := range bytes.Split(bytes.TrimSpace(s.Stdout), []byte("\n")) {
		if len(line) == 0 {
			continue
		}
		var p struct{ Code, Message string }
		if err := json.Unmarshal(line, &p); err != nil || p.Code == "compile" {
			if s.Failed == "" {
				s.Failed = "could not load: " + string(line)
			}
		}
		problems++
	}
	if s.Failed == "" && s.Exit == 1 && problems == 0 {
		s.Failed = "exit status 1 with no problem reported: " + lastLines(s.Stderr)
	}
	s.Note = fmt.Sprintf("%d problems", problems)
	return s
}

var (
	wall = func(s *step) float64 { return s.Wall.Seconds() }
	peak = func(s *step) float64 { return float64(s.Peak) }
)

// ratio writes one row of the ratios table.
func ratio(w io.Writer, name string, a, b *step, of func(*step) float64, target float64) {
	verdict := ""
	switch {
	case a == nil || b == nil:
		verdict = "n/a: not run"
	case a.Failed != "" || b.Failed != "":
		verdict = "n/a: a step failed"
	default:
		r := of(a) / of(b)
		verdict = "met"
		if r > target {
			verdict = fmt.Sprintf("**missed** by %.0f%%", (r/target-1)*100)
		}
		fmt.Fprintf(w, "| %s | %.2f | ≤ %g | %s |\n", name, r, target, verdict)
		return
	}
	fmt.Fprintf(w, "| %s | | ≤ %g | %s |\n", name, target, verdict)
}

func same(a, b *step) string {
	switch {
	case a.Failed != "" || b.Failed != "":
		return "n/a (failed)"
	case a.Exit == b.Exit && bytes.Equal(a.Stdout, b.Stdout) && bytes.Equal(a.Stderr, b.Stderr):
		return "yes"
	}
	return "**no**"
}

// status is how a warm-up step went.
func status(s step) string {
	if s.Failed != "" {
		return "**failed** (see below)"
	}
	return seconds(s)
}

func seconds(s step) string {
	if s.Failed != "" {
		return "**failed**"
	}
	return fmt.Sprintf("%.2f s", s.Wall.Seconds())
}

func gigabytes(n int64) string {
	return fmt.Sprintf("%.2f GB", float64(n)/1e9)
}

// lastLines returns the end of a command's stderr, on one line.
func lastLines(stderr []byte) string {
	lines := strings.Split(strings.TrimSpace(string(stderr)), "\n")
	return strings.Join(lines[max(0, len(lines)-3):], " / ")
}

// output runs a command that is not measured and returns its stdout,
// also when it fails.
func output(dir string, extraEnv []string, args ...string) (string, error) {
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), extraEnv...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		err = fmt.Errorf("%s: %v: %s", strings.Join(args, " "), err, lastLines(stderr.Bytes()))
	}
	return string(out), err
}
