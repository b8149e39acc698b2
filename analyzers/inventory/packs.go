package inventory

import (
	"bytes"
	"embed"
	"fmt"
	"go/constant"
	"go/token"
	"io"
	"path"
	"slices"
	"strconv"
	"strings"
	"time"

	"gopkg.in/yaml.v3"
)

// The schedule packs describe, for each retry library the inventory
// computes numbers for, how its API sets them: where a retry takes its
// configuration, the defaults, and the calls, literals and fields that
// change each number. The formula that turns the numbers into a
// worst-case wait is the pack's model, in models.go.
//
//go:embed schedules/*.yaml
var packFS embed.FS

// pack is one library's schedule pack.
type pack struct {
	Library string `yaml:"library"`
	// Source names the version read and what in it the pack says.
	Source     string               `yaml:"source"`
	Model      string               `yaml:"model"`
	Entries    []entry              `yaml:"entries"`
	Builders   []builder            `yaml:"builders"`
	Presets    map[string]yaml.Node `yaml:"presets"`
	Options    []option             `yaml:"options"`
	Fields     []field              `yaml:"fields"`
	Components []component          `yaml:"components"`

	file    string
	model   *model
	presets map[string]*value
}

// entry is a retry call or client constructor of the rules whose
// configuration the pack reads.
type entry struct {
	Call string `yaml:"call"`
	// Preset starts the configuration from a preset; Value takes it from
	// the value of the argument with this index instead.
	Preset string `yaml:"preset"`
	Value  *int   `yaml:"value"`
	// Options are the option arguments, from this index on.
	Options *int `yaml:"options"`
	// Client: the call builds a client whose fields the function sets.
	Client bool `yaml:"client"`
}

// builder is a call, a composite literal or a package-level variable that
// makes a configuration value.
type builder struct {
	Call    string `yaml:"call"`
	Literal string `yaml:"literal"`
	Var     string `yaml:"var"`
	Preset  string `yaml:"preset"`
	// Wraps: the value of the argument with this index, with Set applied
	// (a cap set again keeps the smaller value).
	Wraps   *int   `yaml:"wraps"`
	Options *int   `yaml:"options"`
	Set     string `yaml:"set"`
	Arg     *int   `yaml:"arg"`
}

// option is a call whose result, passed as an option, sets a number to
// its argument Arg or to the constant To; with no Set it changes no
// number.
type option struct {
	Call string  `yaml:"call"`
	Set  string  `yaml:"set"`
	Arg  *int    `yaml:"arg"`
	To   *string `yaml:"to"`
}

// field is a field of a configuration value that sets a number; with
// no Set, one that changes none.
type field struct {
	Field string `yaml:"field"`
	Set   string `yaml:"set"`
}

// component names a function that is one part of a delay (Is), or a
// call that adds up the parts of its arguments from index Combines on.
type component struct {
	Func     string `yaml:"func"`
	Is       string `yaml:"is"`
	Call     string `yaml:"call"`
	Combines *int   `yaml:"combines"`
}

// packs holds the loaded packs by the names they key.
type packSet struct {
	entries    map[string]*packEntry
	builders   map[string]*packBuilder
	options    map[string]*packOption
	fields     map[string]*packField
	components map[string]*packComponent
}

type (
	packEntry struct {
		*pack
		entry
	}
	packBuilder struct {
		*pack
		builder
	}
	packOption struct {
		*pack
		option
	}
	packField struct {
		*pack
		field
	}
	packComponent struct {
		*pack
		component
	}
)

var packs = mustLoadPacks()

func mustLoadPacks() *packSet {
	set, err := loadPacks()
	if err != nil {
		panic(err) // the packs are embedded: a test loads them
	}
	return set
}

func newPackSet() *packSet {
	return &packSet{
		entries:    map[string]*packEntry{},
		builders:   map[string]*packBuilder{},
		options:    map[string]*packOption{},
		fields:     map[string]*packField{},
		components: map[string]*packComponent{},
	}
}

