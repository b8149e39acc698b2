package retrysite_test

import (
	"bytes"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/retrylint/retrylint/analyzers/internal/failedge"
	"github.com/retrylint/retrylint/analyzers/retrysite"
	"github.com/retrylint/retrylint/rules"
)

var update = flag.Bool("update", false, "rewrite the golden files of sites and decisions")

// goldenRuns are the fixture packages the checks' tests analyse, under
// the configuration each test gives the model: the builtin rules for
// most, a test's own .retrylint.yml for the others.
var goldenRuns = []struct {
	config   string
	patterns []string
}{
	{"", []string{
		"catchall/...", "executionkey/...", "inventory/...", "nojitter/...", "example.com/retryutil",
		"nonidempotent/...", "onconflict/...", "onconflictretried", "plugindirective", "pluginnojitter",
		"retrysite/...", "unbounded/...", "wallclock/...",
	}},
	{`retried:
  - func: (*retriedconfig/jobs.Exporter).Run
    attempts: 3
    by: Airflow task retries
  - func: retriedconfig/jobs.backfill
    attempts: 4
    by: the Job's backoffLimit
  - func: (*retriedconfig/jobs.Exporter).RunOnce
    attempts: 3
    by: Airflow task retries
`, []string{"retriedconfig/..."}},
	{`packs:
  - library: effectrows/points
    effects:
      - call: "(*effectrows/points.seriesClient).put"
        class: idempotent
        what: the store replaces a point of the same series and timestamp
`, []string{"effectrows/..."}},
	{`packs:
  - library: github.com/cockroachdb/cockroach-go/v2
    retries:
      - {call: github.com/cockroachdb/cockroach-go/v2/crdb.ExecuteTx, framework: cockroach-go, operation: 3, rollback: 0, context: 0, retries-on: "retryable error (SQLSTATE 40001)", default-retries: 10, default: {attempts: true, classified: true}}
    attempts:
      - {call: github.com/cockroachdb/cockroach-go/v2/crdb.WithMaxRetries, context: 0, arg: 1, counts: attempts, framework: cockroach-go}
`, []string{"crdbpack/..."}},
	{`packs:
  - library: ownentrypack/sender
    doc: Backoff and BackoffContext run an operation again, with jittered waits, a counted number of times.
    retries:
      - {call: ownentrypack/sender.Backoff, operation: 0, default: {jitter: true, attempts: true, classified: false}}
      - {call: ownentrypack/sender.BackoffContext, operation: 1, context: 0, default: {jitter: true, attempts: true, classified: false}}
`, []string{"ownentrypack/..."}},
	{`packs:
  - library: example.com/taskq
    doc: A task queue that runs a failed handler again.
    retries:
      - call: (*example.com/taskq.Mux).Handle
        operation: 1
        method: ProcessTask
        framework: taskq
        default: {jitter: true, attempts: true, elapsed: false, classified: false}
    clocks:
      - (example.com/clock.Clock).Now
      - (example.com/clock.Clock).Since
`, []string{"wallclockframework/..."}},
	{`packs:
  - library: example.com/instant
    doc: A clock of milliseconds whose moments name their day.
    clocks:
      - example.com/instant.Now
    time-units:
      - {call: (example.com/instant.Instant).Day, makes: component}
    time-keeps:
      - {call: (example.com/instant.Instant).Shift}
`, []string{"wallclockowntime/..."}},
}

// TestSiteGoldens writes every site and every loop kept silent of the
// checks' fixture packages, with the decisions that made them, and
// compares them with testdata/golden/<package>.golden: a negative case
// of a check is silent for the reason its golden says. go test -update
// rewrites them.
func TestSiteGoldens(t *testing.T) {
	got := siteTraces(t)
	dir := filepath.Join("testdata", "golden")
	if *update {
		if err := os.RemoveAll(dir); err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		for name, text := range got {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.golden"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if _, ok := got[filepath.Base(f)]; !ok {
			t.Errorf("%s: no fixture package has this golden (go test -update removes it)", f)
		}
	}
	for name, text := range got {
		want, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Errorf("%v (go test -update writes it)", err)
			continue
		}
		if string(want) != text {
			t.Errorf("%s differs (go test -update rewrites it):\n%s", name, diff(string(want), text))
		}
	}
}

