package sarif_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/driver"
	"github.com/retrylint/retrylint/internal/sarif"
)

var check = &analysis.Analyzer{
	Name: "nojitter",
	Doc:  "report backoff without\njitter\n\nClients that failed together\nretry together.\n\n# Fixes\n\nA fix adds *full* jitter.",
	URL:  "https://example.com/docs/checks/nojitter.md",
}

// write creates a file under dir and returns its path.
func write(t *testing.T, dir, name, content string) string {
	t.Helper()
	file := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(file), 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, []byte(content), 0o666); err != nil {
		t.Fatal(err)
	}
	return file
}

// at is the position of the first byte of text in file.
func at(t *testing.T, file, text string) driver.Position {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	off := bytes.Index(data, []byte(text))
	if off < 0 {
		t.Fatalf("%s lacks %q", file, text)
	}
	line := bytes.Count(data[:off], []byte("\n")) + 1
	col := off - (bytes.LastIndexByte(data[:off], '\n') + 1) + 1
	return driver.Position{File: file, Line: line, Column: col, Offset: off}
}

// after is the position just after text.
func after(t *testing.T, file, text string) driver.Position {
	p := at(t, file, text)
	p.Offset += len(text)
	p.Column += len(text)
	return p
}

func diag(start, stop driver.Position, message string) driver.Diagnostic {
	return driver.Diagnostic{Start: start, Stop: stop, Message: message, Category: "nojitter"}
}

// schema is the SARIF 2.1.0 schema, compiled once.
var schema = sync.OnceValues(func() (*jsonschema.Schema, error) {
	file, err := filepath.Abs(filepath.Join("..", "..", "testdata", "sarif", "sarif-schema-2.1.0.json"))
	if err != nil {
		return nil, err
	}
	return jsonschema.NewCompiler().Compile(file)
})

// convert converts results and checks the log against the schema.
func convert(t *testing.T, root string, results ...driver.PackageResult) *sarif.Log {
	t.Helper()
	log := sarif.Convert(results, nil, sarif.Options{Checks: []*analysis.Analyzer{check}, Root: root, Version: "v1.2.3"})
	var buf bytes.Buffer
	if err := sarif.Write(&buf, log); err != nil {
		t.Fatal(err)
	}
	sch, err := schema()
	if err != nil {
		t.Fatal(err)
	}
	inst, err := jsonschema.UnmarshalJSON(&buf)
	if err == nil {
		err = sch.Validate(inst)
	}
	if err != nil {
		t.Errorf("the log does not validate: %v", err)
	}
	return log
}

func TestRule(t *testing.T) {
	log := convert(t, "")
	d := log.Runs[0].Tool.Driver
	if d.Version != "v1.2.3" || d.SemanticVersion != "1.2.3" {
		t.Errorf("version %q, semantic version %q", d.Version, d.SemanticVersion)
	}
	if len(d.Rules) != 1 {
		t.Fatalf("rules: %+v", d.Rules)
	}
	r := d.Rules[0]
	if r.ID != "nojitter" || r.ShortDescription.Text != "report backoff without jitter" || r.FullDescription.Text != "Clients that failed together retry together." || r.HelpURI != check.URL {
		t.Errorf("rule: %+v %+v %+v", r, r.ShortDescription, r.FullDescription)
	}
	for _, want := range []string{"### Fixes\n", `\*full\*`, "[Documentation of nojitter](" + check.URL + ")"} {
		if !strings.Contains(r.Help.Markdown, want) {
			t.Errorf("help markdown lacks %q:\n%s", want, r.Help.Markdown)
		}
	}
	if !strings.HasPrefix(r.Help.Text, check.Doc) || !strings.HasSuffix(r.Help.Text, "Documentation: "+check.URL+"\n") {
		t.Errorf("help text:\n%s", r.Help.Text)
	}
	if log.Runs[0].Results == nil || log.Runs[0].OriginalURIBaseIDs != nil {
		t.Errorf("a run with no root and no result: %+v", log.Runs[0])
	}
	var buf bytes.Buffer
	if err := sarif.Write(&buf, log); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), `"results": []`) {
		t.Errorf("no results must be an empty list, not null:\n%s", buf.String())
	}
}

