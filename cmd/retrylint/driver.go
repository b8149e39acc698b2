package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/retrylint/retrylint/analyzers"
	"github.com/retrylint/retrylint/internal/driver"
	"github.com/retrylint/retrylint/rules"
)

// cacheEnv names the folder of the results cache; "off" turns it off.
const cacheEnv = "RETRYLINT_CACHE"

// driverEnv set to "single" makes the command load every package into
// one process, as the go/analysis checker does: the driver before the
// per-package one, kept for comparisons.
const driverEnv = "RETRYLINT_DRIVER"

// commandLine holds the command's flags, as the per-package driver and
// the go/analysis checker both read them.
type commandLine struct {
	json, fix, diff, tests, cache bool
	format                        formatFlag
	context                       int
	tags                          string
	cpuprofile, memprofile        string
	debug, trace                  string
}

const usage = "usage: retrylint [-config FILE] [-format text|json|sarif | -json | -fix [-diff]] [-tags LIST] [-CHECK]... PACKAGES\nRun 'retrylint help' for the checks and flags.\n"

const usageTags = "a comma-separated `list` of build tags to consider satisfied, as go build's -tags"

// declareFlags declares on fs every flag the command reads, with config
// the configuration file for -V=full. For help, the flags that have no
// effect are left out.
func declareFlags(fs *flag.FlagSet, checks []*analysis.Analyzer, config string, forHelp bool) *commandLine {
	c := &commandLine{format: formatFlag{name: formatText}}
	for _, a := range checks {
		fs.Bool(a.Name, false, "enable "+a.Name+" analysis")
	}
	fs.String("config", "", usageConfig)
	fs.BoolVar(&c.json, "json", false, "emit JSON output, the go/analysis JSON tree on stdout (as -format json)")
	fs.Var(&c.format, "format", usageFormat)
	fs.IntVar(&c.context, "c", -1, "display offending line with this many lines of context (text output)")
	fs.BoolVar(&c.fix, "fix", false, usageFix)
	fs.BoolVar(&c.diff, "diff", false, usageDiff)
	fs.BoolVar(&c.tests, "test", true, "indicates whether test files should be analyzed, too")
	fs.StringVar(&c.tags, "tags", "", usageTags)
	fs.BoolVar(&c.cache, "cache", true, usageCache)
	fs.StringVar(&c.cpuprofile, "cpuprofile", "", "write CPU profile to this file")
	fs.StringVar(&c.memprofile, "memprofile", "", "write memory profile to this file")
	fs.StringVar(&c.debug, "debug", "", "run the go/analysis checker (as RETRYLINT_DRIVER=single) with these debug flags, any subset of \"fpstv\"")
	fs.StringVar(&c.trace, "trace", "", "run the go/analysis checker (as RETRYLINT_DRIVER=single) and write its trace log to this file")
	fs.Var(versionFlag{config}, "V", "print version and exit (-V=full: go vet's query, with a build ID)")
	fs.Bool("flags", false, "print analyzer flags in JSON, for go vet")
	if !forHelp {
		for _, name := range []string{"source", "v", "all"} {
			fs.Bool(name, false, "no effect (deprecated)")
		}
	}
	return c
}

// check refuses flags that would be ignored or contradict each other.
func (c *commandLine) check(fs *flag.FlagSet, format string, single bool) error {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	switch {
	case c.diff && !c.fix:
		return errors.New("-diff shows the fixes that -fix would write: give -fix -diff")
	case c.fix && (c.json || c.format.set && format != formatText):
		return fmt.Errorf("-fix writes the fixes and prints no findings: it does not go with -json or -format %s", format)
	case c.fix && set["c"]:
		return errors.New("-fix writes the fixes and prints no findings: it does not go with -c")
	case set["c"] && format != formatText:
		return fmt.Errorf("-c shows source lines in text output: it does not go with -json or -format %s", format)
	case single && format == formatSARIF:
		return fmt.Errorf("%s=single prints text or -json: -format sarif needs the per-package driver", driverEnv)
	}
	return nil
}

