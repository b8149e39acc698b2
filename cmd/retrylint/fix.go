package main

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"

	"github.com/retrylint/retrylint/internal/driver"
)

// checkedEnv marks the go/analysis checker that -fix runs once the
// command has loaded the packages and reported what it could not load.
const checkedEnv = "RETRYLINT_FIX_CHECKED"

// fixing reports whether the go/analysis checker is to apply fixes, and
// the packages have not been loaded for it yet.
func fixing(args []string) bool {
	if os.Getenv(checkedEnv) != "" {
		return false
	}
	if slices.ContainsFunc(args, func(a string) bool { return strings.HasSuffix(a, ".cfg") }) {
		return false // the go command's unit of work (go fix -fixtool): one package, loaded
	}
	for _, a := range args {
		if a == "--" || !strings.HasPrefix(a, "-") {
			break
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if name == "fix" {
			on, err := strconv.ParseBool(value)
			return !hasValue || err == nil && on
		}
	}
	return false
}

// runFix applies fixes as the go/analysis checker does, but reports the
// packages it cannot load as the per-package driver does: the compiler's
// errors once, one line for each package not analysed, or one line for a
// pattern that names none or a module that needs a newer Go. The packages
// are loaded first, by the driver with no check to run (it type-checks
// only the packages go list says do not compile); then the checker runs
// in a child process, whose stderr is passed on without the lines already
// printed. A failure that is no package's stops the command before any
// file is changed. It returns the exit status.
func runFix(args []string) int {
	patterns, tests := checkerPatterns(args)
	wd, _ := os.Getwd()
	var stderr bytes.Buffer
	fatal := false
	var failedFiles []string
	status := driver.Run(patterns, driver.Options{
		Tests:  tests,
		Stdout: os.Stdout,
		Stderr: &stderr,
		Report: func(results []driver.PackageResult) error {
			for _, r := range results {
				if f := r.Failure; f != nil {
					fatal = fatal || f.ID == ""
					for _, e := range f.Errors {
						if e.Start.File != "" {
							failedFiles = append(failedFiles, e.Start.File+":", relative(wd, e.Start.File)+":")
						}
					}
				}
			}
			return nil
		},
	})
	os.Stderr.Write(stderr.Bytes())
	if fatal {
		return 1
	}
	printed := map[string]bool{}
	for line := range strings.Lines(stderr.String()) {
		printed[strings.TrimSuffix(line, "\n")] = true
	}

	self, err := os.Executable()
	if err != nil {
		fmt.Fprintf(os.Stderr, "retrylint: %v\n", err)
		return 1
	}
	cmd := exec.Command(self, args...)
	cmd.Env = append(os.Environ(), checkedEnv+"=1")
	cmd.Stdin, cmd.Stdout = os.Stdin, os.Stdout
	pipe, err := cmd.StderrPipe()
	if err != nil {
		fmt.Fprintf(os.Stderr, "retrylint: %v\n", err)
		return 1
	}
	if err := cmd.Start(); err != nil {
		fmt.Fprintf(os.Stderr, "retrylint: %v\n", err)
		return 1
	}
	lines := bufio.NewScanner(pipe)
	lines.Buffer(nil, 1<<20)
	for lines.Scan() {
		line := lines.Text()
		// go/packages names an error with no position "-".
		if rest, ok := strings.CutPrefix(line, "-: "); ok {
			line = "retrylint: " + rest
		}
		// go/packages type-checks what does not parse, and what imports
		// what it could not load, and says more of them: their errors
		// are said.
		said := printed[line] || slices.ContainsFunc(failedFiles, func(prefix string) bool { return strings.HasPrefix(line, prefix) })
		if !said {
			fmt.Fprintln(os.Stderr, line)
		}
	}
	err = cmd.Wait()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return max(status, exit.ExitCode())
	} else if err != nil {
		fmt.Fprintf(os.Stderr, "retrylint: %v\n", err)
		return 1
	}
	return status
}

// checkerPatterns returns the patterns on the go/analysis checker's
// command line, and its -test flag: the arguments after its flags, which
// are the checker's (whose values are named below), the command's
// (declared on flag.CommandLine) and the checks' own (-name, -name=false).
func checkerPatterns(args []string) (patterns []string, tests bool) {
	valued := []string{"c", "debug", "cpuprofile", "memprofile", "trace", "tags"}
	flag.CommandLine.VisitAll(func(f *flag.Flag) {
		if b, ok := f.Value.(interface{ IsBoolFlag() bool }); !ok || !b.IsBoolFlag() {
			valued = append(valued, f.Name)
		}
	})
	tests = true
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return args[i+1:], tests
		}
		if !strings.HasPrefix(a, "-") || a == "-" {
			return args[i:], tests
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		switch {
		case name == "test":
			on, err := strconv.ParseBool(value)
			tests = !hasValue || err == nil && on
		case !hasValue && slices.Contains(valued, name):
			i++ // the flag's value
		}
	}
	return nil, tests
}
