// Package sarif writes what retrylint's checks report as a SARIF 2.1.0
// log, the format GitHub code scanning and other viewers read.
//
// The log has one run. Its tool lists one rule per check: the id is the
// check's name, the short description the first line of its Doc, the
// full description the paragraph after it, the help the whole Doc (text
// and Markdown) and the help URI the check's page in docs/. Every rule
// and every result has the level "warning": a finding is a retry policy
// to review, not a build error, and code scanning does not fail a pull
// request's check on warnings unless the repository asks it to.
//
// A file under the root (see Root) is named by a path relative to it,
// with the uriBaseId %SRCROOT%, whose absolute location the run's
// originalUriBaseIds gives; a file elsewhere (the module cache, GOROOT) by
// an absolute file: URI. Columns count UTF-16 code units, as SARIF's
// default columnKind says and GitHub expects; the analysis reports bytes,
// so they are converted from the file's text.
//
// A result's related information (nonidempotent's call chain, onconflict's
// retry, unbounded's causes) becomes its relatedLocations, numbered from 1
// and linked from its message, which is where GitHub shows them. A
// suggested fix becomes a SARIF fix: one artifactChange per file, whose
// replacements give the deleted bytes both as lines and columns and as a
// byte offset and length.
//
// The run's one invocation says whether every package named was analysed:
// if not, executionSuccessful is false and a toolExecutionNotifications
// entry of level "error" says which was not and why (the line the command
// prints on stderr), with the compiler's errors, each at its position, as
// its locations.
//
// Every result carries a partial fingerprint under FingerprintKey, so that
// a finding keeps its identity from one run to the next while the code
// around it moves: see Fingerprint.
package sarif

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"go/doc/comment"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/driver"
)

// SchemaURI is the schema the log follows: OASIS's SARIF 2.1.0, errata 01.
const SchemaURI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

// SrcRoot is the uriBaseId of the files under the root.
const SrcRoot = "%SRCROOT%"

// FingerprintKey names retrylint's partial fingerprint in a result's
// partialFingerprints. GitHub computes its own primaryLocationLineHash from
// the source; a tool that sets that key itself gets warnings about
// inconsistent fingerprints, so this one has a name of its own.
const FingerprintKey = "retrylintFinding/v1"

// Level is the level of every rule and result.
const Level = "warning"

// Options describe the run.
type Options struct {
	// Checks are the checks that ran, in the order of the rules.
	Checks []*analysis.Analyzer
	// Root is the absolute folder that SrcRoot stands for; "" names every
	// file by an absolute URI.
	Root string
	// Version is the tool's version; InformationURI its home page.
	Version        string
	InformationURI string
}