// runCommand parses the command line and runs the per-package driver
// (which also applies -fix), or, for -debug, -trace and
// RETRYLINT_DRIVER=single, the go/analysis checker. A bad command line has status 2.
func runCommand(args []string, r *rules.Rules, off []string, config string) int {
	checks := analyzers.Checks(r)
	fs := flag.NewFlagSet("retrylint", flag.ContinueOnError)
	fs.Usage = func() { fmt.Fprint(os.Stderr, usage) }
	c := declareFlags(fs, checks, config, false)
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	single := os.Getenv(driverEnv) == "single"
	format, err := outputFormat(c.format, c.json)
	if err == nil {
		err = c.check(fs, format, single)
	}
	if err == nil && fs.NArg() == 0 {
		err = errors.New("no packages named (./... names those of the current folder and below)")
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "retrylint: %v\n", err)
		fs.Usage()
		return 2
	}
	if single || c.debug != "" || c.trace != "" {
		return runChecker(checks, c, format)
	}
	var on []*analysis.Analyzer
	for _, a := range checks {
		if !slices.Contains(off, a.Name) {
			on = append(on, a)
		}
	}
	return runDriver(fs.Args(), r, on, c, format, config)
}

// runChecker runs the go/analysis checker, which parses the command line
// again: its flags are the command's.
func runChecker(checks []*analysis.Analyzer, c *commandLine, format string) int {
	if c.tags != "" {
		// go/packages has no -tags of its own: go list reads it from
		// GOFLAGS, where a later -tags replaces an earlier one.
		os.Setenv("GOFLAGS", strings.TrimSpace(os.Getenv("GOFLAGS")+" -tags="+tagList(c.tags)))
	}
	if format == formatText && !c.fix {
		nameChecks(checks)
	}
	multichecker.Main(checks...)
	return 0 // not reached: Main exits
}

// tagList writes a -tags value with commas, the form GOFLAGS can hold:
// go build also takes the tags separated by spaces.
func tagList(tags string) string {
	return strings.Join(strings.FieldsFunc(tags, func(r rune) bool { return r == ',' || r == ' ' }), ",")
}

// runDriver runs the per-package driver.
func runDriver(patterns []string, r *rules.Rules, checks []*analysis.Analyzer, c *commandLine, format, config string) int {
	if c.cpuprofile != "" {
		f, err := os.Create(c.cpuprofile)
		if err != nil {
			fmt.Fprintf(os.Stderr, "retrylint: %v\n", err)
			return 1
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintf(os.Stderr, "retrylint: %v\n", err)
			return 1
		}
		defer pprof.StopCPUProfile()
	}
	opt := driver.Options{
		Analyzers:    checks,
		Relevant:     analyzers.Relevant(r),
		Named:        r.RetriedPackages(),
		SQL:          r.SinkPackages(),
		SQLFacts:     "sqlextract",
		SchemaDigest: func(dir string) []byte { return analyzers.SchemaDigest(dir, r) },
		Joins:        analyzers.Joins(),
		Tests:        c.tests,
		Context:      c.context,
		Stdout:       os.Stdout,
		Stderr:       os.Stderr,
	}
	if c.tags != "" {
		opt.BuildFlags = []string{"-tags=" + tagList(c.tags)}
	}
	if err := setOutput(&opt, format, checks); err != nil {
		fmt.Fprintf(os.Stderr, "retrylint: %v\n", err)
		return 1
	}
	if c.fix {
		setFix(&opt, c.diff)
	}
	setRunEnv(&opt, c.cache, config)
	exit := driver.Run(patterns, opt)
	if c.memprofile != "" {
		runtime.GC()
		if f, err := os.Create(c.memprofile); err == nil {
			pprof.WriteHeapProfile(f)
			f.Close()
		}
	}
	return exit
}

const usageCache = "answer unchanged packages from the results cache ($" + cacheEnv + ", else the user cache folder's retrylint)"

// setRunEnv sets what a run takes from its surroundings: the results
// cache (when wanted, keyed by the tool and its configuration file) and
// progress, shown when stderr is a terminal.
func setRunEnv(opt *driver.Options, useCache bool, config string) {
	if useCache {
		opt.Cache = cacheDir()
	}
	if opt.Cache != "" {
		id, err := toolID(config)
		if err != nil {
			opt.Cache = ""
		}
		opt.Tool = id
	}
	if st, err := os.Stderr.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
		opt.Progress = true
	}
}

// cacheDir returns the folder of the results cache, or "" for none.
func cacheDir() string {
	if dir := os.Getenv(cacheEnv); dir != "" {
		if dir == "off" {
			return ""
		}
		return dir
	}
	dir, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "retrylint")
}
