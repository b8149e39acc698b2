package main_test

import (
	"strings"
	"testing"
)

// A key made in one package reaches an INSERT that the implementations
// of an interface method run in packages it does not import: only the
// join at the end of a run sees both, with or without the cache, and
// under go vet (one package at a time) nothing is reported or broken.
func TestJoinExecutionKey(t *testing.T) {
	t.Parallel()
	const (
		seq   = `^key seq of events is bound to last \+ 1, max\(\)\+1 read by tx\.LastSeq, through tx\.InsertEvents \(its 2 implementations insert Seq into it\); a new value on every execution, so a retry never meets the row it wrote and inserts again; derive the key from the input$`
		total = `^key day of daily_totals is bound to time\.Now\(\)\.Truncate\(24 \* time\.Hour\), time\.Now\(\), through tx\.PutTotal \(its 2 implementations insert Day into it\); a new value on every execution`
	)
	dir := fixture(t, "joinkey")
	want := func(r result) {
		t.Helper()
		checkCode(t, r, 3)
		checkText(t, r.stderr,
			diag{dir + "/app/app.go:25:64", seq},
			diag{dir + "/litestore/litestore.go:32:9", `^\t\*litestore\.conn\.InsertEvents inserts Seq into events\.seq, PRIMARY KEY \(stream, seq\)$`},
			diag{dir + "/pgstore/pgstore.go:24:9", `^\t\*pgstore\.tx\.InsertEvents inserts Seq into events\.seq, PRIMARY KEY \(stream, seq\)$`},
			diag{dir + "/litestore/litestore.go:21:9", `^\t\*litestore\.conn\.LastSeq returns max\(\) read by its query$`},
			diag{dir + "/pgstore/pgstore.go:19:9", `^\t\*pgstore\.tx\.LastSeq returns max\(\) read by its query$`},
			diag{dir + "/app/app.go:31:50", total},
			diag{dir + "/litestore/litestore.go:45:9", `^\t\*litestore\.conn\.PutTotal inserts Day into daily_totals\.day, its conflict key$`},
			diag{dir + "/pgstore/pgstore.go:36:9", `^\t\*pgstore\.tx\.PutTotal inserts Day into daily_totals\.day, its conflict key$`},
		)
	}
	t.Run("retrylint", func(t *testing.T) {
		// The second run answers every package from the cache: their
		// facts still reach the join.
		for range 2 {
			want(retrylint(t, dir, "-executionkey", "./..."))
		}
		want(runEnv(t, dir, []string{"RETRYLINT_CACHE=off"}, binary, "-executionkey", "./..."))
	})
	t.Run("json", func(t *testing.T) {
		r := retrylint(t, dir, "-json", "-executionkey", "./...")
		checkCode(t, r, 0)
		if n := strings.Count(r.stdout, `"message": "key `); n != 2 {
			t.Errorf("%d joined findings in the JSON output, want 2:\n%s", n, r.stdout)
		}
		if n := strings.Count(r.stdout, `"category": "executionkey"`); n != 2 {
			t.Errorf("%d joined findings with the check's category in the JSON output, want 2:\n%s", n, r.stdout)
		}
	})
	t.Run("vet", func(t *testing.T) {
		r := goVet(t, dir, "-executionkey", "./...")
		checkCode(t, r, 0)
		if r.stderr != "" {
			t.Errorf("go vet: %s", r.stderr)
		}
	})
}
