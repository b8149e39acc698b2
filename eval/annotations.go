package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// A Module is one entry of modules.yaml: a pinned module and the package
// patterns analysed, relative to its root.
type Module struct {
	Module   string
	Version  string
	Packages []string
	// Tags are the build tags its packages (their tests) need.
	Tags []string
}

// A Label is a human's verdict on the findings of one check at one line.
type Label struct {
	Module string
	File   string
	Line   int
	Check  string
	Label  string // "true", "false" or "not-actionable"
	Why    string
	Source string // file:line of the entry, for messages
}

// A Hazard is a harmful retry that a human found in a module: retrylint
// should report it with Check somewhere in File between Line and End.
// Near-misses have the same shape and the opposite meaning: Check must
// stay silent there.
type Hazard struct {
	Module string
	File   string
	Line   int
	End    int
	Check  string
	Why    string
	Source string
}

// At is the hazard's place as written in its file.
func (h Hazard) At() string {
	if h.End != h.Line {
		return fmt.Sprintf("%s:%d-%d", h.File, h.Line, h.End)
	}
	return fmt.Sprintf("%s:%d", h.File, h.Line)
}

// An Example is a named case that retrylint must get right: a finding of
// Check on its line (Expect "reported") or none (Expect "silent").
type Example struct {
	Module string
	File   string
	Line   int
	Check  string
	Expect string
	Why    string
	Source string
}

// Annotations are every label, hazard, near-miss and example.
type Annotations struct {
	Labels     []Label
	Hazards    []Hazard
	NearMisses []Hazard
	// Examples are in the order of their file.
	Examples []Example
}

var (
	labelValues  = []string{"true", "false", "not-actionable"}
	expectValues = []string{"reported", "silent"}
)

// A hazardKind is what a file of hazard-shaped entries holds, for its
// messages.
type hazardKind struct {
	noun string // in "duplicate NOUN for"
	why  string // what a missing why should say
}

var (
	hazardEntries   = hazardKind{"hazard", "say what harm the retry does"}
	nearMissEntries = hazardKind{"near-miss", "say why the check must stay silent"}
)

// atPattern is a module-relative file and line: dir/file.go:LINE.
var atPattern = regexp.MustCompile(`^([^\s:]+\.go):([1-9][0-9]*)$`)

// loadAnnotations reads eval/labels/*.yaml, eval/hazards/*.yaml,
// eval/nearmiss/*.yaml and eval/examples.yaml. A missing folder or file
// holds nothing; every mistake in a file is an error naming the file and
// line.
func loadAnnotations(p paths, root string) (*Annotations, error) {
	var ann Annotations
	var errs []error
	glob := func(dir string) []string {
		files, _ := filepath.Glob(p.eval(dir, "*.yaml"))
		sort.Strings(files)
		return files
	}
	seen := map[string]string{}
	for _, file := range glob("labels") {
		labels, err := loadLabels(file, rel(root, file), seen)
		errs = append(errs, err)
		ann.Labels = append(ann.Labels, labels...)
	}
	seen = map[string]string{}
	for _, file := range glob("hazards") {
		hazards, err := loadHazards(file, rel(root, file), seen, hazardEntries)
		errs = append(errs, err)
		ann.Hazards = append(ann.Hazards, hazards...)
	}
	seen = map[string]string{}
	for _, file := range glob("nearmiss") {
		near, err := loadHazards(file, rel(root, file), seen, nearMissEntries)
		errs = append(errs, err)
		ann.NearMisses = append(ann.NearMisses, near...)
	}
	examples, err := loadExamples(p.eval("examples.yaml"), root)
	errs = append(errs, err)
	ann.Examples = examples
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return &ann, nil
}

// readYAML reads a YAML file as a node tree; a syntax error names the
// file as name.
func readYAML(file, name string) (*yaml.Node, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	return &doc, nil
}