// Columns count UTF-16 code units; files under the root are relative to
// it, others absolute, and both are URIs.
func TestLocations(t *testing.T) {
	root := filepath.Join(t.TempDir(), "my repo")
	file := write(t, root, "pkg/a b.go", "package p\n\nvar s = \"héllo 😀\"; var d = time.Second\n")
	outside := write(t, t.TempDir(), "dep.go", "package dep\n")
	start, stop := at(t, file, "time.Second"), after(t, file, "time.Second")
	d := diag(start, stop, "a fixed [1]time.Second")
	d.Related = []driver.Related{{Message: "used [here]", Start: driver.Position{File: outside, Line: 1, Column: 9, Offset: 8}, Stop: driver.Position{File: outside, Line: 1, Column: 9, Offset: 8}}}
	log := convert(t, root, driver.PackageResult{ID: "p", Diags: map[string][]driver.Diagnostic{"nojitter": {d}}})
	run := log.Runs[0]
	if got := run.OriginalURIBaseIDs["%SRCROOT%"].URI; got != "file://"+filepath.ToSlash(root)[:len(root)-len("my repo")]+"my%20repo/" {
		t.Errorf("%%SRCROOT%% = %s", got)
	}
	res := run.Results[0]
	loc := res.Locations[0].PhysicalLocation
	if loc.ArtifactLocation.URI != "pkg/a%20b.go" || loc.ArtifactLocation.URIBaseID != "%SRCROOT%" {
		t.Errorf("artifact: %+v", loc.ArtifactLocation)
	}
	// `var s = "héllo 😀"; var d = ` is 31 bytes and 28 UTF-16 code
	// units (é is 2 bytes and 1 unit, 😀 4 bytes and 2 units).
	if start.Column != 32 || loc.Region.StartColumn != 29 || loc.Region.EndColumn != 40 || loc.Region.StartLine != 3 || loc.Region.EndLine != 3 {
		t.Errorf("byte column %d; region %+v, want columns 29 to 40 of line 3", start.Column, loc.Region)
	}
	rel := res.RelatedLocations[0]
	if rel.PhysicalLocation.ArtifactLocation.URI != "file://"+filepath.ToSlash(outside) || rel.PhysicalLocation.ArtifactLocation.URIBaseID != "" {
		t.Errorf("a file outside the root: %+v", rel.PhysicalLocation.ArtifactLocation)
	}
	if r := rel.PhysicalLocation.Region; r.StartLine != 1 || r.StartColumn != 9 || r.EndLine != 0 || r.EndColumn != 0 {
		t.Errorf("an empty range names the rest of its line: %+v", r)
	}
	if want := `a fixed \[1\]time.Second` + "\n\t" + `[used \[here\]](1)`; res.Message.Text != want || rel.Message.Text != `used \[here\]` {
		t.Errorf("message %q, related %q; want %q", res.Message.Text, rel.Message.Text, want)
	}
}

// A fix's edits become one change per file, in order, with both byte and
// line/column regions.
func TestFix(t *testing.T) {
	root := t.TempDir()
	file := write(t, root, "a.go", "package a\n\nfunc f() { sleep(d) }\n")
	other := write(t, root, "b.go", "package a\n")
	d := diag(at(t, file, "d)"), after(t, file, "d"), "no jitter")
	off := at(t, file, "d)").Offset
	d.Fixes = []driver.Fix{{Message: "Add full jitter", Edits: []driver.Edit{
		{Filename: file, Start: off + 1, End: off + 1, New: ")"},
		{Filename: other, Start: 9, End: 10, New: ""},
		{Filename: file, Start: off, End: off, New: "rand.N("},
	}}}
	log := convert(t, root, driver.PackageResult{ID: "a", Diags: map[string][]driver.Diagnostic{"nojitter": {d}}})
	fixes := log.Runs[0].Results[0].Fixes
	if len(fixes) != 1 || fixes[0].Description.Text != "Add full jitter" || len(fixes[0].ArtifactChanges) != 2 {
		t.Fatalf("fixes: %+v", fixes)
	}
	changes := fixes[0].ArtifactChanges
	if changes[0].ArtifactLocation.URI != "a.go" || changes[1].ArtifactLocation.URI != "b.go" {
		t.Errorf("changes: %+v", changes)
	}
	reps := changes[0].Replacements
	if len(reps) != 2 || reps[0].InsertedContent.Text != "rand.N(" || reps[1].InsertedContent.Text != ")" {
		t.Fatalf("replacements of a.go, in order: %+v", reps)
	}
	if r := reps[0].DeletedRegion; *r.ByteOffset != off || *r.ByteLength != 0 || r.StartLine != 3 || r.StartColumn != 18 || r.EndLine != 3 || r.EndColumn != 18 {
		t.Errorf("insertion region: %+v (offset %d, length %d)", r, *r.ByteOffset, *r.ByteLength)
	}
	// A deletion up to the end of a file.
	del := changes[1].Replacements[0]
	if del.InsertedContent != nil || *del.DeletedRegion.ByteOffset != 9 || *del.DeletedRegion.ByteLength != 1 || del.DeletedRegion.EndLine != 2 || del.DeletedRegion.EndColumn != 1 {
		t.Errorf("deletion: %+v", del)
	}
}

func fingerprintsOf(log *sarif.Log) []string {
	var fps []string
	for _, r := range log.Runs[0].Results {
		fps = append(fps, r.PartialFingerprints[sarif.FingerprintKey])
	}
	return fps
}

