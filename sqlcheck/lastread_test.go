package sqlcheck_test

import (
	"testing"

	"github.com/retrylint/retrylint/sqlcheck"
)

// A read of the last row numbers the next one as max() does.
func TestLastRead(t *testing.T) {
	for _, c := range []struct{ name, sql, want string }{
		{"max", `SELECT max(seq) FROM entries WHERE stream = $1`, "max()"},
		{"last by order", `SELECT seq FROM entries WHERE stream = $1 ORDER BY seq DESC LIMIT 1`, "max()"},
		{"locking read of the last row", `SELECT seq FROM entries WHERE seq >= (SELECT seq FROM entries WHERE stream = $1 ORDER BY seq DESC LIMIT 1) FOR UPDATE`, "max()"},
		{"qualified", `SELECT e.seq FROM entries e WHERE e.stream = $1 ORDER BY e.seq DESC LIMIT 1`, "max()"},
		{"first by order", `SELECT seq FROM entries WHERE stream = $1 ORDER BY seq ASC LIMIT 1`, ""},
		{"another column's order", `SELECT seq FROM entries WHERE stream = $1 ORDER BY created_at DESC LIMIT 1`, ""},
		{"no limit", `SELECT seq FROM entries WHERE stream = $1 ORDER BY seq DESC`, ""},
		{"two columns", `SELECT seq, body FROM entries ORDER BY seq DESC LIMIT 1`, ""},
		{"a row of the input", `SELECT seq FROM entries WHERE seq >= $1`, ""},
		{"another column compared", `SELECT seq FROM entries WHERE body >= (SELECT seq FROM entries ORDER BY seq DESC LIMIT 1)`, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := sqlcheck.New(sqlcheck.Options{}).Analyze(c.sql)
			if !r.Parsed || len(r.Statements) != 1 {
				t.Fatalf("did not parse: %+v", r)
			}
			if got := r.Statements[0].Sequence; got != c.want {
				t.Errorf("Sequence = %q, want %q", got, c.want)
			}
		})
	}
}
