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

// outputFormat is the format that -format and -json choose: -json is
// -format json, and given together, they must agree.
func outputFormat(format formatFlag, jsonFlag bool) (string, error) {
	if jsonFlag {
		if format.set && format.name != formatJSON {
			return "", fmt.Errorf("-json and -format %s disagree", format.name)
		}
		return formatJSON, nil
	}
	return format.name, nil
}

// setOutput configures opt to print in the format name. checks are the
// checks that run, the rules of a SARIF log.
func setOutput(opt *driver.Options, name string, checks []*analysis.Analyzer) error {
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

// toolVersion describes the build the command runs from: see version.
func toolVersion() string {
	bi, _ := debug.ReadBuildInfo()
	return version(bi)
}

// version is the module version of a build (as go install module@version
// records it; built in a checkout, the go command stamps a pseudo-version
// or none, "devel"), followed, when the go command stamped the build with
// its commit (vcs.revision, vcs.modified), by the revision's first 12
// digits and ", modified" if the tree had uncommitted changes:
// "devel (0123456789ab, modified)".
func version(bi *debug.BuildInfo) string {
	v := "devel"
	if bi == nil {
		return v
	}
	if bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		v = bi.Main.Version
	}
	var revision, modified string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			revision = s.Value
		case "vcs.modified":
			modified = s.Value
		}
	}
	if revision == "" {
		return v
	}
	v += " (" + revision[:min(len(revision), 12)]
	if modified == "true" {
		v += ", modified"
	}
	return v + ")"
}

// nameChecks ends the message of every diagnostic of the checks with the
// check's name in parentheses, for the go/analysis drivers' text output,
// which does not name them: the per-package driver prints it itself.
func nameChecks(checks []*analysis.Analyzer) {
	for _, a := range checks {
		run, suffix := a.Run, " ("+a.Name+")"
		a.Run = func(pass *analysis.Pass) (any, error) {
			report := pass.Report
			pass.Report = func(d analysis.Diagnostic) {
				d.Message += suffix
				report(d)
			}
			return run(pass)
		}
	}
}
