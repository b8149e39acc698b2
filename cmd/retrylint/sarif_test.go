package main_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/retrylint/retrylint/analyzers"
	"github.com/retrylint/retrylint/internal/sarif"
	"github.com/retrylint/retrylint/rules"
)

// sarifSchema is the OASIS SARIF 2.1.0 schema, kept in testdata, compiled
// once.
var sarifSchema = sync.OnceValues(func() (*jsonschema.Schema, error) {
	file, err := filepath.Abs(filepath.Join("..", "..", "testdata", "sarif", "sarif-schema-2.1.0.json"))
	if err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	return c.Compile(file)
})

// validateSARIF checks a log against the schema.
func validateSARIF(t *testing.T, log string) error {
	t.Helper()
	schema, err := sarifSchema()
	if err != nil {
		t.Fatalf("compiling the SARIF schema: %v", err)
	}
	inst, err := jsonschema.UnmarshalJSON(strings.NewReader(log))
	if err != nil {
		return err
	}
	return schema.Validate(inst)
}

// runSARIF runs retrylint -format sarif in dir, expects the status want
// and a log that the schema accepts and whose every member the package's
// types know, and returns it.
func runSARIF(t *testing.T, dir string, want int, args ...string) (*sarif.Log, result) {
	t.Helper()
	r := retrylint(t, dir, append([]string{"-format", "sarif"}, args...)...)
	checkCode(t, r, want)
	if err := validateSARIF(t, r.stdout); err != nil {
		t.Fatalf("the SARIF log does not validate: %v\n%s", err, r.stdout)
	}
	dec := json.NewDecoder(strings.NewReader(r.stdout))
	dec.DisallowUnknownFields()
	var log sarif.Log
	if err := dec.Decode(&log); err != nil {
		t.Fatalf("decoding the SARIF log: %v", err)
	}
	if len(log.Runs) != 1 {
		t.Fatalf("%d runs, want 1", len(log.Runs))
	}
	return &log, r
}

// resultsOf returns the run's results by rule, in order.
func resultsOf(log *sarif.Log) map[string][]sarif.Result {
	m := map[string][]sarif.Result{}
	for _, r := range log.Runs[0].Results {
		m[r.RuleID] = append(m[r.RuleID], r)
	}
	return m
}

// one returns the only result of a rule.
func one(t *testing.T, log *sarif.Log, rule string) sarif.Result {
	t.Helper()
	rs := resultsOf(log)[rule]
	if len(rs) != 1 {
		t.Fatalf("%d %s results, want 1: %+v", len(rs), rule, log.Runs[0].Results)
	}
	return rs[0]
}

// checkRegion checks a location's file and region.
func checkRegion(t *testing.T, what string, loc *sarif.PhysicalLocation, uri string, want sarif.Region) {
	t.Helper()
	if loc == nil {
		t.Fatalf("%s: no physical location", what)
	}
	if loc.ArtifactLocation != (sarif.ArtifactLocation{URI: uri, URIBaseID: "%SRCROOT%"}) {
		t.Errorf("%s: artifact %+v, want %s under %%SRCROOT%%", what, loc.ArtifactLocation, uri)
	}
	if loc.Region == nil || *loc.Region != want {
		t.Errorf("%s: region %+v, want %+v", what, loc.Region, want)
	}
}

var fingerprintRE = regexp.MustCompile(`^[0-9a-f]{32}:[1-9][0-9]*$`)

// fingerprints returns each result's fingerprint by rule, for a run with
// one result per rule.
func fingerprints(t *testing.T, log *sarif.Log) map[string]string {
	t.Helper()
	m := map[string]string{}
	for _, r := range log.Runs[0].Results {
		fp := r.PartialFingerprints[sarif.FingerprintKey]
		if !fingerprintRE.MatchString(fp) {
			t.Errorf("%s: fingerprint %q does not match %s", r.RuleID, fp, fingerprintRE)
		}
		if _, dup := m[r.RuleID]; dup {
			t.Fatalf("two %s results", r.RuleID)
		}
		m[r.RuleID] = fp
	}
	return m
}

