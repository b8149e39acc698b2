package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers"
	"github.com/retrylint/retrylint/analyzers/inventory"
	"github.com/retrylint/retrylint/internal/driver"
	"github.com/retrylint/retrylint/rules"
)

const inventoryUsage = "usage: retrylint inventory [-format markdown|json] [-config FILE] [-test] [-tags LIST] PACKAGES\n"

// runInventory lists the retry sites of the packages named in args, one
// row each: the inventory analyzer runs under the per-package driver,
// with its cache, and its diagnostics are the rows. It returns the exit
// status: 0, 1 when packages could not be loaded or analysed, 2 for a
// bad command line.
func runInventory(args []string, r *rules.Rules, config string) int {
	fs := flag.NewFlagSet("retrylint inventory", flag.ContinueOnError)
	fs.Usage = func() {
		fmt.Fprint(os.Stderr, inventoryUsage)
		fs.PrintDefaults()
	}
	format := fs.String("format", "markdown", "output format: markdown or json")
	fs.String("config", "", usageConfig)
	tests := fs.Bool("test", false, "list the retry sites of the packages' tests too")
	useCache := fs.Bool("cache", true, usageCache)
	tags := fs.String("tags", "", usageTags)
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	if *format != "markdown" && *format != "json" {
		fmt.Fprintf(os.Stderr, "retrylint inventory: unknown format %q (want markdown or json)\n", *format)
		return 2
	}
	if fs.NArg() == 0 {
		fmt.Fprint(os.Stderr, inventoryUsage)
		return 2
	}
	wd, _ := os.Getwd()
	var rows []inventory.Row
	analysedNone := false
	inv := analyzers.Inventory(r)
	opt := driver.Options{
		Analyzers:    []*analysis.Analyzer{inv},
		Relevant:     analyzers.Relevant(r),
		Named:        r.RetriedPackages(),
		SQL:          r.SinkPackages(),
		SQLFacts:     "sqlextract",
		SchemaDigest: func(dir string) []byte { return analyzers.SchemaDigest(dir, r) },
		Tests:        *tests,
		Stdout:       os.Stdout,
		Stderr:       os.Stderr,
		Report: func(results []driver.PackageResult) error {
			for _, res := range results {
				// A failure that is no package's (a pattern that named
				// none, the go command's) leaves nothing to list: an
				// empty inventory would say there is no retry.
				analysedNone = analysedNone || res.Failure != nil && res.ID == ""
				for _, d := range res.Diags[inv.Name] {
					row, err := inventory.Decode(d.Message)
					if err != nil {
						return fmt.Errorf("%s: %v", d.Posn, err)
					}
					row.File, row.Line, row.Column = relative(wd, d.Start.File), d.Start.Line, d.Start.Column
					rows = append(rows, row)
				}
			}
			return nil
		},
	}
	if *tags != "" {
		opt.BuildFlags = []string{"-tags=" + tagList(*tags)}
	}
	setRunEnv(&opt, *useCache, config)
	exit := driver.Run(fs.Args(), opt)
	if analysedNone {
		return exit
	}
	rows = inventory.Sort(rows)
	out := bufio.NewWriter(os.Stdout)
	var err error
	if *format == "json" {
		err = inventory.JSON(out, rows)
	} else {
		err = inventory.Markdown(out, rows)
	}
	if err == nil {
		err = out.Flush()
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "retrylint inventory: %v\n", err)
		return 1
	}
	return exit
}

// relative names a file relative to the current directory when it is
// under it, with forward slashes, so that an inventory reads the same on
// every machine.
func relative(wd, file string) string {
	if wd != "" {
		if rel, err := filepath.Rel(wd, file); err == nil && !strings.HasPrefix(rel, "..") {
			return filepath.ToSlash(rel)
		}
	}
	return filepath.ToSlash(file)
}
