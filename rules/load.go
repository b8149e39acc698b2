// Package rules holds retrylint's knowledge as data: YAML rule packs that
// describe retry libraries, waits and random sources, embedded in the
// binary, and the loader for them and for a user's .retrylint.yml.
//
// Loading is strict: an unknown key, a value of the wrong type, a
// malformed function name or an argument index that cannot be right is an
// error naming the file and line, and nothing is analysed.
package rules

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"gopkg.in/yaml.v3"
)

//go:embed packs/*.yaml
var packFS embed.FS

// ConfigFile is the name of a user's configuration at a module root.
const ConfigFile = ".retrylint.yml"

// Error is a loading error at a line of a file.
type Error struct {
	File string
	Line int
	Msg  string
}

func (e *Error) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("rules: %s:%d: %s", e.File, e.Line, e.Msg)
	}
	return fmt.Sprintf("rules: %s: %s", e.File, e.Msg)
}

// lineError is an Error before its file is known.
type lineError struct {
	line int
	msg  string
}

func (e *lineError) Error() string { return fmt.Sprintf("line %d: %s", e.line, e.msg) }

// Config is a user's .retrylint.yml.
type Config struct {
	Disable Disable `yaml:"disable"`
	// Onconflict configures the onconflict check.
	Onconflict Onconflict `yaml:"onconflict"`
	// Schema are globs, relative to the configuration file's folder, of
	// the files that hold the project's DDL (.sql files, or Go files
	// whose string literals create tables), applied in natural order of
	// their paths. Given, they replace the discovery of the schema.
	Schema []Name `yaml:"schema"`
	// Packs are rule packs written inline, with the schema of the
	// embedded ones: they add libraries and entries.
	Packs []Pack `yaml:"packs"`
	// Retried are functions that something outside the code retries
	// (retried.go).
	Retried []Retried `yaml:"retried"`
	// TestSupport says whether the checks report in the packages that
	// exist for tests (testutil, mocks, httptest-like footest):
	// "exclude" (the default) or "include".
	TestSupport Setting `yaml:"test-support"`

	file        string
	schemaFiles []string // the files the Schema globs match
}

// Onconflict configures the onconflict check. Scope is "retried" (the
// default) or "all".
type Onconflict struct {
	Scope string `yaml:"scope"`

	Line int `yaml:"-"`
}

// Setting is a value of the configuration that is one of a few words,
// with its line: it decodes from anything, and check, which knows the
// key and the words, names the line of a value that is none of them.
type Setting struct {
	Value string
	Line  int
	found string // what stands where a word should: "a list", "a mapping"
}

func (s *Setting) UnmarshalYAML(node *yaml.Node) error {
	s.Line = node.Line
	if node.Kind != yaml.ScalarNode {
		s.found = describe(node)
		return nil
	}
	s.Value = node.Value
	return nil
}

// check says, for the key, whether the setting is empty or one of words.
func (s *Setting) check(file, key string, words ...string) error {
	either := strings.Join(words, " or ")
	switch {
	case s.found != "":
		return &Error{file, s.Line, fmt.Sprintf("%s: expected %s, found %s", key, either, s.found)}
	case s.Value != "" && !slices.Contains(words, s.Value):
		return &Error{file, s.Line, fmt.Sprintf("%s: %q is not %s", key, s.Value, either)}
	}
	return nil
}

// Disable switches checks, or single rules named by the function, type,
// field or variable they are keyed on, off.
type Disable struct {
	Checks []string `yaml:"checks"`
	Rules  []string `yaml:"rules"`

	Line int `yaml:"-"`
}

// Builtin returns the embedded rule packs, sorted by file name. They are
// checked by the tests, so an error here is a build defect.
func Builtin() []*Pack {
	packs, err := builtinOnce()
	if err != nil {
		panic(err)
	}
	return slices.Clone(packs)
}

// builtinOnce parses the embedded packs once per process: every analyzer
// of every go vet process asks for them.
var builtinOnce = sync.OnceValues(builtin)

func builtin() ([]*Pack, error) {
	names, err := fs.Glob(packFS, "packs/*.yaml")
	if err != nil {
		return nil, err
	}
	var packs []*Pack
	for _, name := range names {
		data, err := packFS.ReadFile(name)
		if err != nil {
			return nil, err
		}
		p, err := ParsePack(path.Base(name), data)
		if err != nil {
			return nil, err
		}
		for i := range p.Effects {
			p.Effects[i].Builtin = true
		}
		for i := range p.Retries {
			p.Retries[i].Builtin = true
		}
		for i := range p.Clients {
			p.Clients[i].Builtin = true
		}
		packs = append(packs, p)
	}
	if err := unique(packs); err != nil {
		return nil, err
	}
	return packs, nil
}

