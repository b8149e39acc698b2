package sqlcheck_test

import (
	"strings"
	"testing"

	"github.com/retrylint/retrylint/sqlcheck"
)

func TestNormalize(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`SELECT * FROM t WHERE a = ? AND b = ?`, `SELECT * FROM t WHERE a = $1 AND b = $2`},
		{`SELECT '?', "?", ? -- ?` + "\n" + `/* ? /* ? */ */ , ?`, `SELECT '?', "?", $1 -- ?` + "\n" + `/* ? /* ? */ */ , $2`},
		{`SELECT $$ ? $$, $tag$ ?; $$ $tag$, ?`, `SELECT $$ ? $$, $tag$ ?; $$ $tag$, $1`},
		{`SELECT E'\' ?', ?`, `SELECT E'\' ?', $1`},
		{`SELECT doc ? 'k' FROM t WHERE id = $1`, `SELECT doc ? 'k' FROM t WHERE id = $1`},
		{`SELECT doc ?| array['a'] FROM t WHERE id = ?`, `SELECT doc ?| array['a'] FROM t WHERE id = $1`},
		{`INSERT INTO t (a, b) VALUES (:a, :b.c::int)`, `INSERT INTO t (a, b) VALUES ($1, $2::int)`},
		{`SELECT x[1:n], :p FROM t`, `SELECT x[1:n], $1 FROM t`},
		{`SELECT @a, @b, @a FROM t WHERE x @> y AND z @@ w`, `SELECT $1, $2, $1 FROM t WHERE x @> y AND z @@ w`},
		{`SELECT :a FROM t WHERE id = $2`, `SELECT $3 FROM t WHERE id = $2`},
		{`INSERT INTO %s (id) VALUES (%d)`, `INSERT INTO fmtarg_1 (id) VALUES (0)`},
		{`SELECT * FROM %s.events_%s WHERE n %% 2 = %v AND s LIKE '%s%%'`, `SELECT * FROM fmtarg_1.events_fmtarg_2 WHERE n % 2 = 0 AND s LIKE '%s%%'`},
		{`UPDATE %[2]s SET a = %[1]d, b = %d`, `UPDATE fmtarg_2 SET a = 0, b = 0`},
		{`SELECT a % 2, a %2 FROM t`, `SELECT a % 2, a %2 FROM t`},
	} {
		got, mapStart := sqlcheck.Normalize(tc.in)
		if got != tc.want {
			t.Errorf("Normalize(%q)\n got %q\nwant %q", tc.in, got, tc.want)
			continue
		}
		// Every token of the result that came from the input maps back
		// to itself.
		for _, word := range []string{"SELECT", "FROM", "VALUES", "WHERE", "LIKE", "SET"} {
			if i := strings.Index(got, word); i >= 0 {
				if j := mapStart(i); !strings.HasPrefix(tc.in[j:], word) {
					t.Errorf("Normalize(%q): %s at %d maps to %d", tc.in, word, i, j)
				}
			}
		}
	}
}