// siteTraces runs the model over the fixtures of goldenRuns and returns
// each package's golden text by file name. The packages are loaded
// once, as analysistest loads them (from testdata's GOPATH tree, with
// their tests), and each run analyses its own.
func siteTraces(t *testing.T) map[string]string {
	t.Helper()
	testdata, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	var patterns []string
	for _, run := range goldenRuns {
		patterns = append(patterns, run.patterns...)
	}
	cfg := &packages.Config{
		Mode:  packages.LoadAllSyntax | packages.NeedModule,
		Dir:   filepath.Join(testdata, "src"),
		Tests: true,
		Env:   append(os.Environ(), "GOPATH="+testdata, "GO111MODULE=off", "GOPROXY=off", "GOWORK=off"),
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pkgs {
		for _, e := range p.Errors {
			t.Fatalf("%s: %v", p.PkgPath, e)
		}
	}
	out := map[string]string{}
	for _, run := range goldenRuns {
		r := rules.Default()
		if run.config != "" {
			cfg, err := rules.ParseConfig(".retrylint.yml", []byte(run.config), []string{"nonidempotent", "wallclock"})
			if err != nil {
				t.Fatal(err)
			}
			r = rules.New(cfg)
		}
		var roots []*packages.Package
		for _, p := range pkgs {
			if matches(run.patterns, strings.TrimSuffix(p.PkgPath, "_test")) {
				roots = append(roots, p)
			}
		}
		for pkg, blocks := range traces(t, retrysite.New(r), roots) {
			name := strings.ReplaceAll(pkg, "/", "_") + ".golden"
			if _, dup := out[name]; dup {
				t.Fatalf("%s is in two runs", pkg)
			}
			out[name] = strings.Join(blocks, "\n")
		}
	}
	return out
}

// matches says whether one of the patterns (a path, or a path and
// /...) names the package path.
func matches(patterns []string, path string) bool {
	for _, p := range patterns {
		if dir, ok := strings.CutSuffix(p, "/..."); ok && (path == dir || strings.HasPrefix(path, dir+"/")) || path == p {
			return true
		}
	}
	return false
}

// traces runs a over the root packages and returns the explained sites
// and loops kept silent of each package, in source order; a package's
// test variants add the sites of its test files.
func traces(t *testing.T, a *analysis.Analyzer, roots []*packages.Package) map[string][]string {
	t.Helper()
	graph, err := checker.Analyze([]*analysis.Analyzer{a}, roots, nil)
	if err != nil {
		t.Fatal(err)
	}
	type block struct {
		file      string
		line, col int
		text      string
	}
	byPkg := map[string][]block{}
	for act := range graph.All() {
		if !act.IsRoot || strings.HasSuffix(act.Package.PkgPath, ".test") {
			continue
		}
		if act.Err != nil {
			t.Fatalf("%s: %v", act, act.Err)
		}
		res := act.Result.(*retrysite.Result)
		fset := act.Package.Fset
		path := strings.TrimSuffix(act.Package.PkgPath, "_test")
		if _, ok := byPkg[path]; !ok {
			byPkg[path] = nil // a golden for every package, if only to say it has no site
		}
		add := func(pos token.Pos, lines []string) {
			p := fset.Position(pos)
			byPkg[path] = append(byPkg[path], block{filepath.Base(p.Filename), p.Line, p.Column, strings.Join(lines, "\n") + "\n"})
		}
		for _, s := range res.Sites {
			add(s.Node.Pos(), s.Explain(fset))
			lastHolds(t, fset, s)
		}
		for _, n := range res.NotSites {
			add(n.Node.Pos(), n.Explain(fset))
		}
	}
	out := map[string][]string{}
	for pkg, blocks := range byPkg {
		slices.SortFunc(blocks, func(x, y block) int {
			if c := strings.Compare(x.file, y.file); c != 0 {
				return c
			}
			if x.line != y.line {
				return x.line - y.line
			}
			if x.col != y.col {
				return x.col - y.col
			}
			return strings.Compare(x.text, y.text)
		})
		blocks = slices.CompactFunc(blocks, func(x, y block) bool { return x == y })
		if len(blocks) == 0 {
			out[pkg] = []string{"no retry site, and no loop the model looked at\n"}
		}
		for _, b := range blocks {
			out[pkg] = append(out[pkg], b.text)
		}
	}
	return out
}

// lastHolds checks what the checks rely on: the last decision on each
// property of a site gave it the value it has.
func lastHolds(t *testing.T, fset *token.FileSet, s *retrysite.Site) {
	t.Helper()
	tri := func(b bool) retrysite.Tri {
		if b {
			return retrysite.Yes
		}
		return retrysite.No
	}
	for what, v := range map[string]retrysite.Tri{
		"jitter": s.Policy.Jitter, "attempts": s.Policy.Attempts, "elapsed": s.Policy.Elapsed,
		"cancel": s.Policy.Cancel, "classified": s.Policy.Classified, "site": retrysite.Yes,
	} {
		if d, ok := s.Decided(what); !ok || d.Value != v {
			t.Errorf("%s: the last decision on %s (%+v) does not give it its value %s", fset.Position(s.Node.Pos()), what, d, v)
		}
	}
	for what, v := range map[string]bool{"supervisor": s.Supervisor, "best-effort": s.BestEffort, "poller": s.Poller} {
		if d, ok := s.Decided(what); v && (!ok || d.Value != retrysite.Yes) || !v && ok && d.Value != retrysite.No {
			t.Errorf("%s: the last decision on %s (%+v) does not give it its value %v", fset.Position(s.Node.Pos()), what, d, tri(v))
		}
	}
}

// diff writes the lines of want and got that differ, a few at most.
func diff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b bytes.Buffer
	shown := 0
	for i := 0; i < max(len(w), len(g)) && shown < 10; i++ {
		var x, y string
		if i < len(w) {
			x = w[i]
		}
		if i < len(g) {
			y = g[i]
		}
		if x != y {
			fmt.Fprintf(&b, "line %d:\n  want %s\n  got  %s\n", i+1, x, y)
			shown++
		}
	}
	return b.String()
}