// ParsePack decodes and validates one rule pack; file names it in errors.
func ParsePack(file string, data []byte) (*Pack, error) {
	p := new(Pack)
	if err := decode(file, data, p); err != nil {
		return nil, err
	}
	p.file = file
	if err := p.validate(); err != nil {
		return nil, err
	}
	if err := unique([]*Pack{p}); err != nil {
		return nil, err
	}
	return p, nil
}

// ParseConfig decodes and validates a user's configuration.
func ParseConfig(file string, data []byte, known []string) (*Config, error) {
	c := new(Config)
	if err := decode(file, data, c); err != nil {
		return nil, err
	}
	c.file = file
	for _, name := range c.Disable.Checks {
		if !slices.Contains(known, name) {
			return nil, &Error{file, c.Disable.Line, fmt.Sprintf("disable.checks: unknown check %q (known: %s)", name, strings.Join(known, ", "))}
		}
	}
	switch c.Onconflict.Scope {
	case "", "all":
	case "retried":
	default:
		return nil, &Error{file, c.Onconflict.Line, fmt.Sprintf("onconflict.scope: %q is not all or retried", c.Onconflict.Scope)}
	}
	if err := c.TestSupport.check(file, "test-support", "exclude", "include"); err != nil {
		return nil, err
	}
	for _, g := range c.Schema {
		pattern := filepath.Join(filepath.Dir(file), g.Name)
		matches, err := filepath.Glob(pattern)
		switch {
		case err != nil:
			return nil, &Error{file, g.Line, fmt.Sprintf("schema: %q is not a valid glob: %v", g.Name, err)}
		case len(matches) == 0:
			return nil, &Error{file, g.Line, fmt.Sprintf("schema: %q matches no file", g.Name)}
		}
		c.schemaFiles = append(c.schemaFiles, matches...)
	}
	for _, name := range c.Disable.Rules {
		if !validName(name) {
			return nil, &Error{file, c.Disable.Line, fmt.Sprintf("disable.rules: %q is not a function, type, field or variable name", name)}
		}
	}
	if err := validateRetried(file, c.Retried); err != nil {
		return nil, err
	}
	var packs []*Pack
	for i := range c.Packs {
		c.Packs[i].file = file
		if err := c.Packs[i].validate(); err != nil {
			return nil, err
		}
		packs = append(packs, &c.Packs[i])
	}
	if err := unique(packs); err != nil {
		return nil, err
	}
	return c, nil
}

// FindConfig looks for ConfigFile in dir and its parents up to the module
// root (the first directory holding go.mod). It returns "" if there is
// none.
func FindConfig(dir string) string {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return ""
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, ConfigFile)); err == nil {
			return filepath.Join(dir, ConfigFile)
		}
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return ""
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// LoadConfig reads and parses a configuration file.
func LoadConfig(file string, known []string) (*Config, error) {
	data, err := os.ReadFile(file)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, &Error{File: file, Msg: "no such file"}
	} else if err != nil {
		return nil, &Error{File: file, Msg: err.Error()}
	}
	return ParseConfig(file, data, known)
}

// decode is a strict YAML decoder: every mapping key must be a field, and
// every error carries its line. It fills fields named Line with the line
// of the mapping they were decoded from.
func decode(file string, data []byte, out any) error {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	if err := dec.Decode(&doc); err == io.EOF || err == nil && doc.Kind == 0 {
		return nil // an empty file is an empty pack
	} else if err != nil {
		return syntaxError(file, err)
	}
	// A second document would be dropped without a word.
	for {
		var next yaml.Node
		err := dec.Decode(&next)
		if err == io.EOF {
			break
		} else if err != nil {
			return syntaxError(file, err)
		}
		if len(next.Content) > 0 && next.Content[0].Tag != "!!null" {
			return &Error{file, next.Content[0].Line, "a file holds one YAML document; remove the second (---)"}
		}
	}
	err := decodeNode(doc.Content[0], reflect.ValueOf(out).Elem())
	var le *lineError
	if errors.As(err, &le) {
		return &Error{file, le.line, le.msg}
	}
	return err
}

var yamlLine = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)

func syntaxError(file string, err error) error {
	if m := yamlLine.FindStringSubmatch(err.Error()); m != nil {
		line, _ := strconv.Atoi(m[1])
		return &Error{file, line, m[2]}
	}
	return &Error{File: file, Msg: strings.TrimPrefix(err.Error(), "yaml: ")}
}

var unmarshalerType = reflect.TypeFor[yaml.Unmarshaler]()

