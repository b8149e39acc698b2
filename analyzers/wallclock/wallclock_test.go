package wallclock_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/retrylint/retrylint/analyzers/clockunits"
	"github.com/retrylint/retrylint/analyzers/retrysite"
	"github.com/retrylint/retrylint/analyzers/wallclock"
	"github.com/retrylint/retrylint/rules"
)

func Test(t *testing.T) {
	testdata, _ := filepath.Abs(filepath.Join("..", "..", "testdata"))
	analysistest.Run(t, testdata, wallclock.Analyzer, "wallclock/...")
}

// TestFramework: a framework's handler, registered by its type, is the
// operation; a clock of a rule pack is a clock.
func TestFramework(t *testing.T) {
	runConfigured(t, `packs:
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
`, "wallclockframework/...")
}

// TestOwnTimeType: a pack that describes a project's own time type (its
// clock, the method that names a day, the method that shifts a moment)
// makes wallclock follow it as it follows time.Time.
func TestOwnTimeType(t *testing.T) {
	runConfigured(t, `packs:
  - library: example.com/instant
    doc: A clock of milliseconds whose moments name their day.
    clocks:
      - example.com/instant.Now
    time-units:
      - {call: (example.com/instant.Instant).Day, makes: component}
    time-keeps:
      - {call: (example.com/instant.Instant).Shift}
`, "wallclockowntime/...")
}

// runConfigured runs the check, with the rules of a .retrylint.yml,
// over the testdata packages of pattern.
func runConfigured(t *testing.T, config, pattern string) {
	t.Helper()
	cfg, err := rules.ParseConfig(".retrylint.yml", []byte(config), []string{"wallclock"})
	if err != nil {
		t.Fatal(err)
	}
	r := rules.New(cfg)
	a := wallclock.New(retrysite.New(r), clockunits.New(r), r)
	testdata, _ := filepath.Abs(filepath.Join("..", "..", "testdata"))
	analysistest.Run(t, testdata, a, pattern)
}