func TestSARIF(t *testing.T) {
	t.Parallel()
	dir := copyFixture(t, "findings")
	log, r := runSARIF(t, dir, 0, "./...")
	if r.stderr != "" {
		t.Errorf("stderr: %s", r.stderr)
	}
	if log.Version != "2.1.0" || log.Schema != sarif.SchemaURI {
		t.Errorf("version %q, $schema %q", log.Version, log.Schema)
	}
	run := log.Runs[0]
	if d := run.Tool.Driver; d.Name != "retrylint" || d.Version == "" || d.InformationURI != "https://github.com/retrylint/retrylint" {
		t.Errorf("tool: %+v", d)
	}
	if got, want := run.OriginalURIBaseIDs["%SRCROOT%"].URI, "file://"+dir+"/"; got != want {
		t.Errorf("%%SRCROOT%% is %q, want the module root %q (no git here)", got, want)
	}
	if run.ColumnKind != "utf16CodeUnits" {
		t.Errorf("columnKind %q", run.ColumnKind)
	}

	// One rule per check, described from its Doc, with its page.
	checks := analyzers.Checks(rules.Default())
	if len(run.Tool.Driver.Rules) != len(checks) {
		t.Fatalf("%d rules, want %d", len(run.Tool.Driver.Rules), len(checks))
	}
	for i, a := range checks {
		rule := run.Tool.Driver.Rules[i]
		title, _, _ := strings.Cut(a.Doc, "\n\n")
		if rule.ID != a.Name || rule.ShortDescription == nil || rule.ShortDescription.Text != strings.Join(strings.Fields(title), " ") {
			t.Errorf("rule %d: %+v, want %s: %s", i, rule, a.Name, title)
		}
		if want := "https://github.com/retrylint/retrylint/blob/main/docs/checks/" + a.Name + ".md"; rule.HelpURI != want || a.URL != want {
			t.Errorf("%s: helpUri %q, analyzer URL %q, want %q", a.Name, rule.HelpURI, a.URL, want)
		}
		if rule.FullDescription == nil || rule.FullDescription.Text == "" || rule.Help == nil || !strings.Contains(rule.Help.Text, strings.TrimSpace(title)) || !strings.Contains(rule.Help.Markdown, "]("+a.URL+")") {
			t.Errorf("%s: descriptions and help: %+v %+v", a.Name, rule.FullDescription, rule.Help)
		}
		if rule.DefaultConfiguration == nil || rule.DefaultConfiguration.Level != "warning" {
			t.Errorf("%s: default configuration %+v, want level warning", a.Name, rule.DefaultConfiguration)
		}
	}

	// The findings of text output, relative to the root.
	if len(run.Results) != 3 {
		t.Fatalf("%d results, want 3:\n%s", len(run.Results), r.stdout)
	}
	loop := sarif.Region{StartLine: 10, StartColumn: 2, EndLine: 10, EndColumn: 5}
	for _, c := range []struct {
		rule    string
		message string
		region  sarif.Region
	}{
		{"catchall", catchallLoop, loop},
		{"unbounded", unboundedLoop, loop},
		{"nojitter", nojitterFixed, sarif.Region{StartLine: 14, StartColumn: 14, EndLine: 14, EndColumn: 29}},
	} {
		res := one(t, log, c.rule)
		if run.Tool.Driver.Rules[res.RuleIndex].ID != c.rule || res.Level != "warning" {
			t.Errorf("%s: ruleIndex %d, level %q", c.rule, res.RuleIndex, res.Level)
		}
		if !regexp.MustCompile(c.message).MatchString(res.Message.Text) {
			t.Errorf("%s: message %q does not match %q", c.rule, res.Message.Text, c.message)
		}
		if len(res.Locations) != 1 {
			t.Fatalf("%s: %d locations", c.rule, len(res.Locations))
		}
		checkRegion(t, c.rule, res.Locations[0].PhysicalLocation, "loop/loop.go", c.region)
	}
	fingerprints(t, log)

	// nojitter's fix, applied from the SARIF log, gives what -fix writes.
	res := one(t, log, "nojitter")
	if len(res.Fixes) != 1 || res.Fixes[0].Description == nil || res.Fixes[0].Description.Text != "Add full jitter" {
		t.Fatalf("nojitter fixes: %+v", res.Fixes)
	}
	changes := res.Fixes[0].ArtifactChanges
	if len(changes) != 1 || changes[0].ArtifactLocation != (sarif.ArtifactLocation{URI: "loop/loop.go", URIBaseID: "%SRCROOT%"}) {
		t.Fatalf("nojitter fix changes: %+v", changes)
	}
	src, err := os.ReadFile(filepath.Join(dir, "loop", "loop.go"))
	if err != nil {
		t.Fatal(err)
	}
	fixed := applyReplacements(t, src, changes[0].Replacements)
	fixDir := copyFixture(t, "findings")
	checkCode(t, retrylint(t, fixDir, "-fix", "./..."), 0)
	want, err := os.ReadFile(filepath.Join(fixDir, "loop", "loop.go"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(fixed, want) {
		t.Errorf("the SARIF fix gives:\n%s\n-fix gives:\n%s", fixed, want)
	}
}

// applyReplacements applies replacements, given by byte offsets in the
// original text, after checking that their lines and columns say the same.
func applyReplacements(t *testing.T, src []byte, reps []sarif.Replacement) []byte {
	t.Helper()
	var out []byte
	last := 0
	for _, rep := range reps {
		d := rep.DeletedRegion
		if d.ByteOffset == nil || d.ByteLength == nil {
			t.Fatalf("replacement without byte offsets: %+v", d)
		}
		start, end := *d.ByteOffset, *d.ByteOffset+*d.ByteLength
		if start < last || end > len(src) {
			t.Fatalf("replacements out of order or range: %+v", reps)
		}
		// The fixture is ASCII: a column is a byte.
		for _, p := range []struct{ offset, line, col int }{{start, d.StartLine, d.StartColumn}, {end, d.EndLine, d.EndColumn}} {
			line := bytes.Count(src[:p.offset], []byte("\n")) + 1
			col := p.offset - (bytes.LastIndexByte(src[:p.offset], '\n') + 1) + 1
			if line != p.line || col != p.col {
				t.Errorf("offset %d is %d:%d, the region says %d:%d", p.offset, line, col, p.line, p.col)
			}
		}
		out = append(out, src[last:start]...)
		if rep.InsertedContent != nil {
			out = append(out, rep.InsertedContent.Text...)
		}
		last = end
	}
	return append(out, src[last:]...)
}

// nonidempotent's call chain becomes related locations, linked from the
// message, where code scanning shows them.
func TestSARIFRelated(t *testing.T) {
	t.Parallel()
	dir := copyFixture(t, "crosspkg")
	log, _ := runSARIF(t, dir, 0, "./...")
	res := one(t, log, "nonidempotent")
	checkRegion(t, "nonidempotent", res.Locations[0].PhysicalLocation, "app/app.go", sarif.Region{StartLine: 16, StartColumn: 2, EndLine: 16, EndColumn: 5})
	chain := []string{
		"store.AppendOrder at app.go:17:12",
		`(*sql.DB).ExecContext "INSERT INTO orders (id) VALUES ($1)" at store.go:11:12`,
	}
	if len(res.RelatedLocations) != len(chain) {
		t.Fatalf("related locations: %+v, want %d", res.RelatedLocations, len(chain))
	}
	for i, msg := range chain {
		rel := res.RelatedLocations[i]
		if rel.ID != i+1 || rel.Message == nil || rel.Message.Text != msg {
			t.Errorf("related %d: id %d, message %+v, want %d, %q", i, rel.ID, rel.Message, i+1, msg)
		}
		// The analyzer places each hop at the retry; the message says
		// where the call is.
		checkRegion(t, "related", rel.PhysicalLocation, "app/app.go", sarif.Region{StartLine: 16, StartColumn: 2})
		if link := fmt.Sprintf("\n\t[%s](%d)", msg, i+1); !strings.Contains(res.Message.Text, link) {
			t.Errorf("message does not link related %d with %q:\n%s", i+1, link, res.Message.Text)
		}
	}
	if !strings.HasPrefix(res.Message.Text, "retry loop repeats store.AppendOrder, which inserts into orders") {
		t.Errorf("message: %q", res.Message.Text)
	}
}

// A finding keeps its fingerprint across runs and across edits that move
// it, and loses it when its own line changes.
func TestSARIFFingerprints(t *testing.T) {
	t.Parallel()
	dir := copyFixture(t, "findings")
	first, r1 := runSARIF(t, dir, 0, "./...")
	second, r2 := runSARIF(t, dir, 0, "./...")
	if r1.stdout != r2.stdout {
		t.Errorf("two runs print different logs:\n%s\n%s", r1.stdout, r2.stdout)
	}
	before := fingerprints(t, first)
	if len(before) != 3 || len(slices.Compact(slices.Sorted(maps.Values(before)))) != 3 {
		t.Fatalf("fingerprints: %v, want 3 distinct", before)
	}
	if again := fingerprints(t, second); !maps.Equal(before, again) {
		t.Errorf("fingerprints differ between two runs:\n%v\n%v", before, again)
	}
	lines := map[string]int{}
	for _, res := range first.Runs[0].Results {
		lines[res.RuleID] = res.Locations[0].PhysicalLocation.Region.StartLine
	}

	file := filepath.Join(dir, "loop", "loop.go")
	edit := func(old, new string) {
		t.Helper()
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(src, []byte(old)) {
			t.Fatalf("loop.go lacks %q", old)
		}
		if err := os.WriteFile(file, bytes.Replace(src, []byte(old), []byte(new), 1), 0o666); err != nil {
			t.Fatal(err)
		}
	}

	// Three lines added above every finding, and the loop reindented.
	edit("func op() error", "// op stands for the work.\n//\n// It always succeeds.\nfunc op() error")
	edit("\tfor {\n", "\t  for   {\n")
	moved, _ := runSARIF(t, dir, 0, "./...")
	after := fingerprints(t, moved)
	for _, res := range moved.Runs[0].Results {
		if got := res.Locations[0].PhysicalLocation.Region.StartLine; got != lines[res.RuleID]+3 {
			t.Errorf("%s: line %d after the edit, want %d", res.RuleID, got, lines[res.RuleID]+3)
		}
	}
	if !maps.Equal(before, after) {
		t.Errorf("fingerprints changed when the findings moved:\nbefore %v\nafter  %v", before, after)
	}

	// nojitter's own line changes: it is a new finding; the others stay.
	edit("time.Sleep(2 * time.Second)", "time.Sleep(3 * time.Second)")
	changed, _ := runSARIF(t, dir, 0, "./...")
	now := fingerprints(t, changed)
	if now["nojitter"] == before["nojitter"] || now["catchall"] != before["catchall"] || now["unbounded"] != before["unbounded"] {
		t.Errorf("after an edit of nojitter's line:\nbefore %v\nafter  %v", before, now)
	}
}

// %SRCROOT% is the top of the git working tree, above the module, from
// any folder of it.
func TestSARIFRoot(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	repo, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	checkCode(t, run(t, repo, "git", "init", "-q"), 0)
	module := filepath.Join(repo, "services", "loops")
	if err := os.MkdirAll(filepath.Dir(module), 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.CopyFS(module, os.DirFS(fixture(t, "findings"))); err != nil {
		t.Fatal(err)
	}
	for _, sub := range []string{module, filepath.Join(module, "loop")} {
		log, _ := runSARIF(t, sub, 0, "./...")
		run := log.Runs[0]
		if got := run.OriginalURIBaseIDs["%SRCROOT%"].URI; got != "file://"+repo+"/" {
			t.Errorf("from %s: %%SRCROOT%% is %q, want the git top level %s", sub, got, repo)
		}
		res := one(t, log, "nojitter")
		checkRegion(t, "nojitter", res.Locations[0].PhysicalLocation, "services/loops/loop/loop.go", sarif.Region{StartLine: 14, StartColumn: 14, EndLine: 14, EndColumn: 29})
		if uri := res.Fixes[0].ArtifactChanges[0].ArtifactLocation.URI; uri != "services/loops/loop/loop.go" {
			t.Errorf("fix names %s", uri)
		}
	}
}

// Like -json, -format sarif reports through its output: the status is 0
// unless packages could not be loaded or analysed.
func TestSARIFStatus(t *testing.T) {
	t.Parallel()
	log, r := runSARIF(t, fixture(t, "clean"), 0, "./...")
	if len(log.Runs[0].Results) != 0 || len(log.Runs[0].Tool.Driver.Rules) != len(analyzers.Names()) || r.stderr != "" {
		t.Errorf("clean module: %s\nstderr: %s", r.stdout, r.stderr)
	}

	dir := fixture(t, "typeerror")
	log, r = runSARIF(t, dir, 1, "./...")
	if !strings.Contains(r.stderr, `broken.go:18:17: cannot use "three"`) {
		t.Errorf("stderr does not report the type error:\n%s", r.stderr)
	}
	if res := resultsOf(log)["unbounded"]; len(res) != 1 || !strings.HasSuffix(res[0].Locations[0].PhysicalLocation.ArtifactLocation.URI, "fine/fine.go") {
		t.Errorf("the package that type-checks is still reported: %+v", res)
	}

	// -json is -format json; they cannot disagree.
	dir = fixture(t, "findings")
	j := retrylint(t, dir, "-json", "./...")
	f := retrylint(t, dir, "-format", "json", "./...")
	checkCode(t, f, 0)
	if j.stdout != f.stdout || f.stdout == "" {
		t.Errorf("-json and -format json differ:\n%s\n%s", j.stdout, f.stdout)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-json", "-format", "sarif"}, "retrylint: -json and -format sarif disagree\n"},
		{[]string{"-format=xml"}, `invalid value "xml" for flag -format: unknown format "xml": use text, json or sarif`},
	} {
		r := retrylint(t, dir, append(c.args, "./...")...)
		checkCode(t, r, 2)
		if !strings.Contains(r.stderr, c.want) || r.stdout != "" {
			t.Errorf("%s: stderr %q, want %q", strings.Join(c.args, " "), r.stderr, c.want)
		}
	}
}

// The log's one invocation says whether the run did all it was asked: a
// package that does not type-check makes it unsuccessful, with the error
// as a notification; the package beside it is still reported.
func TestSARIFExecution(t *testing.T) {
	t.Parallel()
	log, _ := runSARIF(t, fixture(t, "findings"), 0, "./...")
	if inv := log.Runs[0].Invocations; len(inv) != 1 || !inv[0].ExecutionSuccessful || len(inv[0].ToolExecutionNotifications) != 0 {
		t.Errorf("a run that analysed everything: invocations %+v, want one, successful", inv)
	}

	dir := fixture(t, "typeerror")
	log, _ = runSARIF(t, dir, 1, "./...")
	inv := log.Runs[0].Invocations
	if len(inv) != 1 || inv[0].ExecutionSuccessful {
		t.Fatalf("a run with a type error: invocations %+v, want one, not successful", inv)
	}
	// The notification names the package; its location is the type
	// error, with the compiler's message.
	const want = "example.com/typeerror/broken not analysed: it does not type-check"
	found := false
	for _, n := range inv[0].ToolExecutionNotifications {
		if n.Level != "error" {
			t.Errorf("notification %+v: level %q, want error", n, n.Level)
		}
		if n.Message.Text != want {
			continue
		}
		found = true
		if len(n.Locations) != 1 || n.Locations[0].Message == nil || !strings.HasPrefix(n.Locations[0].Message.Text, `cannot use "three" (untyped string constant) as int value`) {
			t.Errorf("notification %q: locations %+v, want the type error", want, n.Locations)
		} else {
			checkRegion(t, "the type error", n.Locations[0].PhysicalLocation, "testdata/cmd/typeerror/broken/broken.go", sarif.Region{StartLine: 18, StartColumn: 17})
		}
	}
	if !found {
		t.Errorf("no notification says %q: %+v", want, inv[0].ToolExecutionNotifications)
	}
	if len(resultsOf(log)["unbounded"]) != 1 {
		t.Errorf("the package that type-checks is not reported: %+v", log.Runs[0].Results)
	}

	// Nothing to load at all: still a log, which says so.
	log, _ = runSARIF(t, fixture(t, "findings"), 1, "./nosuchdir/...")
	if inv := log.Runs[0].Invocations; len(inv) != 1 || inv[0].ExecutionSuccessful || len(inv[0].ToolExecutionNotifications) == 0 {
		t.Errorf("a run that loaded nothing: invocations %+v", inv)
	}
}

// The validator is not vacuous: it rejects what the schema forbids.
func TestSARIFSchemaRejects(t *testing.T) {
	t.Parallel()
	for _, bad := range []string{
		`{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"retrylint"}},"results":[{"ruleId":"x","level":"fatal","message":{"text":"m"}}]}]}`,
		`{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"retrylint"}},"results":[{"ruleId":"x","message":{"text":"m"},"locations":[{"physicalLocation":{"artifactLocation":{"uri":"a.go"},"region":{"startLine":0}}}]}]}]}`,
		`{"version":"2.1.0","runs":[{"results":[]}]}`,
		`{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"retrylint"}},"results":null,"fixes":[]}]}`,
	} {
		if err := validateSARIF(t, bad); err == nil {
			t.Errorf("the schema accepts %s", bad)
		}
	}
}
