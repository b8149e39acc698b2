package rules_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/retrylint/retrylint/rules"
)

// TestBuiltinPacks parses every embedded pack from disk, so that an error
// names its file and line instead of panicking in Builtin.
func TestBuiltinPacks(t *testing.T) {
	files, err := filepath.Glob("packs/*.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no packs in packs/")
	}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		p, err := rules.ParsePack(filepath.Base(file), data)
		if err != nil {
			t.Error(err)
			continue
		}
		// The docs list every pack by library and doc.
		if p.Library == "" || p.Doc == "" {
			t.Errorf("%s: library and doc are required in a builtin pack", file)
		}
	}

	builtin := rules.Builtin()
	if len(builtin) != len(files) {
		t.Errorf("Builtin() has %d packs, packs/ has %d files", len(builtin), len(files))
	}
}

// TestBuiltinKeysUnique: two builtin entries under one name would let the
// later file win without a word.
func TestBuiltinKeysUnique(t *testing.T) {
	seen := map[string]string{} // key -> library
	add := func(lib, kind, name string) {
		key := kind + " " + rules.Normalize(name)
		if other, ok := seen[key]; ok {
			t.Errorf("%s is described twice: in %s and in %s", key, other, lib)
		}
		seen[key] = lib
	}
	for _, p := range rules.Builtin() {
		for _, r := range p.Retries {
			add(p.Library, "retry", r.Call)
		}
		for _, r := range p.Clients {
			add(p.Library, "client", r.Call)
		}
		for _, v := range p.Values {
			kind := "value"
			switch {
			case v.Call != "":
				kind = "call"
			case v.Func != "":
				kind = "func"
			case v.Var != "":
				kind = "var"
			case v.Literal != "":
				kind = "literal"
			case v.Field != "":
				kind = "field"
			}
			add(p.Library, kind, v.Key())
		}
		for _, w := range p.Waits {
			add(p.Library, "wait", w.Call)
		}
		for _, r := range p.Random {
			add(p.Library, "random", r.Name)
		}
	}
}

// TestTerminalWrappers: a builtin terminal-wrappers row is a wrapper a
// retry row names, so that catchall's fix writes what the library reads.
func TestTerminalWrappers(t *testing.T) {
	named := map[string]bool{}
	for _, p := range rules.Builtin() {
		for _, r := range p.Retries {
			for _, n := range r.Terminal {
				named[rules.Normalize(n.Name)] = true
			}
		}
	}
	r := rules.Default()
	for _, p := range rules.Builtin() {
		for _, w := range p.TerminalWrappers {
			if !named[rules.Normalize(w.Call)] {
				t.Errorf("%s: terminal-wrappers row %s is no retry row's terminal", p.Library, w.Call)
			}
			if r.TerminalWrapper(w.Call) == nil {
				t.Errorf("Default() lacks the terminal wrapper %s", w.Call)
			}
		}
	}
	if w := r.TerminalWrapper("github.com/avast/retry-go/v4.Unrecoverable"); w == nil || *w.KeepsNil {
		t.Errorf("retry-go's Unrecoverable(nil) is an error: keeps-nil must be false, got %+v", w)
	}
}

func TestDefault(t *testing.T) {
	r := rules.Default()
	for name, ok := range map[string]bool{
		"github.com/cenkalti/backoff/v4.Retry": r.Retries["github.com/cenkalti/backoff/v4.Retry"] != nil,
		"github.com/avast/retry-go/v4.Do":      r.Retries["github.com/avast/retry-go/v4.Do"] != nil,
		"time.Sleep":                           r.Waits["time.Sleep"] != nil,
		"math/rand/v2":                         r.Random["math/rand/v2"],
		"literal github.com/cenkalti/backoff/v4.ExponentialBackOff":              r.Values["literal:github.com/cenkalti/backoff/v4.ExponentialBackOff"] != nil,
		"field github.com/cenkalti/backoff/v4.ExponentialBackOff.MaxElapsedTime": r.Values["field:github.com/cenkalti/backoff/v4.ExponentialBackOff.MaxElapsedTime"] != nil,
	} {
		if !ok {
			t.Errorf("Default() lacks %s", name)
		}
	}
	for _, check := range known {
		if !r.Enabled(check) {
			t.Errorf("Default() disables %s", check)
		}
	}
	if pkgs := r.Packages(); !pkgs["github.com/cenkalti/backoff/v4"] || !pkgs["github.com/failsafe-go/failsafe-go/retrypolicy"] || pkgs["time"] {
		t.Errorf("Packages() = %v", pkgs)
	}
}