// Convert returns the log of one run whose checks reported results.
// A diagnostic reported twice (for a package and for its test variant)
// gives one result. Results are sorted by file, position and check.
func Convert(results []driver.PackageResult, opt Options) *Log {
	c := &converter{root: opt.Root, files: map[string]*source{}, uris: map[string]ArtifactLocation{}}
	if opt.Root != "" {
		if real, err := filepath.EvalSymlinks(opt.Root); err == nil && real != opt.Root {
			c.realRoot = real
		}
	}
	driverComponent := ToolComponent{
		Name:           "retrylint",
		Version:        opt.Version,
		InformationURI: opt.InformationURI,
		Rules:          []ReportingDescriptor{},
	}
	if v := strings.TrimPrefix(opt.Version, "v"); v != opt.Version && semverRE.MatchString(v) {
		driverComponent.SemanticVersion = v
	}
	ruleIndex := map[string]int{}
	for _, a := range opt.Checks {
		ruleIndex[a.Name] = len(driverComponent.Rules)
		driverComponent.Rules = append(driverComponent.Rules, rule(a))
	}

	type finding struct {
		check string
		d     driver.Diagnostic
	}
	type key struct {
		check, file, message string
		start, stop          int
	}
	seen := map[key]bool{}
	var findings []finding
	var unknown []string
	for _, pkg := range results {
		for check, diags := range pkg.Diags {
			for _, d := range diags {
				k := key{check, d.Start.File, d.Message, d.Start.Offset, d.Stop.Offset}
				if seen[k] {
					continue
				}
				seen[k] = true
				findings = append(findings, finding{check, d})
				if _, ok := ruleIndex[check]; !ok && !slices.Contains(unknown, check) {
					unknown = append(unknown, check)
				}
			}
		}
	}
	// A check the options do not list still gets a rule, for the result
	// to refer to.
	slices.Sort(unknown)
	for _, name := range unknown {
		ruleIndex[name] = len(driverComponent.Rules)
		driverComponent.Rules = append(driverComponent.Rules, ReportingDescriptor{ID: name, DefaultConfiguration: &ReportingConfiguration{Level: Level}})
	}
	sort.SliceStable(findings, func(i, j int) bool {
		a, b := findings[i], findings[j]
		return cmp.Or(
			cmp.Compare(a.d.Start.File, b.d.Start.File),
			cmp.Compare(a.d.Start.Offset, b.d.Start.Offset),
			cmp.Compare(a.d.Stop.Offset, b.d.Stop.Offset),
			cmp.Compare(ruleIndex[a.check], ruleIndex[b.check]),
			cmp.Compare(a.d.Message, b.d.Message),
		) < 0
	})

	run := Run{
		Tool:       Tool{Driver: driverComponent},
		ColumnKind: "utf16CodeUnits",
		Results:    []Result{},
	}
	if opt.Root != "" {
		run.OriginalURIBaseIDs = map[string]ArtifactLocation{SrcRoot: {URI: dirURI(opt.Root)}}
	}
	occurrences := map[string]int{}
	for _, f := range findings {
		r := c.result(f.check, ruleIndex[f.check], f.d)
		// Findings alike in all that the fingerprint hashes are told
		// apart by their order in the file.
		fp := c.fingerprint(f.check, f.d)
		occurrences[fp]++
		r.PartialFingerprints = map[string]string{FingerprintKey: fmt.Sprintf("%s:%d", fp, occurrences[fp])}
		run.Results = append(run.Results, r)
	}
	inv := Invocation{ExecutionSuccessful: true}
	for _, pkg := range results {
		if f := pkg.Failure; f != nil {
			inv.ExecutionSuccessful = false
			inv.ToolExecutionNotifications = append(inv.ToolExecutionNotifications, c.notification(f))
		}
	}
	run.Invocations = []Invocation{inv}
	return &Log{Schema: SchemaURI, Version: "2.1.0", Runs: []Run{run}}
}

// Write writes the log as indented JSON.
func Write(w io.Writer, log *Log) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(log)
}

// Root returns the folder that %SRCROOT% stands for in a run from dir: the
// top of the git working tree that holds dir (the nearest folder with a
// .git entry, a directory or, in a linked worktree or a submodule, a
// file), else the root of dir's module (the nearest folder with a
// go.mod), else dir itself. Code scanning wants paths relative to the
// repository, and a module is often one folder of it.
func Root(dir string) string {
	for _, marker := range []string{".git", "go.mod"} {
		for d := dir; ; {
			if _, err := os.Lstat(filepath.Join(d, marker)); err == nil {
				return d
			}
			parent := filepath.Dir(d)
			if parent == d {
				break
			}
			d = parent
		}
	}
	return dir
}

// semverRE matches a semantic version without its "v": the module version
// of a released or pseudo-versioned build.
var semverRE = regexp.MustCompile(`^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$`)

// rule describes a check from its Doc, whose first paragraph is its title
// and whose rest is Go doc comment text.
func rule(a *analysis.Analyzer) ReportingDescriptor {
	title, body, _ := strings.Cut(a.Doc, "\n\n")
	title = strings.Join(strings.Fields(title), " ")
	r := ReportingDescriptor{
		ID:                   a.Name,
		ShortDescription:     &MultiformatMessageString{Text: title},
		HelpURI:              a.URL,
		DefaultConfiguration: &ReportingConfiguration{Level: Level},
	}
	if first, _, _ := strings.Cut(body, "\n\n"); strings.TrimSpace(first) != "" {
		r.FullDescription = &MultiformatMessageString{Text: strings.Join(strings.Fields(first), " ")}
	}
	help := &MultiformatMessageString{Text: a.Doc}
	var p comment.Parser
	pr := comment.Printer{HeadingLevel: 3, HeadingID: func(*comment.Heading) string { return "" }}
	md := pr.Markdown(p.Parse(body))
	if a.URL != "" {
		help.Text = strings.TrimRight(a.Doc, "\n") + "\n\nDocumentation: " + a.URL + "\n"
		md = fmt.Appendf(md, "\n[Documentation of %s](%s)\n", a.Name, a.URL)
	}
	help.Markdown = string(md)
	r.Help = help
	return r
}