// entries decodes a file that holds a YAML sequence of mappings and calls
// each with every entry's fields by key, once each key was checked
// against known. It returns every mistake found.
func entries(file, name string, known []string, each func(line int, fields map[string]*yaml.Node) error) error {
	doc, err := readYAML(file, name)
	if err != nil {
		return err
	}
	if doc.Kind == 0 || len(doc.Content) == 0 {
		return nil // an empty file holds no entries
	}
	list := doc.Content[0]
	if list.Kind != yaml.SequenceNode {
		return fmt.Errorf("%s:%d: want a list of entries, found %s", name, list.Line, kindName(list))
	}
	var errs []error
	for _, item := range list.Content {
		if item.Kind != yaml.MappingNode {
			errs = append(errs, fmt.Errorf("%s:%d: want an entry (a mapping), found %s", name, item.Line, kindName(item)))
			continue
		}
		fields := map[string]*yaml.Node{}
		bad := false
		for i := 0; i+1 < len(item.Content); i += 2 {
			key, value := item.Content[i], item.Content[i+1]
			switch {
			case !contains(known, key.Value):
				errs = append(errs, fmt.Errorf("%s:%d: unknown key %q (known: %s)", name, key.Line, key.Value, strings.Join(known, ", ")))
				bad = true
			case fields[key.Value] != nil:
				errs = append(errs, fmt.Errorf("%s:%d: key %q given twice", name, key.Line, key.Value))
				bad = true
			case value.Kind != yaml.ScalarNode:
				errs = append(errs, fmt.Errorf("%s:%d: %s: want a single value, found %s", name, value.Line, key.Value, kindName(value)))
				bad = true
			default:
				fields[key.Value] = value
			}
		}
		if bad {
			continue
		}
		if err := each(item.Line, fields); err != nil {
			errs = append(errs, fmt.Errorf("%s:%d: %v", name, item.Line, err))
		}
	}
	return errors.Join(errs...)
}

