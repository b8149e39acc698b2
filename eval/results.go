package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// Results are what one run measured. Apart from the timings and the
// memory, the same tree and modules give the same file.
type Results struct {
	// Retrylint is the commit the checker was built from, with "+dirty"
	// when tracked files differed from it.
	Retrylint string `json:"retrylint"`
	Go        string `json:"go"`
	// Seconds is the whole run's wall time, setup included.
	Seconds float64        `json:"seconds"`
	Modules []ModuleResult `json:"modules"`
}

// A ModuleResult is one module's run.
type ModuleResult struct {
	Module   string   `json:"module"`
	Version  string   `json:"version"`
	Patterns []string `json:"patterns"`
	// GoFlags are the flags added to GOFLAGS for this module: -mod=mod
	// when its go.sum is incomplete.
	GoFlags string `json:"goflags,omitempty"`
	// DroppedReplaces are the replacements by a folder dropped from the
	// copy's go.mod: the sibling modules of a multi-module repository,
	// taken at their published versions instead.
	DroppedReplaces []string `json:"dropped_replaces,omitempty"`
	// Packages is how many packages the patterns match (test variants
	// not counted).
	Packages int `json:"packages"`
	ExitCode int `json:"exit_code"`
	// SetupSeconds is the time to find, copy and fetch the module;
	// Seconds is retrylint's wall time and PeakRSS its peak resident
	// memory in bytes.
	SetupSeconds float64    `json:"setup_seconds"`
	Seconds      float64    `json:"seconds"`
	PeakRSS      int64      `json:"peak_rss_bytes"`
	Errors       []RunError `json:"errors,omitempty"`
	Findings     []Finding  `json:"findings"`
	// Sites are the retry sites and the loops kept silent that
	// `retrylint explain -json` describes, each with the rules that
	// decided it: the findings are counted per rule from them.
	Sites []SiteRules `json:"sites,omitempty"`
}

// SiteRules is one entry of `retrylint explain -json`: where it is (At
// relative to the module's root, to line End), whether it is a site, and
// for each property decided (site, jitter, attempts, ...), the rule
// that decided it last; the rules that made it a site are "site" (the
// shape), then "site 2" and on (what made that shape a retry).
type SiteRules struct {
	At    string            `json:"at"`
	End   int               `json:"end"`
	Site  bool              `json:"site"`
	Rules map[string]string `json:"rules"`
}

// A RunError is anything that went wrong for a module. Kind is one of
// setup (finding, copying or fetching the module), load (a package that
// did not load or type-check), analysis (an analysis that failed on a
// package), panic, exit (an exit status retrylint does not give with
// -json), timeout, and stderr (anything else retrylint printed).
type RunError struct {
	Kind    string `json:"kind"`
	Package string `json:"package,omitempty"`
	Message string `json:"message"`
}

// A Finding is one diagnostic. At is dir/file.go:LINE:COL relative to
// the module's root.
type Finding struct {
	Check   string    `json:"check"`
	At      string    `json:"at"`
	Message string    `json:"message"`
	Related []Related `json:"related,omitempty"`
}

// Related is a diagnostic's related information; At is relative to the
// module's root, else module@version/path for a file in the module
// cache, else as retrylint gave it.
type Related struct {
	At      string `json:"at"`
	Message string `json:"message"`
}

// Pos splits At into file, line and column.
func (f Finding) Pos() (file string, line, col int) {
	return splitPos(f.At)
}

// splitPos splits file:line:col; a part that is missing is empty or 0.
func splitPos(at string) (file string, line, col int) {
	file = at
	nums := make([]int, 0, 2)
	for range 2 {
		i := strings.LastIndexByte(file, ':')
		if i < 0 {
			break
		}
		n, err := strconv.Atoi(file[i+1:])
		if err != nil {
			break
		}
		nums = append(nums, n)
		file = file[:i]
	}
	switch len(nums) {
	case 2:
		return file, nums[1], nums[0]
	case 1:
		return file, nums[0], 0
	}
	return file, 0, 0
}

func findingLess(a, b Finding) bool {
	af, al, ac := a.Pos()
	bf, bl, bc := b.Pos()
	switch {
	case af != bf:
		return af < bf
	case al != bl:
		return al < bl
	case ac != bc:
		return ac < bc
	case a.Check != b.Check:
		return a.Check < b.Check
	}
	return a.Message < b.Message
}

