// Command retrylint reports Go code where a retry will do harm: a retry is
// a second execution of the work, not a second attempt at it.
//
// Usage:
//
//	retrylint [-config FILE] [-format text|json|sarif | -json | -fix [-diff]] [-tags LIST] [-CHECK]... PACKAGES
//	go vet -vettool=$(command -v retrylint) [-config=/abs/FILE] PACKAGES
//	retrylint inventory [-format markdown|json] [-config FILE] [-test] [-tags LIST] PACKAGES
//	retrylint explain [-json] [-config FILE] [-tags LIST] FILE:LINE... | PACKAGES
//	retrylint -V
//	retrylint help [CHECK]
//
// The configuration is the file given by -config, or else the first
// .retrylint.yml found in the current directory or a parent, up to the
// module root. It is loaded and validated before any package is: an
// invalid one stops the command with exit status 2.
//
// Exit status: 0 when nothing is found, 1 when packages could not be
// loaded or analysed, 2 for an invalid configuration or command line
// (an unknown flag or value, flags that cannot go together, no
// packages), 3 when something is found (with -json, -format json or
// -format sarif, always 0 unless loading failed; with -fix, 0 once the
// fixes are written). Under go vet, vet's own status applies.
//
// Text output ends each finding with the name of its check, as in
// "loop.go:14:14: retry loop waits ... (nojitter)": the name a
// //retrylint:ignore directive takes.
//
// -format sarif prints a SARIF 2.1.0 log on stdout for code scanning:
// see internal/sarif and docs/ci.md.
package main

import (
	"crypto/sha256"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/retrylint/retrylint/analyzers"
	"github.com/retrylint/retrylint/rules"
)

const usageConfig = "rule configuration file (default: the nearest " + rules.ConfigFile + " up to the module root); under go vet, give an absolute path"

func main() {
	progname := filepath.Base(os.Args[0])
	args := os.Args[1:]
	useLocalToolchain()

	if len(args) == 1 && args[0] == "help" && os.Getenv(stockHelpEnv) == "" {
		os.Exit(help(os.Stdout))
	}

	// go vet asks for the flags before it runs anything, and drops the
	// tool's stderr when it does: a broken configuration shows later, when
	// vet asks for the version (-V=full), with its message.
	var cfg *rules.Config
	file := configFile(args)
	if versionQuery(args) {
		file = vetConfig(file) // see vetconfig.go
	}
	if !flagsQuery(args) && file != "" {
		var err error
		cfg, err = rules.LoadConfig(file, analyzers.Names())
		if err != nil {
			fmt.Fprintf(os.Stderr, "%s: %v\n", progname, err)
			os.Exit(2)
		}
	}

	// Declared so that flag parsing accepts it and go vet's -flags query
	// lists it; its value was read above, before any flag was parsed.
	flag.String("config", "", usageConfig)
	// The per-package driver's own flags, which the go/analysis checker
	// (-fix) parses again and ignores. go vet is not told of them: it
	// refuses them rather than pass them on to no effect.
	if !vetProtocol(args) {
		flag.Bool("cache", true, usageCache)
		flag.String("format", formatText, usageFormat)
	}
	// go vet caches its results by the tool's -V=full answer: the answer
	// includes the configuration, so that editing it invalidates them.
	flag.Var(versionFlag{file}, "V", "print version and exit")

	r := rules.New(cfg)
	off := flagsOff(args, analyzers.Names())
	r.Disable(off...)
	if len(args) > 0 && args[0] == "inventory" {
		os.Exit(runInventory(args[1:], r, file))
	}
	if len(args) > 0 && args[0] == "explain" {
		os.Exit(runExplain(args[1:], r, file))
	}
	if vetProtocol(args) {
		// go vet runs the tool with -json and prints text itself: the
		// checks are not named there (the -json tree names them).
		multichecker.Main(analyzers.Checks(r)...)
	}
	os.Exit(runCommand(args, r, off, file))
}

// vetProtocol reports whether args are go vet's: a query for the tool's
// flags, or a unit of work (a .cfg file); or a request for the stock
// help, which the go/analysis driver serves too.
func vetProtocol(args []string) bool {
	if flagsQuery(args) || len(args) > 0 && args[0] == "help" {
		return true
	}
	return len(args) > 0 && strings.HasSuffix(args[len(args)-1], ".cfg")
}

// stockHelpEnv asks the command for the analysis driver's own help text,
// whose list of checks and flags help keeps.
const stockHelpEnv = "RETRYLINT_DRIVER_HELP"

// intro opens the command's help, in place of the analysis driver's
// generic introduction to analyzers.
const intro = `retrylint reports Go code where a retry does harm. A retry is a second
execution of the work: after a timeout, the first one may have committed.
It reports retries that repeat an append or an external side effect,
keys that the execution makes instead of the input, retries of terminal
errors, backoff without jitter and retries that never stop.

Usage:

    retrylint [-config FILE] [-format text|json|sarif | -json | -fix [-diff]] [-tags LIST] [-CHECK]... PACKAGES
    go vet -vettool=$(command -v retrylint) [-config=/abs/FILE] PACKAGES
    retrylint inventory [-format markdown|json] [-config FILE] [-test] [-tags LIST] PACKAGES
    retrylint explain [-json] [-config FILE] [-tags LIST] FILE:LINE... | PACKAGES
    retrylint -V
    retrylint help [CHECK]

Each finding ends with its check's name, the one //retrylint:ignore takes.
-format sarif prints SARIF 2.1.0 for code scanning on stdout. -fix writes
the suggested fixes and prints nothing (-fix -diff prints them as a diff):
-json, -format and -c do not go with it, nor -diff without it.
explain prints why the sites on a line are retries, or why a loop there
is not one: the rule behind each decision and what the checks report.

Exit status: 0 when nothing is found, 1 when packages could not be loaded
or analysed, 2 for an invalid configuration or command line, 3 when
something is found (with -json or -format json|sarif, 0 unless loading
failed; with -fix, 0 once the fixes are written).

`