func kindName(n *yaml.Node) string {
	switch n.Kind {
	case yaml.SequenceNode:
		return "a list"
	case yaml.MappingNode:
		return "a mapping"
	case yaml.ScalarNode:
		return fmt.Sprintf("%q", n.Value)
	case yaml.AliasNode:
		return "an alias"
	}
	return "nothing"
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// common reads the keys labels and hazards share: module, at and check.
func common(fields map[string]*yaml.Node) (module, file string, line int, check string, err error) {
	for _, key := range []string{"module", "at", "check"} {
		if fields[key] == nil || fields[key].Value == "" {
			return "", "", 0, "", fmt.Errorf("%s is missing", key)
		}
	}
	module = fields["module"].Value
	m := atPattern.FindStringSubmatch(fields["at"].Value)
	if m == nil {
		return "", "", 0, "", fmt.Errorf("at: want dir/file.go:LINE, relative to the module's root, found %q", fields["at"].Value)
	}
	file = m[1]
	line, _ = strconv.Atoi(m[2])
	check = fields["check"].Value
	if !isCheck(check) {
		return "", "", 0, "", fmt.Errorf("check: unknown check %q (known: %s)", check, strings.Join(checks, ", "))
	}
	return module, file, line, check, nil
}

// loadLabels reads one labels file; seen maps each (module, at, check)
// already read to where, to find duplicates across files.
func loadLabels(file, name string, seen map[string]string) ([]Label, error) {
	var labels []Label
	err := entries(file, name, []string{"module", "at", "check", "label", "why"}, func(line int, fields map[string]*yaml.Node) error {
		module, f, l, check, err := common(fields)
		if err != nil {
			return err
		}
		value := ""
		if fields["label"] != nil {
			value = fields["label"].Value
		}
		if !contains(labelValues, value) {
			return fmt.Errorf("label: want true, false or not-actionable, found %q", value)
		}
		why := ""
		if fields["why"] != nil {
			why = strings.TrimSpace(fields["why"].Value)
		}
		if why == "" && value != "true" {
			return fmt.Errorf("why is missing: say why the finding is %s", map[string]string{"false": "a false alarm", "not-actionable": "not actionable"}[value])
		}
		source := fmt.Sprintf("%s:%d", name, line)
		key := module + " " + f + ":" + strconv.Itoa(l) + " " + check
		if prev, ok := seen[key]; ok {
			return fmt.Errorf("duplicate label for %s at %s:%d (%s), first given at %s", module, f, l, check, prev)
		}
		seen[key] = source
		labels = append(labels, Label{Module: module, File: f, Line: l, Check: check, Label: value, Why: why, Source: source})
		return nil
	})
	return labels, err
}

// loadHazards reads one file of hazards or near-misses (kind says
// which), as loadLabels does.
func loadHazards(file, name string, seen map[string]string, kind hazardKind) ([]Hazard, error) {
	var hazards []Hazard
	err := entries(file, name, []string{"module", "at", "end", "check", "why"}, func(line int, fields map[string]*yaml.Node) error {
		module, f, l, check, err := common(fields)
		if err != nil {
			return err
		}
		end := l
		if fields["end"] != nil {
			end, err = strconv.Atoi(fields["end"].Value)
			if err != nil || end < l {
				return fmt.Errorf("end: want a line number not before at's (%d), found %q", l, fields["end"].Value)
			}
		}
		why := ""
		if fields["why"] != nil {
			why = strings.TrimSpace(fields["why"].Value)
		}
		if why == "" {
			return errors.New("why is missing: " + kind.why)
		}
		source := fmt.Sprintf("%s:%d", name, line)
		key := module + " " + f + ":" + strconv.Itoa(l) + " " + check
		if prev, ok := seen[key]; ok {
			return fmt.Errorf("duplicate %s for %s at %s:%d (%s), first given at %s", kind.noun, module, f, l, check, prev)
		}
		seen[key] = source
		hazards = append(hazards, Hazard{Module: module, File: f, Line: l, End: end, Check: check, Why: why, Source: source})
		return nil
	})
	return hazards, err
}

// loadExamples reads examples.yaml, as loadLabels reads a labels file;
// a missing file holds no examples.
func loadExamples(file, root string) ([]Example, error) {
	if _, err := os.Stat(file); errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	name := rel(root, file)
	seen := map[string]string{}
	var examples []Example
	err := entries(file, name, []string{"module", "at", "check", "expect", "why"}, func(line int, fields map[string]*yaml.Node) error {
		module, f, l, check, err := common(fields)
		if err != nil {
			return err
		}
		expect := ""
		if fields["expect"] != nil {
			expect = fields["expect"].Value
		}
		if !contains(expectValues, expect) {
			return fmt.Errorf("expect: want reported or silent, found %q", expect)
		}
		why := ""
		if fields["why"] != nil {
			why = strings.TrimSpace(fields["why"].Value)
		}
		if why == "" {
			return errors.New("why is missing: say what the case is")
		}
		source := fmt.Sprintf("%s:%d", name, line)
		key := module + " " + f + ":" + strconv.Itoa(l) + " " + check
		if prev, ok := seen[key]; ok {
			return fmt.Errorf("duplicate example for %s at %s:%d (%s), first given at %s", module, f, l, check, prev)
		}
		seen[key] = source
		examples = append(examples, Example{Module: module, File: f, Line: l, Check: check, Expect: expect, Why: why, Source: source})
		return nil
	})
	return examples, err
}

// loadModules reads modules.yaml, as strictly as the labels.
func loadModules(file, root string) ([]Module, error) {
	name := rel(root, file)
	doc, err := readYAML(file, name)
	if err != nil {
		return nil, err
	}
	var mods []Module
	var errs []error
	seen := map[string]int{}
	if len(doc.Content) == 0 || doc.Content[0].Kind != yaml.SequenceNode {
		return nil, fmt.Errorf("%s: want a list of modules", name)
	}
	for _, item := range doc.Content[0].Content {
		var m struct {
			Module   string   `yaml:"module"`
			Version  string   `yaml:"version"`
			Packages []string `yaml:"packages"`
			Tags     []string `yaml:"tags"`
		}
		if err := decodeStrict(item, &m, []string{"module", "version", "packages", "tags"}); err != nil {
			errs = append(errs, fmt.Errorf("%s:%v", name, err))
			continue
		}
		switch {
		case m.Module == "" || m.Version == "" || len(m.Packages) == 0:
			errs = append(errs, fmt.Errorf("%s:%d: module, version and packages are all required", name, item.Line))
		case seen[m.Module] != 0:
			errs = append(errs, fmt.Errorf("%s:%d: module %s listed twice (first at line %d)", name, item.Line, m.Module, seen[m.Module]))
		default:
			seen[m.Module] = item.Line
			mods = append(mods, Module{Module: m.Module, Version: m.Version, Packages: m.Packages, Tags: m.Tags})
		}
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return mods, nil
}

// selectModules keeps the modules named, in the file's order.
func selectModules(mods []Module, names []string) ([]Module, error) {
	want := map[string]bool{}
	for _, n := range names {
		if n = strings.TrimSpace(n); n != "" {
			want[n] = true
		}
	}
	var out []Module
	for _, m := range mods {
		if want[m.Module] {
			out = append(out, m)
			delete(want, m.Module)
		}
	}
	if len(want) > 0 {
		var missing []string
		for n := range want {
			missing = append(missing, n)
		}
		sort.Strings(missing)
		return nil, fmt.Errorf("-only: not in modules.yaml: %s", strings.Join(missing, ", "))
	}
	return out, nil
}

// decodeStrict decodes a mapping into v after checking that it has only
// known keys; errors start with the line.
func decodeStrict(n *yaml.Node, v any, known []string) error {
	if n.Kind != yaml.MappingNode {
		return fmt.Errorf("%d: want a mapping, found %s", n.Line, kindName(n))
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if key := n.Content[i]; !contains(known, key.Value) {
			return fmt.Errorf("%d: unknown key %q (known: %s)", key.Line, key.Value, strings.Join(known, ", "))
		}
	}
	if err := n.Decode(v); err != nil {
		return fmt.Errorf("%d: %v", n.Line, err)
	}
	return nil
}
