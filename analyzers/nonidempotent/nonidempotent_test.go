package nonidempotent_test

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/retrylint/retrylint/analyzers/effects"
	"github.com/retrylint/retrylint/analyzers/internal/sqlextract"
	"github.com/retrylint/retrylint/analyzers/nonidempotent"
	"github.com/retrylint/retrylint/analyzers/retrysite"
	"github.com/retrylint/retrylint/rules"
)

func Test(t *testing.T) {
	testdata, _ := filepath.Abs(filepath.Join("..", "..", "testdata"))
	analysistest.Run(t, testdata, nonidempotent.Analyzer, "nonidempotent/...")
}

// A chain longer than the effects analyzer keeps is cut after its first
// calls; a line says how many calls it leaves out, and the last line is
// still the call that has the effect. A chain of eight is shown whole.
func TestLongChain(t *testing.T) {
	testdata, _ := filepath.Abs(filepath.Join("..", "..", "testdata"))
	results := analysistest.Run(t, testdata, nonidempotent.Analyzer, "nonidempotent/longchain")
	want := map[int][]string{
		13: {
			"longchain.step1 at longchain.go:14:13",
			"longchain.step2 at longchain.go:22:39",
			"longchain.step3 at longchain.go:23:39",
			"longchain.step4 at longchain.go:24:39",
			"longchain.step5 at longchain.go:25:39",
			"longchain.step6 at longchain.go:26:39",
			"longchain.step7 at longchain.go:27:39",
			"... 3 more calls",
			"smtp.SendMail at longchain.go:31:39",
		},
		35: {
			"longchain.step4 at longchain.go:36:13",
			"longchain.step5 at longchain.go:25:39",
			"longchain.step6 at longchain.go:26:39",
			"longchain.step7 at longchain.go:27:39",
			"longchain.step8 at longchain.go:28:39",
			"longchain.step9 at longchain.go:29:39",
			"longchain.step10 at longchain.go:30:39",
			"smtp.SendMail at longchain.go:31:39",
		},
	}
	for _, r := range results {
		for _, d := range r.Diagnostics {
			line := r.Pass.Fset.Position(d.Pos).Line
			var got []string
			for _, rel := range d.Related {
				got = append(got, rel.Message)
			}
			if !slices.Equal(got, want[line]) {
				t.Errorf("line %d: related:\n%s\nwant:\n%s", line, strings.Join(got, "\n"), strings.Join(want[line], "\n"))
			}
			delete(want, line)
		}
	}
	for line := range want {
		t.Errorf("no finding at line %d", line)
	}
}

// TestOwnModule runs in module mode, inside a library's own module, where
// only the builtin rows marked own-module judge the library's calls: a
// Kafka produce, a Redis command writer, a telegraf output registered in
// telegraf's module.
func TestOwnModule(t *testing.T) {
	for _, m := range []string{"kafkaown", "redisown", "telegrafown"} {
		dir, _ := filepath.Abs(filepath.Join("..", "..", "testdata", "modules", m))
		analysistest.Run(t, dir, nonidempotent.Analyzer, "./...")
	}
}

// TestLibraryUser runs in module mode, in a module that uses go-redis
// (the stand-in of its own module): that the client's Process sends its
// caller's command comes across the module boundary as a fact.
func TestLibraryUser(t *testing.T) {
	dir, _ := filepath.Abs(filepath.Join("..", "..", "testdata", "modules", "rediscache"))
	analysistest.Run(t, dir, nonidempotent.Analyzer, "./...")
}

// TestDeclaredInConfig: the configuration's retried: entries make
// functions retry sites, judged through the packages they call.
func TestDeclaredInConfig(t *testing.T) {
	runConfigured(t, `retried:
  - func: (*retriedconfig/jobs.Exporter).Run
    attempts: 3
    by: Airflow task retries
  - func: retriedconfig/jobs.backfill
    attempts: 4
    by: the Job's backoffLimit
  - func: (*retriedconfig/jobs.Exporter).RunOnce
    attempts: 3
    by: Airflow task retries
`, "retriedconfig/...")
}

// TestIdempotentRow: an effects row of class idempotent declares a call
// safe to repeat, in the package that defines it and in its callers.
func TestIdempotentRow(t *testing.T) {
	runConfigured(t, `packs:
  - library: effectrows/points
    effects:
      - call: "(*effectrows/points.seriesClient).put"
        class: idempotent
        what: the store replaces a point of the same series and timestamp
`, "effectrows/...")
}

// TestTransactionPack: how a database client caps its retries is the
// pack's: a configuration pack that gives cockroach-go's ExecuteTx
// another default and WithMaxRetries another count changes the
// messages and the sites.
func TestTransactionPack(t *testing.T) {
	runConfigured(t, `packs:
  - library: github.com/cockroachdb/cockroach-go/v2
    retries:
      - {call: github.com/cockroachdb/cockroach-go/v2/crdb.ExecuteTx, framework: cockroach-go, operation: 3, rollback: 0, context: 0, retries-on: "retryable error (SQLSTATE 40001)", default-retries: 10, default: {attempts: true, classified: true}}
    attempts:
      - {call: github.com/cockroachdb/cockroach-go/v2/crdb.WithMaxRetries, context: 0, arg: 1, counts: attempts, framework: cockroach-go}
`, "crdbpack/...")
}

// runConfigured runs the check, with the rules of a .retrylint.yml,
// over the testdata packages of pattern.
// TestOwnEntryPack: a library's own call of an entry point its pack
// names is judged when it hands the entry point work of its own (an
// executor sending its caller's request), and is its implementation when
// one entry point runs another or a wrapper hands its caller's operation
// on.
func TestOwnEntryPack(t *testing.T) {
	runConfigured(t, `packs:
  - library: ownentrypack/sender
    doc: Backoff and BackoffContext run an operation again, with jittered waits, a counted number of times.
    retries:
      - {call: ownentrypack/sender.Backoff, operation: 0, default: {jitter: true, attempts: true, classified: false}}
      - {call: ownentrypack/sender.BackoffContext, operation: 1, context: 0, default: {jitter: true, attempts: true, classified: false}}
`, "ownentrypack/...")
}

func runConfigured(t *testing.T, config, pattern string) {
	t.Helper()
	cfg, err := rules.ParseConfig(".retrylint.yml", []byte(config), []string{"nonidempotent"})
	if err != nil {
		t.Fatal(err)
	}
	r := rules.New(cfg)
	a := nonidempotent.New(retrysite.New(r), effects.New(sqlextract.New(r), r), r)
	testdata, _ := filepath.Abs(filepath.Join("..", "..", "testdata"))
	analysistest.Run(t, testdata, a, pattern)
}