func decodeNode(n *yaml.Node, v reflect.Value) error {
	if n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	if v.CanAddr() && v.Addr().Type().Implements(unmarshalerType) {
		return v.Addr().Interface().(yaml.Unmarshaler).UnmarshalYAML(n)
	}
	switch v.Kind() {
	case reflect.Pointer:
		if n.Tag == "!!null" {
			return nil
		}
		p := reflect.New(v.Type().Elem())
		if err := decodeNode(n, p.Elem()); err != nil {
			return err
		}
		v.Set(p)
		return nil
	case reflect.Struct:
		if n.Kind != yaml.MappingNode {
			return &lineError{n.Line, fmt.Sprintf("expected a mapping, found %s", describe(n))}
		}
		if f := v.FieldByName("Line"); f.IsValid() && f.Kind() == reflect.Int {
			f.SetInt(int64(n.Line))
		}
		seen := map[string]bool{}
		for i := 0; i+1 < len(n.Content); i += 2 {
			key, val := n.Content[i], n.Content[i+1]
			field, ok := fieldByTag(v, key.Value)
			if !ok {
				return &lineError{key.Line, fmt.Sprintf("unknown field %q%s", key.Value, suggest(v.Type(), key.Value))}
			}
			if seen[key.Value] {
				return &lineError{key.Line, fmt.Sprintf("field %q given twice", key.Value)}
			}
			seen[key.Value] = true
			if err := decodeNode(val, field); err != nil {
				return err
			}
		}
		return nil
	case reflect.Slice:
		if n.Kind != yaml.SequenceNode {
			return &lineError{n.Line, fmt.Sprintf("expected a list, found %s", describe(n))}
		}
		s := reflect.MakeSlice(v.Type(), len(n.Content), len(n.Content))
		for i, item := range n.Content {
			if err := decodeNode(item, s.Index(i)); err != nil {
				return err
			}
		}
		v.Set(s)
		return nil
	}
	if n.Kind != yaml.ScalarNode {
		return &lineError{n.Line, fmt.Sprintf("expected a %s, found %s", kindName(v.Kind()), describe(n))}
	}
	switch v.Kind() {
	case reflect.String:
		if n.Tag != "!!str" {
			return &lineError{n.Line, fmt.Sprintf("expected a string, found %s", describe(n))}
		}
		v.SetString(n.Value)
	case reflect.Bool:
		b, err := strconv.ParseBool(n.Value)
		if n.Tag != "!!bool" || err != nil {
			return &lineError{n.Line, fmt.Sprintf("expected true or false, found %s", describe(n))}
		}
		v.SetBool(b)
	case reflect.Int:
		i, err := strconv.Atoi(n.Value)
		if n.Tag != "!!int" || err != nil {
			return &lineError{n.Line, fmt.Sprintf("expected a whole number, found %s", describe(n))}
		}
		v.SetInt(int64(i))
	case reflect.Float64:
		f, err := strconv.ParseFloat(n.Value, 64)
		if (n.Tag != "!!int" && n.Tag != "!!float") || err != nil {
			return &lineError{n.Line, fmt.Sprintf("expected a number, found %s", describe(n))}
		}
		v.SetFloat(f)
	default:
		return fmt.Errorf("rules: cannot decode into %s", v.Type())
	}
	return nil
}

func fieldByTag(v reflect.Value, key string) (reflect.Value, bool) {
	t := v.Type()
	for i := range t.NumField() {
		if tag, _, _ := strings.Cut(t.Field(i).Tag.Get("yaml"), ","); tag == key && tag != "-" {
			return v.Field(i), true
		}
	}
	return reflect.Value{}, false
}

// suggest names the known field closest to a misspelt key.
func suggest(t reflect.Type, key string) string {
	var known []string
	for i := range t.NumField() {
		tag, _, _ := strings.Cut(t.Field(i).Tag.Get("yaml"), ",")
		if tag == "" || tag == "-" {
			continue
		}
		known = append(known, tag)
	}
	if best := Nearest(key, known); best != "" {
		return fmt.Sprintf(" (did you mean %q?)", best)
	}
	return fmt.Sprintf(" (known: %s)", strings.Join(known, ", "))
}

// Nearest returns the name of known closest to a misspelt name, within
// two edits, the first of the closest; "" when none is that close.
func Nearest(name string, known []string) string {
	best, bestDist := "", 3
	for _, k := range known {
		if d := distance(k, name); d < bestDist {
			best, bestDist = k, d
		}
	}
	return best
}

// distance is the Levenshtein distance between a and b.
func distance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}

func describe(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	}
	return fmt.Sprintf("%q", n.Value)
}

func kindName(k reflect.Kind) string {
	switch k {
	case reflect.Float64:
		return "number"
	case reflect.Bool:
		return "boolean"
	}
	return k.String()
}
