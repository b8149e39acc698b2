// Command eval measures retrylint on real public modules: it runs the
// checker of this checkout over the pinned modules of modules.yaml, keeps
// every finding, error, time and peak memory in a results file, and
// computes a report from the results, the labels (eval/labels), the
// known hazards (eval/hazards), the near-misses (eval/nearmiss) and the
// examples (eval/examples.yaml).
//
// Usage, from the repository root:
//
//	go run ./eval run [-rev COMMIT] [-only MOD,...] [-out FILE] [-report FILE]
//	go run ./eval report [-results FILE] [-compare OLD.json] [-report FILE]
//	go run ./eval todo [-results FILE]
//	go run ./eval first-contact
//	go run ./eval collect -set DIR -tool COMMIT
//
// run, report and todo read another set with -set DIR: a first-contact
// round (eval/first-contact/rN), whose modules the checks were never
// tuned for; first-contact writes eval/first-contact.md from the rounds.
//
// See eval/README.md for the file formats and how to label.
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// checks lists retrylint's checks in the order the report shows them: the
// retry checks first, then the two SQL checks.
var checks = []string{"catchall", "nojitter", "unbounded", "nonidempotent", "onconflict", "executionkey", "wallclock"}

func isCheck(name string) bool {
	for _, c := range checks {
		if c == name {
			return true
		}
	}
	return false
}

const usage = `usage:
	go run ./eval run [-rev COMMIT] [-only MOD,...] [-out FILE] [-report FILE]
	go run ./eval report [-results FILE] [-compare OLD.json] [-report FILE]
	go run ./eval todo [-results FILE]
	go run ./eval first-contact
	go run ./eval collect -set DIR -tool COMMIT
(run, report and todo take -set DIR, a first-contact round's folder)
`

func main() {
	if len(os.Args) < 2 {
		fmt.Fprint(os.Stderr, usage)
		os.Exit(2)
	}
	root, err := repoRoot()
	if err != nil {
		fail(err)
	}
	cmd, args := os.Args[1], os.Args[2:]
	switch cmd {
	case "run":
		err = cmdRun(root, args)
	case "report":
		err = cmdReport(root, args)
	case "todo":
		err = cmdTodo(root, args)
	case "first-contact":
		err = cmdFirstContact(root, args)
	case "collect":
		err = cmdCollect(root, args)
	case "help", "-h", "-help", "--help":
		fmt.Print(usage)
		return
	default:
		fmt.Fprintf(os.Stderr, "eval: unknown command %q\n%s", cmd, usage)
		os.Exit(2)
	}
	if err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintf(os.Stderr, "eval: %v\n", err)
	os.Exit(1)
}

// paths are the evaluation's files: those of a set, in eval/ of the
// repository unless set names another folder (a first-contact round).
type paths struct {
	root string
	set  string // a folder relative to root; "" is eval
}

func (p paths) eval(name ...string) string {
	set := p.set
	if set == "" {
		set = "eval"
	}
	return filepath.Join(append([]string{p.root, set}, name...)...)
}

// withSet returns p reading the set in dir, a folder given on the command
// line (relative to the current directory, or absolute) that must lie in
// the repository.
func (p paths) withSet(dir string) (paths, error) {
	if dir == "" {
		return p, nil
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return p, err
	}
	rel, err := filepath.Rel(p.root, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return p, fmt.Errorf("-set %s: not a folder of the repository %s", dir, p.root)
	}
	if st, err := os.Stat(abs); err != nil || !st.IsDir() {
		return p, fmt.Errorf("-set %s: no such folder", dir)
	}
	p.set = rel
	return p, nil
}

// setFlag declares -set on fs; parse returns the paths it names.
func setFlag(fs *flag.FlagSet, p paths) func() (paths, error) {
	dir := fs.String("set", "", "the folder of the set of modules and annotations to use (default eval/; a first-contact round such as eval/first-contact/r1)")
	return func() (paths, error) { return p.withSet(*dir) }
}

