package inventory

import (
	"strings"
	"testing"
	"time"

	"gopkg.in/yaml.v3"
)

// TestPacks loads the embedded schedule packs.
func TestPacks(t *testing.T) {
	set, err := loadPacks()
	if err != nil {
		t.Fatal(err)
	}
	if len(set.entries) == 0 {
		t.Fatal("no entries")
	}
}

// TestPackErrors checks that a pack that cannot be right is refused,
// with its file and what is wrong.
func TestPackErrors(t *testing.T) {
	for _, c := range []struct {
		name, yaml, want string
	}{
		{"unknown key", "library: x\nmodel: avast\nentrees: []\n", "field entrees not found"},
		{"unknown model", "library: x\nmodel: nosuch\n", `unknown model "nosuch"`},
		{"unknown number", "library: x\nmodel: avast\npresets:\n  p: {tries: 3}\n", `no number "tries"`},
		{"bad duration", "library: x\nmodel: avast\npresets:\n  p: {delay: soon}\n", "time: invalid duration"},
		{"unknown part", "library: x\nmodel: avast\npresets:\n  p: {delay-type: [wobble]}\n", `no part "wobble"`},
		{"missing preset", "library: x\nmodel: avast\nentries:\n  - {call: x.Do, preset: nosuch}\n", `no preset "nosuch"`},
		{"preset and value", "library: x\nmodel: avast\npresets: {p: {}}\nentries:\n  - {call: x.Do, preset: p, value: 1}\n", "give a preset or a value"},
		{"set without arg", "library: x\nmodel: cenkalti\npresets: {p: {}}\nbuilders:\n  - {call: x.New, preset: p, set: retries}\n", "set and arg go together"},
		{"option to", "library: x\nmodel: avast\noptions:\n  - {call: x.Attempts, set: attempts, to: many}\n", "invalid syntax"},
		{"twice", "library: x\nmodel: avast\noptions:\n  - {call: x.Attempts}\n  - {call: x.Attempts}\n", "listed twice"},
		{"component", "library: x\nmodel: avast\ncomponents:\n  - {func: x.Backoff}\n", "a func with is"},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := newPackSet().add("test.yaml", []byte(c.yaml))
			if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "schedules/test.yaml") {
				t.Errorf("got %v, want an error with %q", err, c.want)
			}
		})
	}
}

// TestModels checks the formulas' edges that the fixtures do not reach.
func TestModels(t *testing.T) {
	for _, c := range []struct {
		name, model, preset string
		known               bool
		wait                time.Duration
		attempts            int64
		how                 string
	}{
		{"avast until success", "avast", "{attempts: 0, delay: 1s, max-delay: 0s, max-jitter: 1s, delay-type: [fixed]}", false, 0, 0, "until the operation succeeds"},
		{"avast one attempt", "avast", "{attempts: 1, delay: 1s, max-delay: 0s, max-jitter: 1s, delay-type: [fixed]}", true, 0, 1, ""},
		{"avast full jitter", "avast", "{attempts: 3, delay: 1s, max-delay: 3s, max-jitter: 1s, delay-type: [full-jitter]}", true, 5 * time.Second, 3, "up to 1s·2^n"},
		{"avast random panics", "avast", "{attempts: 3, delay: 1s, max-delay: 0s, max-jitter: 0s, delay-type: [random]}", false, 0, 0, "panics"},
		{"cenkalti stop", "cenkalti", "{kind: stop}", true, 0, 1, "StopBackOff"},
		{"cenkalti zero forever", "cenkalti", "{kind: zero}", false, 0, 0, "never stops"},
		{"cenkalti capped by elapsed", "cenkalti", "{kind: exponential, initial: 1s, randomization: 0, multiplier: 2, max-interval: 1m, max-elapsed: 5s, retries: 10}", true, 5 * time.Second, 11, "capped by MaxElapsedTime"},
		{"cenkalti max interval", "cenkalti", "{kind: exponential, initial: 1s, randomization: 0, multiplier: 10, max-interval: 5s, max-elapsed: 0s, retries: 3}", true, 11 * time.Second, 4, ""},
		{"cenkalti v5 no cap", "cenkalti-v5", "{max-tries: 3, max-elapsed: 0s}", false, 0, 3, "RetryAfter"},
		{"k8s one step", "k8s", "{steps: 1, duration: 1s, factor: 2, jitter: 0, cap: 0s}", true, 0, 1, "no wait"},
		{"k8s no steps", "k8s", "{steps: 0, duration: 1s, factor: 2, jitter: 0, cap: 0s}", false, 0, 0, "never runs"},
		{"retryablehttp no retries", "retryablehttp", "{retry-max: 0, wait-min: 1s, wait-max: 30s}", false, 0, 1, "add up to 0s"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var node yaml.Node
			if err := yaml.Unmarshal([]byte(c.preset), &node); err != nil {
				t.Fatal(err)
			}
			m := models[c.model]
			v, err := m.preset(node.Content[0])
			if err != nil {
				t.Fatal(err)
			}
			got := m.compute(v)
			if got.known != c.known || got.known && got.wait != c.wait || got.attempts != c.attempts || !strings.Contains(got.how, c.how) {
				t.Errorf("got known=%v wait=%s attempts=%d how=%q; want known=%v wait=%s attempts=%d how with %q", got.known, got.wait, got.attempts, got.how, c.known, c.wait, c.attempts, c.how)
			}
		})
	}
}
