package analyzers_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/gob"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"text/scanner"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/retrylint/retrylint/analyzers"
	"github.com/retrylint/retrylint/analyzers/catchall"
	"github.com/retrylint/retrylint/analyzers/executionkey"
	"github.com/retrylint/retrylint/analyzers/nojitter"
	"github.com/retrylint/retrylint/analyzers/nonidempotent"
	"github.com/retrylint/retrylint/analyzers/onconflict"
	"github.com/retrylint/retrylint/analyzers/unbounded"
	"github.com/retrylint/retrylint/analyzers/wallclock"
	"github.com/retrylint/retrylint/internal/driver"
	"github.com/retrylint/retrylint/rules"
)

// exported are the checks as Bazel's nogo registers them: the Analyzer
// variable of each check's package, with the builtin rules.
var exported = []*analysis.Analyzer{
	catchall.Analyzer,
	executionkey.Analyzer,
	nojitter.Analyzer,
	nonidempotent.Analyzer,
	onconflict.Analyzer,
	unbounded.Analyzer,
	wallclock.Analyzer,
}

// fixtures are the packages whose // want comments hold each check's
// findings with the builtin rules: the patterns of the check's own
// analysistest tests of its Analyzer variable.
var fixtures = map[string][]fixture{
	"catchall":     {{dir: "", patterns: []string{"catchall/..."}}},
	"executionkey": {{dir: "", patterns: []string{"executionkey/..."}}},
	"nojitter":     {{dir: "", patterns: []string{"nojitter/...", "example.com/retryutil"}}},
	"nonidempotent": {
		{dir: "", patterns: []string{"nonidempotent/..."}},
		{dir: "modules/kafkaown", patterns: []string{"./..."}, ownModule: true},
		{dir: "modules/redisown", patterns: []string{"./..."}, ownModule: true},
		{dir: "modules/rediscache", patterns: []string{"./..."}},
	},
	"onconflict": {{dir: "", patterns: []string{"onconflictretried", "onconflict/schema/..."}}},
	"unbounded":  {{dir: "", patterns: []string{"unbounded/..."}}},
	"wallclock":  {{dir: "", patterns: []string{"wallclock/..."}}},
}

// A fixture is packages of testdata: in its GOPATH tree testdata/src
// (dir ""), as analysistest reads it, or in the module testdata/<dir>.
type fixture struct {
	dir      string
	patterns []string
	// ownModule marks a library's own module, whose calls of its own API
	// the builtin rules judge differently: nogo gives a pass no Module, so
	// the checks cannot tell (see docs/bazel.md), and the fixture runs as
	// go vet runs it.
	ownModule bool
}

// vettoolEnv makes the test binary a go vet tool (see TestMain): "vet"
// runs the exported checks as go vet's unitchecker does; "nogo" runs
// them as rules_go's nogo does (go/tools/builders/nogo_main.go, v0.65.0):
// the standard library's packages have no facts, since nogo analyses
// only the packages Bazel builds with its toolchain, and a Pass has no
// Module, ReadFile, OtherFiles, IgnoredFiles or TypesSizes. The files
// keep go vet's absolute names: what the checks do with names relative
// to a sandbox is sqlextract's TestSchemaForSandbox.
const vettoolEnv = "RETRYLINT_TEST_VETTOOL"

// vetRunEnv names the go vet run the tool serves, for its version.
const vetRunEnv = "RETRYLINT_TEST_VETRUN"

// gorootEnv tells the vet tool where the standard library's sources are.
const gorootEnv = "RETRYLINT_TEST_GOROOT"

// configEnv names a configuration file the vet tool builds the checks
// from, as a nogo target's own packages build them from one embedded at
// build time (docs/bazel.md).
const configEnv = "RETRYLINT_TEST_CONFIG"

// factLogEnv names a file to which the vet tool appends the types of the
// facts it reads from its dependencies' files, a line each.
const factLogEnv = "RETRYLINT_TEST_FACTLOG"

func TestMain(m *testing.M) {
	if mode := os.Getenv(vettoolEnv); mode != "" {
		vettool(mode)
		return
	}
	os.Exit(m.Run())
}