func errorLess(a, b RunError) bool {
	if a.Kind != b.Kind {
		return a.Kind < b.Kind
	}
	if a.Package != b.Package {
		return a.Package < b.Package
	}
	return a.Message < b.Message
}

// normalize sorts everything and drops duplicates, so that a file's
// content depends only on what was found.
func (r *Results) normalize() {
	sort.Slice(r.Modules, func(i, j int) bool { return r.Modules[i].Module < r.Modules[j].Module })
	for i := range r.Modules {
		m := &r.Modules[i]
		sort.Slice(m.Findings, func(i, j int) bool { return findingLess(m.Findings[i], m.Findings[j]) })
		m.Findings = compactFunc(m.Findings, func(a, b Finding) bool {
			return a.Check == b.Check && a.At == b.At && a.Message == b.Message
		})
		if m.Findings == nil {
			m.Findings = []Finding{}
		}
		sort.Slice(m.Errors, func(i, j int) bool { return errorLess(m.Errors[i], m.Errors[j]) })
		m.Errors = compactFunc(m.Errors, func(a, b RunError) bool { return a == b })
	}
}

func compactFunc[T any](s []T, eq func(a, b T) bool) []T {
	if len(s) == 0 {
		return s
	}
	out := s[:1]
	for _, x := range s[1:] {
		if !eq(out[len(out)-1], x) {
			out = append(out, x)
		}
	}
	return out
}

func writeResults(file string, r *Results) error {
	r.normalize()
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(r); err != nil {
		return err
	}
	return os.WriteFile(file, buf.Bytes(), 0o644)
}

func readResults(file string) (*Results, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var r Results
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		return nil, fmt.Errorf("%s: %v", file, err)
	}
	r.normalize()
	return &r, nil
}

// jsonDiagnostic is a diagnostic of the go/analysis JSON tree.
type jsonDiagnostic struct {
	Posn    string `json:"posn"`
	Message string `json:"message"`
	Related []struct {
		Posn    string `json:"posn"`
		Message string `json:"message"`
	} `json:"related"`
}

// parseTree reads the go/analysis JSON tree, {package: {analyzer:
// [diagnostics] or {"error": message}}}, into findings and errors, with
// positions relative to dir (the module's root). The same diagnostic in a
// package and its test variant is one finding.
func parseTree(data []byte, pos positions) ([]Finding, []RunError, error) {
	var tree map[string]map[string]json.RawMessage
	if err := json.Unmarshal(data, &tree); err != nil {
		return nil, nil, err
	}
	var findings []Finding
	var errs []RunError
	for pkg, analyzers := range tree {
		for analyzer, raw := range analyzers {
			if bytes.HasPrefix(bytes.TrimSpace(raw), []byte("{")) {
				var e struct {
					Error string `json:"error"`
				}
				if err := json.Unmarshal(raw, &e); err != nil {
					return nil, nil, fmt.Errorf("%s: %s: %v", pkg, analyzer, err)
				}
				errs = append(errs, RunError{Kind: "analysis", Package: pkg, Message: analyzer + ": " + pos.text(e.Error)})
				continue
			}
			var diags []jsonDiagnostic
			if err := json.Unmarshal(raw, &diags); err != nil {
				return nil, nil, fmt.Errorf("%s: %s: %v", pkg, analyzer, err)
			}
			for _, d := range diags {
				f := Finding{Check: analyzer, At: pos.rel(d.Posn), Message: pos.text(d.Message)}
				for _, r := range d.Related {
					f.Related = append(f.Related, Related{At: pos.rel(r.Posn), Message: pos.text(r.Message)})
				}
				findings = append(findings, f)
			}
		}
	}
	return findings, errs, nil
}

// positions turns the absolute paths retrylint prints into stable ones.
type positions struct {
	dir      string // the module's root
	modCache string // GOMODCACHE
	goroot   string
}

func (p positions) rel(posn string) string {
	for _, prefix := range []struct{ dir, to string }{
		{p.dir, ""},
		{p.modCache, ""},
		{p.goroot, "$GOROOT/"},
	} {
		if prefix.dir == "" {
			continue
		}
		d := filepath.ToSlash(prefix.dir) + "/"
		if strings.HasPrefix(filepath.ToSlash(posn), d) {
			return prefix.to + strings.TrimPrefix(filepath.ToSlash(posn), d)
		}
	}
	return posn
}

// text makes the paths inside a message relative to the module's root.
func (p positions) text(s string) string {
	if p.dir != "" {
		s = strings.ReplaceAll(s, p.dir+string(filepath.Separator), "")
	}
	return s
}
