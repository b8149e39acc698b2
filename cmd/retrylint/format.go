package main

import (
	"errors"
	"fmt"
	"os"
	"runtime/debug"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/driver"
	"github.com/retrylint/retrylint/internal/sarif"
)

// The output formats of the per-package driver.
const (
	formatText  = "text"  // "posn: message" lines on stderr; status 3 when something is found
	formatJSON  = "json"  // go/analysis's JSON tree on stdout, as -json
	formatSARIF = "sarif" // a SARIF 2.1.0 log on stdout, for code scanning
)

const usageFormat = "output `format`: text (on stderr), json (the go/analysis JSON tree on stdout, as -json) or sarif (SARIF 2.1.0 on stdout, for code scanning); with json and sarif the exit status is 0 unless packages could not be loaded or analysed"

// homePage is the tool's informationUri in SARIF.
const homePage = "https://github.com/retrylint/retrylint"

// formatFlag is the value of -format.
type formatFlag struct {
	name string
	set  bool
}

func (f *formatFlag) String() string { return f.name }

func (f *formatFlag) Set(s string) error {
	switch s {
	case formatText, formatJSON, formatSARIF:
		f.name, f.set = s, true
		return nil
	}
	return fmt.Errorf("unknown format %q: use text, json or sarif", s)
}

// setOutput configures opt to print in the format chosen by -format and
// -json, which is -format json: given together, they must agree. checks
// are the checks that run, the rules of a SARIF log.
func setOutput(opt *driver.Options, format formatFlag, jsonFlag bool, checks []*analysis.Analyzer) error {
	name := format.name
	if jsonFlag {
		if format.set && name != formatJSON {
			return fmt.Errorf("-json and -format %s disagree", name)
		}
		name = formatJSON
	}
	opt.JSON = name == formatJSON
	if name != formatSARIF {
		return nil
	}
	dir, err := os.Getwd()
	if err != nil {
		return err
	}
	options := sarif.Options{
		Checks:         checks,
		Root:           sarif.Root(dir),
		Version:        toolVersion(),
		InformationURI: homePage,
	}
	stdout := opt.Stdout
	opt.Report = func(results []driver.PackageResult) error {
		if err := sarif.Write(stdout, sarif.Convert(results, options)); err != nil {
			return errors.New("retrylint: writing SARIF: " + err.Error())
		}
		return nil
	}
	return nil
}

// toolVersion is the version of the module the command was built from, as
// go install module@version records it, or "devel" for a build from a
// checkout.
func toolVersion() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return "devel"
}