// vettool runs the exported checks, or those of the configuration
// configEnv names, under go vet's protocol: one process per package,
// facts read from and written to files.
func vettool(mode string) {
	checks := exported
	if file := os.Getenv(configEnv); file != "" {
		data, err := os.ReadFile(file)
		if err == nil {
			checks, err = configuredChecks(filepath.Base(file), data)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
	args := os.Args[1:]
	if len(args) == 1 && args[0] == "-V=full" {
		// go vet caches results by this answer: give each run its own,
		// so that every package is analysed again (and its facts logged).
		// Besides, go1.26.8 serves a package vetted as a dependency (for
		// its facts only) from that cache when it is vetted again as a
		// root, with no diagnostics: a library's module, vetted after a
		// module that uses it, would show none.
		exe, err := os.Executable()
		if err == nil {
			var data []byte
			data, err = os.ReadFile(exe)
			if err == nil {
				id := sha256.Sum256(append(data, mode+"\x00"+os.Getenv(vetRunEnv)+"\x00"+os.Getenv(factLogEnv)...))
				fmt.Printf("%s version devel comments-go-here buildID=%x\n", exe, id)
				os.Exit(0)
			}
		}
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if len(args) > 0 && strings.HasSuffix(args[len(args)-1], ".cfg") {
		cfgFile := args[len(args)-1]
		var cfg struct {
			GoFiles     []string
			PackageVetx map[string]string
		}
		data, err := os.ReadFile(cfgFile)
		if err == nil {
			err = json.Unmarshal(data, &cfg)
		}
		if err == nil {
			err = logFacts(cfg.PackageVetx)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		if mode == "nogo" {
			goroot := os.Getenv(gorootEnv)
			if goroot == "" {
				fmt.Fprintln(os.Stderr, gorootEnv+" is not set")
				os.Exit(1)
			}
			if len(cfg.GoFiles) > 0 && strings.HasPrefix(cfg.GoFiles[0], goroot+string(filepath.Separator)) {
				// Run no analyzer: the package's file holds its types
				// and no facts.
				unitchecker.Run(cfgFile, nil)
			}
			asNogo(checks)
		}
	}
	unitchecker.Main(checks...)
}

// configuredChecks builds the checks from a configuration's text, as
// docs/bazel.md does for nogo.
func configuredChecks(name string, data []byte) ([]*analysis.Analyzer, error) {
	cfg, err := rules.ParseConfig(name, data, analyzers.Names())
	if err != nil {
		return nil, err
	}
	return analyzers.Checks(rules.New(cfg)), nil
}

// asNogo makes the analyzers and those they require see a Pass as nogo
// makes it.
func asNogo(as []*analysis.Analyzer) {
	seen := map[*analysis.Analyzer]bool{}
	var visit func(a *analysis.Analyzer)
	visit = func(a *analysis.Analyzer) {
		if seen[a] {
			return
		}
		seen[a] = true
		run := a.Run
		a.Run = func(pass *analysis.Pass) (any, error) {
			pass.Module, pass.ReadFile, pass.OtherFiles, pass.IgnoredFiles, pass.TypesSizes = nil, nil, nil, nil, nil
			return run(pass)
		}
		for _, r := range a.Requires {
			visit(r)
		}
	}
	for _, a := range as {
		visit(a)
	}
}

// logFacts appends to the file factLogEnv names the types of the facts
// that the dependencies' vetx files hold. A vetx file is "vetx", the
// lengths of the types and of the facts (uint32, little-endian), then
// both; the facts are golang.org/x/tools/internal/facts's gob encoding.
func logFacts(vetx map[string]string) error {
	file := os.Getenv(factLogEnv)
	if file == "" {
		return nil
	}
	for _, typ := range factTypes(exported) {
		gob.Register(reflect.New(typ.Elem()).Interface())
	}
	seen := map[string]bool{}
	for _, name := range vetx {
		data, err := os.ReadFile(name)
		if err != nil {
			return err
		}
		if len(data) < 12 || string(data[:4]) != "vetx" {
			return fmt.Errorf("%s: not a vetx file", name)
		}
		start := 12 + uint64(binary.LittleEndian.Uint32(data[4:8]))
		end := start + uint64(binary.LittleEndian.Uint32(data[8:12]))
		if end > uint64(len(data)) || start == end {
			continue
		}
		var facts []struct {
			PkgPath, Object string
			Fact            analysis.Fact
		}
		if err := gob.NewDecoder(bytes.NewReader(data[start:end])).Decode(&facts); err != nil {
			return fmt.Errorf("%s: %v", name, err)
		}
		for _, f := range facts {
			seen[reflect.TypeOf(f.Fact).String()] = true
		}
	}
	if len(seen) == 0 {
		return nil
	}
	var lines strings.Builder
	for _, typ := range slices.Sorted(maps.Keys(seen)) {
		lines.WriteString(typ + "\n")
	}
	// One write in append mode: the processes go vet runs at once do not
	// interleave their lines.
	f, err := os.OpenFile(file, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o666)
	if err != nil {
		return err
	}
	_, err = f.WriteString(lines.String())
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// TestExportedAnalyzers: every check has its Analyzer variable in the
// list above, and its fixtures.
func TestExportedAnalyzers(t *testing.T) {
	var names []string
	for _, a := range exported {
		names = append(names, a.Name)
		if _, ok := fixtures[a.Name]; !ok {
			t.Errorf("no fixtures for %s", a.Name)
		}
	}
	if want := analyzers.Names(); !slices.Equal(names, want) {
		t.Errorf("exported checks %v, want %v: add the new check's Analyzer variable", names, want)
	}
}

// TestPerPackage runs every check under the per-package protocol of go
// vet and Bazel's nogo, on the fixtures of the checks' analysistest tests:
// each package in its own process, type-checked from its dependencies'
// export data, with its dependencies' facts read back from the files the
// processes that analysed them wrote. The findings must be exactly those
// the // want comments expect, as analysistest finds them in one process,
// and every fact type must have gone from one process to another.
//
// The tool runs as nogo would (vettoolEnv), but for a library's own
// module, where the checks need the Module that nogo does not give, and
// so run as go vet runs them. With the standard library's facts and a
// Module, the fixtures are analysistest's; cmd/retrylint's TestVet runs
// the command itself under go vet.
func TestPerPackage(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and vets the fixtures")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	testdata, err := filepath.Abs(filepath.Join("..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	goroot := gorootSrc(t)
	// One go vet per folder, of every check's patterns there.
	patterns := map[string][]string{}
	modes := map[string]string{}
	for _, a := range exported {
		for _, f := range fixtures[a.Name] {
			modes[f.dir] = "nogo"
			if f.ownModule {
				modes[f.dir] = "vet"
			}
			for _, p := range f.patterns {
				if !slices.Contains(patterns[f.dir], p) {
					patterns[f.dir] = append(patterns[f.dir], p)
				}
			}
		}
	}
	factLog := filepath.Join(t.TempDir(), "facts")
	dirs := slices.Sorted(maps.Keys(patterns))
	outs := make([][]byte, len(dirs))
	errs := make([]error, len(dirs))
	var wg sync.WaitGroup
	for i, dir := range dirs {
		env := []string{vettoolEnv + "=" + modes[dir], vetRunEnv + "=" + dir, gorootEnv + "=" + goroot, factLogEnv + "=" + factLog}
		if dir == "" {
			env = append(env, "GOPATH="+testdata, "GO111MODULE=off")
		}
		wg.Go(func() { outs[i], errs[i] = goVet(exe, fixtureRoot(testdata, dir), patterns[dir], env...) })
	}
	wg.Wait()
	got := map[fixtureCheck][]finding{}
	for i, dir := range dirs {
		if errs[i] != nil {
			t.Fatal(errs[i])
		}
		for check, fs := range vetFindings(t, outs[i], fixtureRoot(testdata, dir)) {
			got[fixtureCheck{dir, check}] = fs
		}
	}
	for _, a := range exported {
		for _, f := range fixtures[a.Name] {
			want := wantedFindings(t, fixtureRoot(testdata, f.dir), f.patterns)
			checkFindings(t, a.Name, got[fixtureCheck{f.dir, a.Name}], want, f.patterns)
		}
	}
	// Every fact type went from one process to another.
	log, err := os.ReadFile(factLog)
	if err != nil {
		t.Fatal(err)
	}
	for _, typ := range factTypes(exported) {
		if slices.ContainsFunc(analyzers.Joins(), func(j driver.Join) bool { return reflect.TypeOf(j.Fact) == typ }) {
			continue // read at the end of a run by the standalone driver's join, never by a package
		}
		if !slices.Contains(strings.Split(string(log), "\n"), typ.String()) {
			t.Errorf("no package read a %s from its dependencies' facts", typ)
		}
	}
}

// TestPerPackageConfigured: checks built from a .retrylint.yml's text, as
// docs/bazel.md builds them for nogo, apply it under the per-package
// protocol: the module's own retry helper, which only its pack describes,
// is a retry site, and nojitter, which it disables, reports nothing (its
// loop waits a fixed delay: cmd/retrylint's TestConfigFlag).
func TestPerPackageConfigured(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and vets a fixture")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir, err := filepath.Abs(filepath.Join("..", "testdata", "cmd", "configured"))
	if err != nil {
		t.Fatal(err)
	}
	out, err := goVet(exe, dir, []string{"./..."},
		vettoolEnv+"=nogo", vetRunEnv+"=configured", gorootEnv+"="+gorootSrc(t),
		configEnv+"="+filepath.Join(dir, ".retrylint.yml"), factLogEnv+"="+filepath.Join(t.TempDir(), "facts"))
	if err != nil {
		t.Fatal(err)
	}
	got := vetFindings(t, out, dir)
	want := map[string][]expectation{
		"catchall":  {{"app/app.go:31", regexp.MustCompile(`^retry loop retries every error`)}},
		"unbounded": {{"app/app.go:15", regexp.MustCompile(`^retry\.Do retries with no attempt cap`)}, {"app/app.go:31", regexp.MustCompile(`^retry loop has no attempt cap`)}},
	}
	for _, check := range analyzers.Names() {
		checkFindings(t, check, got[check], want[check], []string{"./..."})
	}
}

// fixtureCheck is a check's findings in a fixture folder.
type fixtureCheck struct{ dir, check string }

// goVet runs go vet -json on patterns in dir, with the test binary as its
// tool, in the environment env adds, and returns its output.
func goVet(tool, dir string, patterns []string, env ...string) ([]byte, error) {
	cmd := exec.Command("go", append([]string{"vet", "-vettool=" + tool, "-json"}, patterns...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), append([]string{"GOWORK=off", "GOPROXY=off", "GOFLAGS="}, env...)...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("go vet in %s: %v\n%s", dir, err, stderr.Bytes())
	}
	return stdout.Bytes(), nil
}

// gorootSrc returns the standard library's source folder.
func gorootSrc(t *testing.T) string {
	t.Helper()
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatal(err)
	}
	return filepath.Join(strings.TrimSpace(string(out)), "src")
}

// fixtureRoot is the folder a fixture's patterns and positions are
// relative to: the GOPATH's src, or the module's root.
func fixtureRoot(testdata, dir string) string {
	if dir == "" {
		return filepath.Join(testdata, "src")
	}
	return filepath.Join(testdata, dir)
}

// A finding is a diagnostic's position, file:line, with the file named
// from testdata/src, and its message.
type finding struct {
	posn, message string
}

// vetFindings reads go vet -json's output: a JSON object per package,
// check name to diagnostics. A check's error fails the test.
func vetFindings(t *testing.T, out []byte, src string) map[string][]finding {
	t.Helper()
	got := map[string][]finding{}
	posn := regexp.MustCompile(`^(.*:\d+):\d+$`)
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var tree map[string]map[string]json.RawMessage
		if err := dec.Decode(&tree); err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("go vet -json: %v\n%s", err, out)
		}
		for pkg, checks := range tree {
			for check, raw := range checks {
				var diags []struct{ Posn, Message string }
				if err := json.Unmarshal(raw, &diags); err != nil {
					t.Errorf("%s: %s: %s", pkg, check, raw)
					continue
				}
				for _, d := range diags {
					m := posn.FindStringSubmatch(d.Posn)
					if m == nil {
						t.Fatalf("%s: %s: position %q", pkg, check, d.Posn)
					}
					rel, err := filepath.Rel(src, m[1])
					if err != nil {
						t.Fatal(err)
					}
					got[check] = append(got[check], finding{filepath.ToSlash(rel), d.Message})
				}
			}
		}
	}
	return got
}

// expectation is a // want regular expression for a diagnostic.
type expectation struct {
	posn string
	rx   *regexp.Regexp
}

// wantedFindings reads the diagnostics the // want comments of the
// packages matching patterns expect, as analysistest reads them: the
// quoted regular expressions of a comment that starts with "want" (or
// holds "// want"), name:"rx" facts left out, +N moving them N lines
// down.
func wantedFindings(t *testing.T, src string, patterns []string) []expectation {
	t.Helper()
	var want []expectation
	err := filepath.WalkDir(src, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		rel = filepath.ToSlash(rel)
		if !matchesAny(filepath.ToSlash(filepath.Dir(rel)), patterns) {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for i, line := range strings.Split(string(data), "\n") {
			j := strings.Index(line, "// want")
			if j < 0 {
				continue
			}
			delta, rxs, err := parseWant(line[j+len("// want"):])
			if err != nil {
				t.Errorf("%s:%d: %v", rel, i+1, err)
				continue
			}
			for _, rx := range rxs {
				want = append(want, expectation{fmt.Sprintf("%s:%d", rel, i+1+delta), rx})
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return want
}

// matchesAny reports whether the package folder (relative to the
// GOPATH's src or the module's root) matches one of the go command's
// patterns: ./..., a path, or a path followed by /....
func matchesAny(pkg string, patterns []string) bool {
	for _, p := range patterns {
		if p == "./..." {
			return true
		}
		if base, ok := strings.CutSuffix(p, "/..."); ok {
			if pkg == base || strings.HasPrefix(pkg, base+"/") {
				return true
			}
		} else if pkg == p {
			return true
		}
	}
	return false
}

// parseWant parses what follows "want" in a comment: the diagnostics'
// regular expressions, with the facts skipped.
func parseWant(text string) (delta int, rxs []*regexp.Regexp, err error) {
	var sc scanner.Scanner
	sc.Init(strings.NewReader(text))
	sc.Mode = scanner.ScanIdents | scanner.ScanStrings | scanner.ScanRawStrings | scanner.ScanInts
	sc.Error = func(_ *scanner.Scanner, msg string) { err = fmt.Errorf("%s", msg) }
	for {
		switch tok := sc.Scan(); tok {
		case scanner.EOF:
			return delta, rxs, err
		case '+':
			if sc.Scan() != scanner.Int {
				return 0, nil, fmt.Errorf("want +N")
			}
			delta, _ = strconv.Atoi(sc.TokenText())
		case scanner.String, scanner.RawString:
			s, _ := strconv.Unquote(sc.TokenText())
			rx, err := regexp.Compile(s)
			if err != nil {
				return 0, nil, err
			}
			rxs = append(rxs, rx)
		case scanner.Ident: // a fact: name:"rx"
			if sc.Scan() != ':' {
				return 0, nil, fmt.Errorf("want ':' after %s", sc.TokenText())
			}
			if tok := sc.Scan(); tok != scanner.String && tok != scanner.RawString {
				return 0, nil, fmt.Errorf("want a fact's regular expression")
			}
		default:
			return 0, nil, fmt.Errorf("unexpected %s", scanner.TokenString(tok))
		}
	}
}

// checkFindings matches the check's findings in the fixtures' packages
// with the expectations, one each, as analysistest does.
func checkFindings(t *testing.T, check string, got []finding, want []expectation, patterns []string) {
	t.Helper()
	used := make([]bool, len(want))
	for _, g := range got {
		if !matchesAny(filepath.ToSlash(filepath.Dir(strings.Split(g.posn, ":")[0])), patterns) {
			continue // another check's fixtures
		}
		found := false
		for i, w := range want {
			if !used[i] && w.posn == g.posn && w.rx.MatchString(g.message) {
				used[i], found = true, true
				break
			}
		}
		if !found {
			t.Errorf("%s: %s: unexpected finding: %s", check, g.posn, g.message)
		}
	}
	for i, w := range want {
		if !used[i] {
			t.Errorf("%s: %s: no finding matches %#q", check, w.posn, w.rx)
		}
	}
}