func loadPacks() (*packSet, error) {
	set := newPackSet()
	names, err := packFS.ReadDir("schedules")
	if err != nil {
		return nil, err
	}
	for _, n := range names {
		data, err := packFS.ReadFile(path.Join("schedules", n.Name()))
		if err != nil {
			return nil, err
		}
		if err := set.add(n.Name(), data); err != nil {
			return nil, err
		}
	}
	return set, nil
}

// add decodes a pack strictly and checks it against its model.
func (set *packSet) add(file string, data []byte) error {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	p := &pack{file: file}
	if err := dec.Decode(p); err != nil && err != io.EOF {
		return fmt.Errorf("inventory: schedules/%s: %v", file, err)
	}
	fail := func(format string, args ...any) error {
		return fmt.Errorf("inventory: schedules/%s: %s", file, fmt.Sprintf(format, args...))
	}
	p.model = models[p.Model]
	if p.model == nil {
		return fail("unknown model %q", p.Model)
	}
	p.presets = map[string]*value{}
	for name, node := range p.Presets {
		v, err := p.model.preset(&node)
		if err != nil {
			return fail("preset %s: %v", name, err)
		}
		p.presets[name] = v
	}
	checkSet := func(what, name string) error {
		if name != "" && p.model.params[name] == noParam {
			return fail("%s: model %s has no number %q", what, p.Model, name)
		}
		return nil
	}
	checkPreset := func(what, name string) error {
		if name != "" && p.presets[name] == nil {
			return fail("%s: no preset %q", what, name)
		}
		return nil
	}
	unique := func(m map[string]bool, what, key string) error {
		if key == "" {
			return fail("%s without a name", what)
		}
		if m[key] {
			return fail("%s %s listed twice", what, key)
		}
		m[key] = true
		return nil
	}
	seen := map[string]bool{}
	for _, e := range p.Entries {
		if err := unique(seen, "entry", e.Call); err != nil {
			return err
		}
		if (e.Preset == "") == (e.Value == nil) {
			return fail("entry %s: give a preset or a value, not both", e.Call)
		}
		if err := checkPreset("entry "+e.Call, e.Preset); err != nil {
			return err
		}
		if set.entries[e.Call] != nil {
			return fail("%s is in another pack too", e.Call)
		}
		set.entries[e.Call] = &packEntry{p, e}
	}
	for _, b := range p.Builders {
		key := b.Call + b.Literal + b.Var
		if err := unique(seen, "builder", key); err != nil {
			return err
		}
		if (b.Call != "") && (b.Literal != "" || b.Var != "") || b.Literal != "" && b.Var != "" {
			return fail("builder %s: one of call, literal, var", key)
		}
		if (b.Preset == "") == (b.Wraps == nil) {
			return fail("builder %s: give a preset or wraps, not both", key)
		}
		if err := checkPreset("builder "+key, b.Preset); err != nil {
			return err
		}
		if err := checkSet("builder "+key, b.Set); err != nil {
			return err
		}
		if (b.Set == "") != (b.Arg == nil) {
			return fail("builder %s: set and arg go together", key)
		}
		if set.builders[key] != nil {
			return fail("%s is in another pack too", key)
		}
		set.builders[key] = &packBuilder{p, b}
	}
	for _, o := range p.Options {
		if err := unique(seen, "option", o.Call); err != nil {
			return err
		}
		if err := checkSet("option "+o.Call, o.Set); err != nil {
			return err
		}
		if o.Set != "" && (o.Arg == nil) == (o.To == nil) {
			return fail("option %s: set needs an arg or a to", o.Call)
		}
		if o.Set == "" && (o.Arg != nil || o.To != nil) {
			return fail("option %s: arg or to without set", o.Call)
		}
		if o.To != nil {
			if _, err := p.model.parse(o.Set, *o.To); err != nil {
				return fail("option %s: %v", o.Call, err)
			}
		}
		if set.options[o.Call] != nil {
			return fail("%s is in another pack too", o.Call)
		}
		set.options[o.Call] = &packOption{p, o}
	}
	for _, f := range p.Fields {
		if err := unique(seen, "field", f.Field); err != nil {
			return err
		}
		if err := checkSet("field "+f.Field, f.Set); err != nil {
			return err
		}
		if set.fields[f.Field] != nil {
			return fail("%s is in another pack too", f.Field)
		}
		set.fields[f.Field] = &packField{p, f}
	}
	for _, c := range p.Components {
		key := c.Func + c.Call
		if err := unique(seen, "component", key); err != nil {
			return err
		}
		if (c.Func == "") == (c.Call == "") || (c.Func != "") != (c.Is != "") || (c.Call != "") != (c.Combines != nil) {
			return fail("component %s: a func with is, or a call with combines", key)
		}
		if c.Is != "" && !slices.Contains(p.model.parts, c.Is) {
			return fail("component %s: model %s has no part %q", key, p.Model, c.Is)
		}
		if set.components[key] != nil {
			return fail("%s is in another pack too", key)
		}
		set.components[key] = &packComponent{p, c}
	}
	return nil
}