// TestRulesDocumented: every rule constant of the package has its line
// in the registry that Rules and docs/architecture.md list.
func TestRulesDocumented(t *testing.T) {
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, ".", func(fi fs.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, 0)
	if err != nil {
		t.Fatal(err)
	}
	documented := map[retrysite.Rule]bool{}
	for _, r := range retrysite.Rules() {
		documented[r] = true
		if r.Doc() == "" {
			t.Errorf("rule %s has an empty doc line", r)
		}
	}
	declared := 0
	for _, f := range pkgs["retrysite"].Files {
		ast.Inspect(f, func(n ast.Node) bool {
			vs, ok := n.(*ast.ValueSpec)
			if !ok || len(vs.Values) != len(vs.Names) {
				return true
			}
			if id, ok := vs.Type.(*ast.Ident); !ok || id.Name != "Rule" {
				return true
			}
			for _, v := range vs.Values {
				var name string
				switch v := v.(type) {
				case *ast.BasicLit:
					name, _ = strconv.Unquote(v.Value)
				case *ast.SelectorExpr: // failedge.RuleFailureEdge: the definition's rules
					name = definitionRules[v.Sel.Name]
				}
				if name == "" {
					continue
				}
				declared++
				if !documented[retrysite.Rule(name)] {
					t.Errorf("%s: rule %s has no line in ruleDocs", fset.Position(v.Pos()), name)
				}
			}
			return true
		})
	}
	if declared != len(documented) {
		t.Errorf("%d rule constants, %d documented rules", declared, len(documented))
	}
}