// help prints the command's help: its own introduction, then the checks
// and flags as the analysis driver lists them. It returns the exit status.
func help(w io.Writer) int {
	self, err := os.Executable()
	if err != nil {
		fmt.Fprintf(os.Stderr, "retrylint: %v\n", err)
		return 1
	}
	cmd := exec.Command(self, "help")
	cmd.Env = append(os.Environ(), stockHelpEnv+"=1")
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		fmt.Fprintf(os.Stderr, "retrylint: %v\n", err)
		return 1
	}
	// The checks as the driver lists them, then the flags as the command
	// reads them: the driver's list has its own flags' usage, which for
	// some (-tags) is not this command's.
	text := string(out)
	if i := strings.Index(text, "Registered analyzers:"); i >= 0 {
		text = strings.Replace(text[i:], "Registered analyzers:", "Checks:", 1)
	}
	if i := strings.Index(text, "Core flags:"); i >= 0 {
		text = text[:i]
	}
	var flags strings.Builder
	fs := flag.NewFlagSet("retrylint", flag.ContinueOnError)
	fs.SetOutput(&flags)
	declareFlags(fs, analyzers.Checks(rules.Default()), "", true)
	fs.PrintDefaults()
	fmt.Fprint(w, intro+alignChecks(text)+"Flags:\n\n"+flags.String()+"\nRun 'retrylint help CHECK' for a check's documentation.\n")
	return 0
}

// alignChecks lines up the checks' descriptions in the driver's list
// ("    name doc" after "Checks:"), which pads names to a width shorter
// than the longest.
func alignChecks(text string) string {
	lines := strings.Split(text, "\n")
	start := slices.Index(lines, "Checks:") + 2
	if start < 2 {
		return text
	}
	end := start
	width := 0
	for ; end < len(lines) && strings.HasPrefix(lines[end], "    "); end++ {
		name, _, _ := strings.Cut(strings.TrimSpace(lines[end]), " ")
		width = max(width, len(name))
	}
	for i := start; i < end; i++ {
		name, doc, _ := strings.Cut(strings.TrimSpace(lines[i]), " ")
		lines[i] = fmt.Sprintf("    %-*s %s", width, name, strings.TrimSpace(doc))
	}
	return strings.Join(lines, "\n")
}

// flagsOff returns the checks that the command's flags keep from
// running, as the analysis driver reads them: -name=false turns one off,
// and any -name or -name=true runs only the checks so named.
func flagsOff(args []string, names []string) []string {
	set := map[string]bool{}
	anyOn := false
	for _, a := range args {
		if a == "--" || !strings.HasPrefix(a, "-") {
			break
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !slices.Contains(names, name) {
			continue
		}
		on := !hasValue
		if hasValue {
			on, _ = strconv.ParseBool(value)
		}
		set[name] = on
		anyOn = anyOn || on
	}
	var off []string
	for _, n := range names {
		if on, given := set[n]; given && !on || anyOn && !on {
			off = append(off, n)
		}
	}
	return off
}

// configFile returns the configuration to load: the value of -config or
// --config in args, else the nearest rules.ConfigFile, which is named
// relative to the current directory, for messages.
func configFile(args []string) string {
	if value, given := configFlag(args); given {
		return value // "" when the value is missing: flag parsing says so
	}
	found := rules.FindConfig(".")
	if found == "" {
		return ""
	}
	if wd, err := os.Getwd(); err == nil {
		if rel, err := filepath.Rel(wd, found); err == nil {
			return rel
		}
	}
	return found
}

// flagsQuery reports whether args are go vet's query for the tool's flags.
func flagsQuery(args []string) bool {
	for _, arg := range args {
		if arg == "-flags" || arg == "--flags" {
			return true
		}
	}
	return false
}

// versionFlag implements -V: alone it prints the command's version (see
// toolVersion); -V=full answers go vet as golang.org/x/tools/go/analysis
// does, but with the configuration file's content in the build ID. go
// vet keys its cache by that line: by the build ID when the version is
// devel, by the whole line otherwise.
type versionFlag struct{ config string }

func (versionFlag) IsBoolFlag() bool { return true }
func (versionFlag) Get() any         { return nil }
func (versionFlag) String() string   { return "" }

func (v versionFlag) Set(s string) error {
	if on, err := strconv.ParseBool(s); err == nil {
		if on {
			fmt.Printf("retrylint version %s\n", toolVersion())
			os.Exit(0)
		}
		return nil
	}
	if s != "full" {
		return fmt.Errorf("unsupported value -V=%s (use -V or -V=full)", s)
	}
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	id, err := toolID(v.config)
	if err != nil {
		return err
	}
	fmt.Printf("%s version %s buildID=%02x\n", exe, toolVersion(), id)
	os.Exit(0)
	return nil
}

// toolID hashes the executable and the configuration file: what, besides
// the packages, decides what the command reports.
func toolID(config string) ([]byte, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, err
	}
	h := sha256.New()
	for _, file := range []string{exe, config} {
		if file == "" {
			continue
		}
		f, err := os.Open(file)
		if err != nil {
			return nil, err
		}
		_, err = io.Copy(h, f)
		f.Close()
		if err != nil {
			return nil, err
		}
	}
	return h.Sum(nil), nil
}
