package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers"
	"github.com/retrylint/retrylint/internal/driver"
	"github.com/retrylint/retrylint/rules"
)

// cacheEnv names the folder of the results cache; "off" turns it off.
const cacheEnv = "RETRYLINT_CACHE"

// driverEnv set to "single" makes the command load every package into
// one process, as the go/analysis checker does: the driver before the
// per-package one, kept for -fix and for comparisons.
const driverEnv = "RETRYLINT_DRIVER"

// perPackage reports whether the per-package driver runs the command:
// for every run over packages but go vet's protocol and the checker's
// debugging flags, which the go/analysis checker serves.
func perPackage(args []string) bool {
	if os.Getenv(driverEnv) == "single" {
		return false
	}
	patterns := false
	for i, a := range args {
		if i == 0 && a == "help" {
			return false
		}
		if a == "--" {
			patterns = true
			break
		}
		if !strings.HasPrefix(a, "-") {
			if strings.HasSuffix(a, ".cfg") {
				return false // go vet's unit of work
			}
			patterns = true
			continue
		}
		name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		switch name {
		case "flags", "V", "debug", "trace":
			return false
		}
	}
	return patterns
}

// runDriver parses the command line as the go/analysis checker does and
// runs the per-package driver.
func runDriver(args []string, r *rules.Rules, off []string, config string) int {
	fs := flag.NewFlagSet("retrylint", flag.ContinueOnError)
	fs.Usage = func() {
		fmt.Fprintf(os.Stderr, "usage: retrylint [-config FILE] [-format text|json|sarif | -json | -fix [-diff]] [-CHECK]... PACKAGES\nRun 'retrylint help' for the checks and flags.\n")
	}
	var checks []*analysis.Analyzer
	for _, a := range analyzers.Checks(r) {
		fs.Bool(a.Name, false, "enable "+a.Name+" analysis")
		if !slices.Contains(off, a.Name) {
			checks = append(checks, a)
		}
	}
	fs.String("config", "", usageConfig)
	jsonOut := fs.Bool("json", false, "emit JSON output")
	format := formatFlag{name: formatText}
	fs.Var(&format, "format", usageFormat)
	context := fs.Int("c", -1, "display offending line with this many lines of context")
	tests := fs.Bool("test", true, "indicates whether test files should be analyzed, too")
	useCache := fs.Bool("cache", true, usageCache)
	fix, diff := fs.Bool("fix", false, usageFix), fs.Bool("diff", false, usageDiff)
	cpuprofile := fs.String("cpuprofile", "", "write CPU profile to this file")
	memprofile := fs.String("memprofile", "", "write memory profile to this file")
	for _, name := range []string{"source", "v", "all"} {
		fs.Bool(name, false, "no effect (deprecated)")
	}
	fs.String("tags", "", "no effect (deprecated)")
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	if *cpuprofile != "" {
		f, err := os.Create(*cpuprofile)
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
		Tests:        *tests,
		JSON:         *jsonOut,
		Context:      *context,
		Stdout:       os.Stdout,
		Stderr:       os.Stderr,
	}
	if err := setOutput(&opt, format, *jsonOut, checks); err != nil {
		fmt.Fprintf(os.Stderr, "retrylint: %v\n", err)
		return 2
	}
	if *fix {
		setFix(&opt, *diff)
	}
	setRunEnv(&opt, *useCache, config)
	exit := driver.Run(fs.Args(), opt)
	if *memprofile != "" {
		runtime.GC()
		if f, err := os.Create(*memprofile); err == nil {
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