// definitionRules are the definition's rule constants, which rulebook.go
// names by selector.
var definitionRules = map[string]string{
	"RuleFailureEdge":        failedge.RuleFailureEdge,
	"RulePoller":             failedge.RulePoller,
	"RulePollerBackoff":      failedge.RulePollerBackoff,
	"RuleNoFailureEdge":      failedge.RuleNoFailureEdge,
	"RuleNoOperation":        failedge.RuleNoOperation,
	"RuleFailover":           failedge.RuleFailover,
	"RuleNextValue":          failedge.RuleNextValue,
	"RuleWalk":               failedge.RuleWalk,
	"RuleFallback":           failedge.RuleFallback,
	"RuleRecursion":          failedge.RuleRecursion,
	"RuleRecursionStructure": failedge.RuleRecursionStructure,
}

// TestRulesShown: every rule decides something in some fixture, so each
// has a golden that shows it. A gap of the trace (model.unattributed)
// must appear in none.
func TestRulesShown(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "golden", "*.golden"))
	if err != nil {
		t.Fatal(err)
	}
	var all strings.Builder
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		all.Write(b)
	}
	text := all.String()
	for _, r := range retrysite.Rules() {
		shown := strings.Contains(text, "(rule "+string(r)+",") || strings.Contains(text, "(rule "+string(r)+")")
		if r == "model.unattributed" {
			if shown {
				t.Errorf("a golden shows %s: a value no rule decided", r)
			}
			continue
		}
		if !shown {
			t.Errorf("no golden shows rule %s: add a fixture of its shape under testdata/src/retrysite", r)
		}
	}
}

// The list of rules in docs/architecture.md is generated between these
// lines.
const (
	rulesBegin = "<!-- rules of the model: generated from analyzers/retrysite/rulebook.go by go test ./analyzers/retrysite -run TestRulesInDocs -update -->\n"
	rulesEnd   = "<!-- end of the rules of the model -->\n"
	traceBegin = "<!-- snippet: skip: a trace from analyzers/retrysite/testdata/golden, which TestRulesInDocs finds there -->\n```text\n"
)

// TestRulesInDocs: docs/architecture.md lists every rule of the model
// with its doc line, grouped, and no other; its example of a trace is
// one a golden holds. -update rewrites the list.
func TestRulesInDocs(t *testing.T) {
	file := filepath.Join("..", "..", "docs", "architecture.md")
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	before, rest, ok := strings.Cut(doc, rulesBegin)
	if !ok {
		t.Fatalf("%s has no line %q", file, rulesBegin)
	}
	_, after, ok := strings.Cut(rest, rulesEnd)
	if !ok {
		t.Fatalf("%s has no line %q", file, rulesEnd)
	}
	want := ruleList()
	if *update {
		if err := os.WriteFile(file, []byte(before+rulesBegin+want+rulesEnd+after), 0o644); err != nil {
			t.Fatal(err)
		}
	} else if list, _, _ := strings.Cut(rest, rulesEnd); list != want {
		t.Errorf("the rules in %s differ from the model's (go test -run TestRulesInDocs -update rewrites them):\n%s", file, diff(list, want))
	}
	_, example, ok := strings.Cut(doc, traceBegin)
	if !ok {
		t.Fatalf("%s has no example of a trace after %q", file, traceBegin)
	}
	example, _, _ = strings.Cut(example, "```")
	goldens, err := filepath.Glob(filepath.Join("testdata", "golden", "*.golden"))
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range goldens {
		text, err := os.ReadFile(g)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(text), example) {
			return
		}
	}
	t.Errorf("%s: the example of a trace is in no golden:\n%s", file, example)
}

// ruleList writes the rules of the model, by group, as the docs list
// them.
func ruleList() string {
	groups := []string{"site", "not a site", "jitter", "caps", "classification", "other"}
	titles := map[string]string{
		"site":           "What makes a place a retry site",
		"not a site":     "What keeps a loop silent",
		"jitter":         "Jitter",
		"caps":           "Caps and cancellation",
		"classification": "Classification",
		"other":          "Configuration, marks, and the rest",
	}
	rs := retrysite.Rules()
	slices.Sort(rs)
	var b strings.Builder
	for _, g := range groups {
		fmt.Fprintf(&b, "\n### %s\n\n", titles[g])
		for _, r := range rs {
			if r.Group() == g {
				fmt.Fprintf(&b, "- `%s`: %s\n", r, r.Doc())
			}
		}
	}
	b.WriteString("\n")
	return b.String()
}