func cmdRun(root string, args []string) error {
	fs := flag.NewFlagSet("run", flag.ExitOnError)
	set := setFlag(fs, paths{root: root})
	only := fs.String("only", "", "comma-separated modules to run (default: all of modules.yaml)")
	rev := fs.String("rev", "", "build retrylint from this commit instead of the work tree (e.g. HEAD, for a clean before)")
	out := fs.String("out", "", "results file to write (default: results.json of the set)")
	report := fs.String("report", "", "report file to write (default: report.md of the set; with -out, the results file's name with .md)")
	fs.Parse(args)
	if fs.NArg() > 0 {
		return fmt.Errorf("run: unexpected arguments %q", fs.Args())
	}
	p, err := set()
	if err != nil {
		return err
	}
	if *out != "" {
		// Results written elsewhere (a trial, a subset) keep their report
		// beside them: the set's report stays the set's.
		orDefault(report, strings.TrimSuffix(*out, filepath.Ext(*out))+".md")
	}
	orDefault(out, p.eval("results.json"))
	orDefault(report, p.eval("report.md"))
	mods, err := loadModules(p.eval("modules.yaml"), root)
	if err != nil {
		return err
	}
	if *only != "" {
		mods, err = selectModules(mods, strings.Split(*only, ","))
		if err != nil {
			return err
		}
	}
	// A broken labels, hazards, near-misses or examples file would only
	// show after the whole run: find it now.
	if _, err := loadAnnotations(p, root); err != nil {
		return err
	}
	res, err := run(root, *rev, mods)
	if err != nil {
		return err
	}
	if err := writeResults(*out, res); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "eval: results in %s\n", *out)
	return writeReportFile(p, root, res, nil, *report)
}

func cmdReport(root string, args []string) error {
	fs := flag.NewFlagSet("report", flag.ExitOnError)
	set := setFlag(fs, paths{root: root})
	results := fs.String("results", "", "results file to read (default: results.json of the set)")
	compare := fs.String("compare", "", "older results file to show beside the new numbers")
	report := fs.String("report", "", "report file to write (default: report.md of the set)")
	fs.Parse(args)
	if fs.NArg() > 0 {
		return fmt.Errorf("report: unexpected arguments %q", fs.Args())
	}
	p, err := set()
	if err != nil {
		return err
	}
	orDefault(results, p.eval("results.json"))
	orDefault(report, p.eval("report.md"))
	res, err := readResults(*results)
	if err != nil {
		return err
	}
	var old *Results
	if *compare != "" {
		if old, err = readResults(*compare); err != nil {
			return err
		}
	}
	return writeReportFile(p, root, res, old, *report)
}

func cmdTodo(root string, args []string) error {
	fs := flag.NewFlagSet("todo", flag.ExitOnError)
	set := setFlag(fs, paths{root: root})
	results := fs.String("results", "", "results file to read (default: results.json of the set)")
	fs.Parse(args)
	if fs.NArg() > 0 {
		return fmt.Errorf("todo: unexpected arguments %q", fs.Args())
	}
	p, err := set()
	if err != nil {
		return err
	}
	orDefault(results, p.eval("results.json"))
	res, err := readResults(*results)
	if err != nil {
		return err
	}
	ann, err := loadAnnotations(p, root)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(os.Stdout)
	// A first-contact round's findings are labelled blind to its hazards
	// and near-misses.
	writeTodo(w, res, ann, strings.HasPrefix(filepath.ToSlash(p.set), "eval/first-contact/"))
	return w.Flush()
}

// orDefault sets an empty flag value to def.
func orDefault(v *string, def string) {
	if *v == "" {
		*v = def
	}
}

func writeReportFile(p paths, root string, res, old *Results, file string) error {
	ann, err := loadAnnotations(p, root)
	if err != nil {
		return err
	}
	text := renderReport(res, old, ann)
	if p.set == "" {
		// The development set's report opens with first contact, the
		// number that counts.
		rounds, err := loadRounds(root)
		if err != nil {
			return err
		}
		if head := renderContactHeadline(rounds, "First contact"); head != "" {
			head += "The rounds, module by module: [first-contact.md](first-contact.md). The development set below is the code the checks were written against.\n\n"
			title, rest, _ := strings.Cut(text, "\n\n")
			intro, rest, _ := strings.Cut(rest, "\n\n")
			text = title + "\n\n" + intro + "\n\n" + head + rest
		}
	}
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "eval: report in %s\n", file)
	return nil
}

// repoRoot finds the root of the retrylint module from the current
// directory up.
func repoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil && strings.HasPrefix(strings.TrimSpace(string(data)), "module github.com/retrylint/retrylint\n") {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("not inside the retrylint repository (no go.mod of github.com/retrylint/retrylint found up from the current directory)")
		}
		dir = parent
	}
}

// rel names file relative to the repository root, for messages.
func rel(root, file string) string {
	if r, err := filepath.Rel(root, file); err == nil && !strings.HasPrefix(r, "..") {
		return r
	}
	return file
}