// The fingerprint ignores where the finding is and positions in its
// message; equal findings are numbered in order; a diagnostic reported for
// a package and its test variant is one result.
func TestFingerprints(t *testing.T) {
	root := t.TempDir()
	src := "package a\n\nfunc f() {\n\tsleep(d) // same\n\tsleep(d) // same\n}\n"
	file := write(t, root, "a.go", src)
	first := at(t, file, "sleep")
	second := first
	second.Line, second.Offset = first.Line+1, first.Offset+len("\tsleep(d) // same\n")
	pkg := driver.PackageResult{ID: "a", Diags: map[string][]driver.Diagnostic{"nojitter": {
		diag(second, second, "waits, see a.go:5:2"),
		diag(first, first, "waits, see a.go:4:2"),
	}}}
	test := driver.PackageResult{ID: "a [a.test]", Diags: pkg.Diags}
	log := convert(t, root, pkg, test)
	fps := fingerprintsOf(log)
	if len(fps) != 2 {
		t.Fatalf("%d results, want 2 (the test variant's are the same)", len(fps))
	}
	hash, _, _ := strings.Cut(fps[0], ":")
	if fps[0] != hash+":1" || fps[1] != hash+":2" {
		t.Errorf("fingerprints %v: want one hash numbered 1 and 2", fps)
	}
	if got := log.Runs[0].Results[0].Locations[0].PhysicalLocation.Region.StartLine; got != 4 {
		t.Errorf("results not in order of position: first on line %d", got)
	}

	// Moved down and reindented: the same identities.
	write(t, root, "a.go", "package a\n\n// f.\nfunc f() {\n  sleep(d)   // same\n\tsleep(d) // same\n}\n")
	moved := at(t, file, "sleep")
	moved2 := at(t, file, "\tsleep")
	moved2.Offset++
	moved2.Column++
	log = convert(t, root, driver.PackageResult{ID: "a", Diags: map[string][]driver.Diagnostic{"nojitter": {
		diag(moved, moved, "waits, see a.go:5:3"),
		diag(moved2, moved2, "waits, see a.go:6:2"),
	}}})
	if got := fingerprintsOf(log); strings.Join(got, " ") != strings.Join(fps, " ") {
		t.Errorf("after a move: %v, want %v", got, fps)
	}

	// Another check, message or line text is another identity.
	for _, change := range []func(*driver.Diagnostic, *string){
		func(d *driver.Diagnostic, name *string) { *name = "unbounded" },
		func(d *driver.Diagnostic, name *string) { d.Message = "waits longer" },
		func(d *driver.Diagnostic, name *string) {
			write(t, root, "a.go", strings.Replace(src, "sleep(d) // same", "sleep(2*d) // same", 1))
		},
	} {
		write(t, root, "a.go", src)
		d, name := diag(first, first, "waits, see a.go:4:2"), "nojitter"
		change(&d, &name)
		log := convert(t, root, driver.PackageResult{ID: "a", Diags: map[string][]driver.Diagnostic{name: {d}}})
		if got := fingerprintsOf(log)[0]; got == fps[0] {
			t.Errorf("%s %q: fingerprint unchanged", name, d.Message)
		}
	}
}

// A check the options do not list still has a rule.
func TestUnknownCheck(t *testing.T) {
	root := t.TempDir()
	file := write(t, root, "a.go", "package a\n")
	p := at(t, file, "package")
	log := convert(t, root, driver.PackageResult{ID: "a", Diags: map[string][]driver.Diagnostic{"other": {diag(p, p, "m")}}})
	rules := log.Runs[0].Tool.Driver.Rules
	res := log.Runs[0].Results[0]
	if len(rules) != 2 || rules[1].ID != "other" || res.RuleIndex != 1 || res.RuleID != "other" {
		t.Errorf("rules %+v, result %+v", rules, res)
	}
	data, err := json.Marshal(log)
	if err != nil || bytes.Contains(data, []byte("null")) {
		t.Errorf("log: %s (%v)", data, err)
	}
}

func TestRoot(t *testing.T) {
	top := t.TempDir()
	module := filepath.Join(top, "svc")
	pkg := filepath.Join(module, "pkg")
	if err := os.MkdirAll(pkg, 0o777); err != nil {
		t.Fatal(err)
	}
	if got := sarif.Root(pkg); got != pkg {
		t.Errorf("no module, no git: Root = %s, want %s", got, pkg)
	}
	write(t, module, "go.mod", "module svc\n")
	if got := sarif.Root(pkg); got != module {
		t.Errorf("in a module: Root = %s, want %s", got, module)
	}
	// A linked worktree's or a submodule's .git is a file.
	write(t, top, ".git", "gitdir: elsewhere\n")
	if got := sarif.Root(pkg); got != top {
		t.Errorf("in a git working tree: Root = %s, want %s", got, top)
	}
}