// A user's pack replaces the builtin entry of the same name; disable.rules
// removes entries of every kind; disable.checks turns a check off.
func TestNewWithConfig(t *testing.T) {
	cfg, err := rules.ParseConfig(".retrylint.yml", yaml(`
disable:
	checks: [unbounded]
	rules:
		- github.com/avast/retry-go/v4.DoWithData
		- (*github.com/cenkalti/backoff/v4.ExponentialBackOff).NextBackOff
		- (github.com/failsafe-go/failsafe-go/retrypolicy.Builder[R]).WithJitter
		- github.com/cenkalti/backoff/v4.ExponentialBackOff.MaxElapsedTime
		- time.After
packs:
	- library: github.com/cenkalti/backoff/v4
	  retries:
	    - {call: github.com/cenkalti/backoff/v4.Retry, operation: 0, policy: 1, default: {cancel: true}}
	  values:
	    - {literal: github.com/cenkalti/backoff/v4.ExponentialBackOff, set: {jitter: true}}
	- library: example.com/platform/retry
	  retries:
	    - {call: example.com/platform/retry.Do, context: 0, policy: 1, operation: 2}
	  random: [example.com/platform/jitter]
`), known)
	if err != nil {
		t.Fatal(err)
	}
	r := rules.New(cfg)

	if got := r.Retries["github.com/cenkalti/backoff/v4.Retry"]; got == nil || got.Default.Cancel == nil || got.Line != 12 {
		t.Errorf("the user's Retry entry did not replace the builtin one: %+v", got)
	}
	if got := r.Values["literal:github.com/cenkalti/backoff/v4.ExponentialBackOff"]; got == nil || got.Set.Jitter == nil || !*got.Set.Jitter || got.Fix != nil {
		t.Errorf("the user's ExponentialBackOff entry did not replace the builtin one: %+v", got)
	}
	if r.Retries["example.com/platform/retry.Do"] == nil || !r.Random["example.com/platform/jitter"] {
		t.Errorf("the user's library was not added")
	}
	if !r.Packages()["example.com/platform/retry"] {
		t.Errorf("Packages() lacks the user's library")
	}

	for what, gone := range map[string]bool{
		"retry DoWithData":     r.Retries["github.com/avast/retry-go/v4.DoWithData"] == nil,
		"call NextBackOff":     r.Values["call:(*github.com/cenkalti/backoff/v4.ExponentialBackOff).NextBackOff"] == nil,
		"generic WithJitter":   r.Values["call:(github.com/failsafe-go/failsafe-go/retrypolicy.Builder).WithJitter"] == nil,
		"field MaxElapsedTime": r.Values["field:github.com/cenkalti/backoff/v4.ExponentialBackOff.MaxElapsedTime"] == nil,
		"wait time.After":      r.Waits["time.After"] == nil,
	} {
		if !gone {
			t.Errorf("disable.rules did not remove %s", what)
		}
	}
	// Neighbours stay.
	if r.Retries["github.com/avast/retry-go/v4.Do"] == nil || r.Waits["time.Sleep"] == nil ||
		r.Values["field:github.com/cenkalti/backoff/v4.ExponentialBackOff.RandomizationFactor"] == nil {
		t.Errorf("disable.rules removed more than it names")
	}

	if r.Enabled("unbounded") || !r.Enabled("nojitter") {
		t.Errorf("Enabled: unbounded %t, nojitter %t; want false, true", r.Enabled("unbounded"), r.Enabled("nojitter"))
	}

	// The builtin knowledge is untouched for the next caller.
	d := rules.Default()
	if got := d.Retries["github.com/cenkalti/backoff/v4.Retry"]; got == nil || got.Default.Cancel != nil {
		t.Errorf("New(cfg) changed the builtin entry: %+v", got)
	}
	if d.Retries["github.com/avast/retry-go/v4.DoWithData"] == nil {
		t.Errorf("New(cfg) removed a builtin entry for later callers")
	}
}

func TestNormalize(t *testing.T) {
	for in, want := range map[string]string{
		"(*github.com/failsafe-go/failsafe-go/retrypolicy.Builder[R]).Build": "(*github.com/failsafe-go/failsafe-go/retrypolicy.Builder).Build",
		"example.com/m.Map[K, V]": "example.com/m.Map",
		"time.Sleep":              "time.Sleep",
	} {
		if got := rules.Normalize(in); got != want {
			t.Errorf("Normalize(%s) = %s, want %s", in, got, want)
		}
	}
	for in, want := range map[string]string{
		"github.com/cenkalti/backoff/v4.Retry":                                   "github.com/cenkalti/backoff/v4",
		"(*github.com/cenkalti/backoff/v4.ExponentialBackOff).NextBackOff":       "github.com/cenkalti/backoff/v4",
		"(*github.com/nats-io/nats.go.Conn).Publish":                             "github.com/nats-io/nats.go",
		"github.com/nats-io/nats.go.MsgId":                                       "github.com/nats-io/nats.go",
		"gopkg.in/yaml.v3.Unmarshal":                                             "gopkg.in/yaml.v3",
		"(github.com/failsafe-go/failsafe-go/retrypolicy.Builder[R]).WithJitter": "github.com/failsafe-go/failsafe-go/retrypolicy",
		"time.Sleep": "time",
		"Sleep":      "",
	} {
		if got := rules.PackageOf(in); got != want {
			t.Errorf("PackageOf(%s) = %q, want %q", in, got, want)
		}
	}
	field := rules.Value{Field: "github.com/cenkalti/backoff/v4.ExponentialBackOff.MaxElapsedTime"}
	if got, want := field.Package(), "github.com/cenkalti/backoff/v4"; got != want {
		t.Errorf("Package of a field = %q, want %q", got, want)
	}
}