// converter turns diagnostics into results, reading each file it names
// once.
type converter struct {
	root, realRoot string
	files          map[string]*source // by path; nil if unreadable
	uris           map[string]ArtifactLocation
}

func (c *converter) result(check string, index int, d driver.Diagnostic) Result {
	r := Result{
		RuleID:    check,
		RuleIndex: index,
		Level:     Level,
		Locations: []Location{},
	}
	if loc := c.physical(d.Start, d.Stop); loc != nil {
		r.Locations = append(r.Locations, Location{PhysicalLocation: loc})
	}
	text := escape(d.Message)
	for i, rel := range d.Related {
		id := i + 1
		loc := Location{ID: id, Message: &Message{Text: escape(rel.Message)}, PhysicalLocation: c.physical(rel.Start, rel.Stop)}
		r.RelatedLocations = append(r.RelatedLocations, loc)
		text += fmt.Sprintf("\n\t[%s](%d)", escape(rel.Message), id)
	}
	r.Message = Message{Text: text}
	for _, fix := range d.Fixes {
		r.Fixes = append(r.Fixes, c.fix(fix))
	}
	return r
}

// notification says that a package, or the run, was not analysed, with
// the compiler's errors as its locations.
func (c *converter) notification(f *driver.Failure) Notification {
	text := f.Message
	if f.Check != "" {
		text = f.ID + ": " + f.Check + " failed: " + f.Message
	}
	n := Notification{Level: "error", Message: Message{Text: escape(text)}}
	for _, e := range f.Errors {
		n.Locations = append(n.Locations, Location{PhysicalLocation: c.physical(e.Start, e.Start), Message: &Message{Text: escape(e.Message)}})
	}
	return n
}

// physical locates [start, stop) in its file. An empty range names the
// rest of its line, where viewers show it.
func (c *converter) physical(start, stop driver.Position) *PhysicalLocation {
	if start.File == "" {
		return nil
	}
	loc := &PhysicalLocation{ArtifactLocation: c.artifact(start.File)}
	if start.Line > 0 {
		region := &Region{StartLine: start.Line, StartColumn: c.column(start)}
		if stop.File == start.File && stop.Offset > start.Offset && stop.Line > 0 {
			region.EndLine, region.EndColumn = stop.Line, c.column(stop)
		}
		loc.Region = region
	}
	return loc
}

// column converts the position's column from bytes to UTF-16 code units,
// from its line's text; it keeps the byte column when the file cannot be
// read or does not match the position (a //line directive named another).
func (c *converter) column(p driver.Position) int {
	src := c.source(p.File)
	if src == nil {
		return p.Column
	}
	if line, col, ok := src.position(p.Offset); ok && line == p.Line {
		return col
	}
	return p.Column
}

func (c *converter) fix(f driver.Fix) Fix {
	out := Fix{Description: &Message{Text: f.Message}, ArtifactChanges: []ArtifactChange{}}
	byFile := map[string][]driver.Edit{}
	var order []string
	for _, e := range f.Edits {
		if _, ok := byFile[e.Filename]; !ok {
			order = append(order, e.Filename)
		}
		byFile[e.Filename] = append(byFile[e.Filename], e)
	}
	for _, file := range order {
		edits := byFile[file]
		slices.SortStableFunc(edits, func(a, b driver.Edit) int { return cmp.Compare(a.Start, b.Start) })
		change := ArtifactChange{ArtifactLocation: c.artifact(file), Replacements: []Replacement{}}
		for _, e := range edits {
			rep := Replacement{DeletedRegion: c.byteRegion(file, e.Start, e.End)}
			if e.New != "" {
				rep.InsertedContent = &ArtifactContent{Text: e.New}
			}
			change.Replacements = append(change.Replacements, rep)
		}
		out.ArtifactChanges = append(out.ArtifactChanges, change)
	}
	return out
}

// byteRegion is the region of the bytes [start, end) of file: as offsets,
// and as lines and columns too when the file can be read.
func (c *converter) byteRegion(file string, start, end int) Region {
	length := end - start
	r := Region{ByteOffset: &start, ByteLength: &length}
	if src := c.source(file); src != nil {
		sl, sc, ok1 := src.position(start)
		el, ec, ok2 := src.position(end)
		if ok1 && ok2 {
			r.StartLine, r.StartColumn, r.EndLine, r.EndColumn = sl, sc, el, ec
		}
	}
	return r
}