// paramKind is the type of one number of a model.
type paramKind int

const (
	noParam paramKind = iota
	durationParam
	intParam
	floatParam
	kindParam  // one of the model's kinds
	partsParam // a list of the model's parts
)

// value is what is known of one configuration: its numbers, its kind,
// the parts of its delay; or why it cannot be known.
type value struct {
	nums  map[string]constant.Value
	kind  string
	parts []string
	why   string
}

func (v *value) clone() *value {
	out := &value{nums: map[string]constant.Value{}, kind: v.kind, parts: slices.Clone(v.parts), why: v.why}
	for k, n := range v.nums {
		out.nums[k] = n
	}
	return out
}

// preset decodes a preset: a mapping of the model's numbers.
func (m *model) preset(node *yaml.Node) (*value, error) {
	v := &value{nums: map[string]constant.Value{}}
	if node.Kind != yaml.MappingNode {
		return nil, fmt.Errorf("line %d: a preset is a mapping", node.Line)
	}
	for i := 0; i+1 < len(node.Content); i += 2 {
		key, val := node.Content[i].Value, node.Content[i+1]
		kind := m.params[key]
		switch kind {
		case noParam:
			return nil, fmt.Errorf("line %d: no number %q", node.Content[i].Line, key)
		case partsParam:
			var parts []string
			if err := val.Decode(&parts); err != nil {
				return nil, fmt.Errorf("line %d: %v", val.Line, err)
			}
			for _, p := range parts {
				if !slices.Contains(m.parts, p) {
					return nil, fmt.Errorf("line %d: no part %q", val.Line, p)
				}
			}
			v.parts = parts
		case kindParam:
			if !slices.Contains(m.kinds, val.Value) {
				return nil, fmt.Errorf("line %d: no kind %q", val.Line, val.Value)
			}
			v.kind = val.Value
		default:
			c, err := m.parse(key, val.Value)
			if err != nil {
				return nil, fmt.Errorf("line %d: %v", val.Line, err)
			}
			v.nums[key] = c
		}
	}
	return v, nil
}

// parse reads a number of the model written in a pack.
func (m *model) parse(name, text string) (constant.Value, error) {
	switch m.params[name] {
	case durationParam:
		d, err := time.ParseDuration(text)
		if err != nil {
			return nil, err
		}
		return constant.MakeInt64(int64(d)), nil
	case intParam:
		if _, err := strconv.ParseInt(text, 10, 64); err != nil {
			return nil, err
		}
		return constant.MakeFromLiteral(text, token.INT, 0), nil
	case floatParam:
		if _, err := strconv.ParseFloat(text, 64); err != nil {
			return nil, err
		}
		lit := text
		if !strings.ContainsAny(lit, ".eE") {
			lit += ".0"
		}
		return constant.MakeFromLiteral(lit, token.FLOAT, 0), nil
	}
	return nil, fmt.Errorf("%q is not a number of the model", name)
}