// artifact names a file: relative to the root with SrcRoot when it is
// under it, else by an absolute file URI.
func (c *converter) artifact(file string) ArtifactLocation {
	if loc, ok := c.uris[file]; ok {
		return loc
	}
	loc := ArtifactLocation{URI: fileURI(file)}
	if rel, ok := within(c.root, file); ok {
		loc = ArtifactLocation{URI: relURI(rel), URIBaseID: SrcRoot}
	} else if c.realRoot != "" {
		if real, err := filepath.EvalSymlinks(file); err == nil {
			if rel, ok := within(c.realRoot, real); ok {
				loc = ArtifactLocation{URI: relURI(rel), URIBaseID: SrcRoot}
			}
		}
	}
	c.uris[file] = loc
	return loc
}

// within returns file relative to root if it is under it.
func within(root, file string) (string, bool) {
	if root == "" || !filepath.IsAbs(file) {
		return "", false
	}
	rel, err := filepath.Rel(root, file)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false
	}
	return rel, true
}

func relURI(rel string) string {
	return (&url.URL{Path: filepath.ToSlash(rel)}).String()
}

func fileURI(file string) string {
	if !filepath.IsAbs(file) {
		return relURI(file)
	}
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(file)}).String()
}

// dirURI is a folder's file URI, which SARIF wants ended by a slash.
func dirURI(dir string) string {
	u := fileURI(dir)
	if !strings.HasSuffix(u, "/") {
		u += "/"
	}
	return u
}

// escape makes text a SARIF plain-text message, in which a bracket that
// does not open or close a link is escaped.
func escape(text string) string {
	return strings.NewReplacer(`[`, `\[`, `]`, `\]`).Replace(text)
}

// Fingerprint is the identity of a finding, the value of FingerprintKey
// without its ":N" suffix: a hash of the check's name, the file's URI
// (relative to the root), the message with every file:line:column in it
// cut to the file's name, and the text of the finding's first line with
// its spaces normalised (runs of blanks to one, none at either end). Lines
// added or removed above a finding, and a change of indentation, leave it
// alone; an edit of the line itself, a change of what the check says, a
// renamed file, or a moved file give the finding a new identity. The
// suffix counts findings with equal hashes in the order of their
// positions, from 1.
func (c *converter) fingerprint(check string, d driver.Diagnostic) string {
	h := sha256.New()
	for _, part := range []string{check, c.artifact(d.Start.File).URI, positionRE.ReplaceAllString(d.Message, "$1"), c.lineText(d.Start)} {
		io.WriteString(h, part)
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil)[:16])
}

// positionRE matches a file:line or file:line:column in a message.
var positionRE = regexp.MustCompile(`([\w.+-]+\.go):\d+(?::\d+)?`)

// lineText is the normalised text of the position's line, or "" when the
// file cannot be read.
func (c *converter) lineText(p driver.Position) string {
	src := c.source(p.File)
	if src == nil || p.Line < 1 || p.Line > len(src.lines) {
		return ""
	}
	start := src.lines[p.Line-1]
	end := len(src.data)
	if p.Line < len(src.lines) {
		end = src.lines[p.Line]
	}
	return strings.Join(strings.Fields(string(src.data[start:end])), " ")
}

// source is a file's text and where its lines start.
type source struct {
	data  []byte
	lines []int // offsets of the lines' first bytes; after a final newline, an empty line
}

func (c *converter) source(file string) *source {
	if src, ok := c.files[file]; ok {
		return src
	}
	var src *source
	if data, err := os.ReadFile(file); err == nil {
		src = &source{data: data, lines: []int{0}}
		for i, b := range data {
			if b == '\n' {
				src.lines = append(src.lines, i+1)
			}
		}
	}
	c.files[file] = src
	return src
}

// position returns the line and the UTF-16 column of a byte offset, which
// may be the file's length.
func (s *source) position(offset int) (line, col int, ok bool) {
	if offset < 0 || offset > len(s.data) {
		return 0, 0, false
	}
	i := sort.Search(len(s.lines), func(i int) bool { return s.lines[i] > offset }) - 1
	return i + 1, utf16Len(s.data[s.lines[i]:offset]) + 1, true
}

// utf16Len counts the UTF-16 code units of text; an invalid byte counts
// as one, as U+FFFD does.
func utf16Len(text []byte) int {
	n := 0
	for len(text) > 0 {
		r, size := utf8.DecodeRune(text)
		text = text[size:]
		if utf16.RuneLen(r) == 2 {
			n += 2
		} else {
			n++
		}
	}
	return n
}
