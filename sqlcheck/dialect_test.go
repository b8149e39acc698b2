package sqlcheck_test

import (
	"testing"

	"github.com/retrylint/retrylint/sqlcheck"
)

type dialectCase struct {
	name     string
	dialect  sqlcheck.Dialect
	query    string
	unparsed bool
	stmts    []wantStmt
	// anyKey are the indexes of the statements whose AnyUniqueKey is set.
	anyKey []int
}

var dialectCases = []dialectCase{
	// MySQL.
	{
		name:    "mysql plain insert appends",
		dialect: sqlcheck.MySQL,
		query:   "INSERT INTO events (id, payload) VALUES (?, ?)",
		stmts:   []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Appends, table: "events", reason: "no ON DUPLICATE KEY UPDATE", at: "INSERT INTO events"}},
	},
	{
		name:    "mysql insert select appends",
		dialect: sqlcheck.MySQL,
		query:   "INSERT INTO daily (day, total) SELECT day, sum(amount) FROM orders GROUP BY day",
		stmts:   []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Appends, table: "daily", reason: "INSERT ... SELECT without ON DUPLICATE KEY UPDATE", at: "INSERT INTO daily"}},
	},
	{
		name:    "mysql on duplicate key update",
		dialect: sqlcheck.MySQL,
		query:   "INSERT INTO orders (order_id, amount) VALUES (?, ?) ON DUPLICATE KEY UPDATE amount = VALUES(amount)",
		stmts:   []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Replaces, table: "orders", reason: "ON DUPLICATE KEY UPDATE", at: "INSERT INTO orders"}},
		anyKey:  []int{0},
	},
	{
		name:    "mysql on duplicate key update with a row alias",
		dialect: sqlcheck.MySQL,
		query:   "INSERT INTO orders (order_id, amount) VALUES (?, ?) AS new (o, a) ON DUPLICATE KEY UPDATE amount = new.a",
		stmts:   []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Replaces, table: "orders", reason: "ON DUPLICATE KEY UPDATE", at: "INSERT INTO orders"}},
		anyKey:  []int{0},
	},
	{
		name:    "mysql on duplicate key update that increments",
		dialect: sqlcheck.MySQL,
		query:   "INSERT INTO counters (name, hits) VALUES (?, 1) ON DUPLICATE KEY UPDATE hits = hits + 1",
		stmts:   []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Increments, table: "counters", reason: "ON DUPLICATE KEY UPDATE: ", at: "INSERT INTO counters"}},
		anyKey:  []int{0},
	},
	{
		name:    "mysql insert ignore with backquoted names",
		dialect: sqlcheck.MySQL,
		query:   "INSERT IGNORE INTO `user_roles` (`user_id`, `role`) VALUES (?, ?)",
		stmts:   []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Replaces, table: "user_roles", reason: "INSERT IGNORE", at: "INSERT IGNORE INTO `user_roles`"}},
		anyKey:  []int{0},
	},
	{
		name:    "mysql insert ignore without into, with a modifier",
		dialect: sqlcheck.MySQL,
		query:   "INSERT LOW_PRIORITY IGNORE tags (name) VALUES (?)",
		stmts:   []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Replaces, table: "tags", reason: "INSERT IGNORE", at: "INSERT LOW_PRIORITY"}},
		anyKey:  []int{0},
	},
	{
		name:    "mysql replace into",
		dialect: sqlcheck.MySQL,
		query:   "REPLACE INTO settings (name, value) VALUES (?, ?)",
		stmts:   []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Replaces, table: "settings", reason: "REPLACE INTO", at: "REPLACE INTO settings"}},
		anyKey:  []int{0},
	},
	{
		name:    "mysql script: positions after rewrites",
		dialect: sqlcheck.MySQL,
		query:   "# load\nINSERT IGNORE INTO `a` (x) VALUES ('it\\'s ?');\n  INSERT INTO b (y) VALUES (?);\nREPLACE c (z) VALUES (?)",
		stmts: []wantStmt{
			{kind: sqlcheck.KindInsert, effect: sqlcheck.Replaces, table: "a", reason: "INSERT IGNORE", at: "INSERT IGNORE INTO `a`"},
			{kind: sqlcheck.KindInsert, effect: sqlcheck.Appends, table: "b", reason: "no ON DUPLICATE KEY UPDATE", at: "INSERT INTO b"},
			{kind: sqlcheck.KindInsert, effect: sqlcheck.Replaces, table: "c", reason: "REPLACE INTO", at: "REPLACE c"},
		},
		anyKey: []int{0, 2},
	},
	{
		name:    "mysql ON DUPLICATE inside a literal",
		dialect: sqlcheck.MySQL,
		query:   "INSERT INTO notes (id, body) VALUES (?, 'ON DUPLICATE KEY UPDATE x = 1')",
		stmts:   []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Appends, table: "notes", reason: "no ON DUPLICATE KEY UPDATE", at: "INSERT INTO notes"}},
	},
	{
		name:    "mysql column named ignore",
		dialect: sqlcheck.MySQL,
		query:   "INSERT INTO rules (id, `ignore`) VALUES (?, ?)",
		stmts:   []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Appends, table: "rules", reason: "no ON DUPLICATE KEY UPDATE", at: "INSERT INTO rules"}},
	},
	{
		name:    "mysql REPLACE() in a SELECT",
		dialect: sqlcheck.MySQL,
		query:   "SELECT REPLACE(name, ' ', '_') FROM users WHERE id = ?",
		stmts:   []wantStmt{{kind: sqlcheck.KindSelect, effect: sqlcheck.Reads, table: "", at: "SELECT REPLACE"}},
	},
	{
		name:    "mysql REPLACE() in an UPDATE",
		dialect: sqlcheck.MySQL,
		query:   "UPDATE users SET name = REPLACE(name, ' ', '_') WHERE id = ?",
		stmts:   []wantStmt{{kind: sqlcheck.KindUpdate, effect: sqlcheck.Writes, table: "users", at: "UPDATE users"}},
	},
	{
		name:     "mysql text that does not parse stays unparsed",
		dialect:  sqlcheck.MySQL,
		query:    "INSERT INTO t SET a = ?, b = ? ON DUPLICATE KEY UPDATE b = VALUES(b)",
		unparsed: true,
	},
	{
		name:     "mysql forms are not read as PostgreSQL",
		dialect:  sqlcheck.DialectUnknown,
		query:    "INSERT IGNORE INTO tags (name) VALUES (?)",
		unparsed: true,
	},
	// SQLite.
	{
		name:    "sqlite insert or ignore",
		dialect: sqlcheck.SQLite,
		query:   "INSERT OR IGNORE INTO tags (name) VALUES (?)",
		stmts:   []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Replaces, table: "tags", reason: "INSERT OR IGNORE", at: "INSERT OR IGNORE"}},
		anyKey:  []int{0},
	},
	{
		name:    "sqlite insert or replace",
		dialect: sqlcheck.SQLite,
		query:   "insert or replace into kv (k, v) values (?, ?)",
		stmts:   []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Replaces, table: "kv", reason: "INSERT OR REPLACE", at: "insert or replace"}},
		anyKey:  []int{0},
	},
	{
		name:    "sqlite insert or rollback appends",
		dialect: sqlcheck.SQLite,
		query:   "INSERT OR ROLLBACK INTO log (msg) VALUES (?)",
		stmts:   []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Appends, table: "log", reason: "no ON CONFLICT", at: "INSERT OR ROLLBACK"}},
	},
	{
		name:    "sqlite replace into",
		dialect: sqlcheck.SQLite,
		query:   "REPLACE INTO kv (k, v) VALUES (?1, ?2)",
		stmts:   []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Replaces, table: "kv", reason: "REPLACE INTO", at: "REPLACE INTO kv"}},
		anyKey:  []int{0},
	},
	{
		name:    "sqlite on conflict",
		dialect: sqlcheck.SQLite,
		query:   "INSERT INTO kv (k, v) VALUES (?, ?) ON CONFLICT (k) DO UPDATE SET v = excluded.v",
		stmts: []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Replaces, table: "kv", reason: "ON CONFLICT (k) DO UPDATE", at: "INSERT INTO kv",
			keys: []wantKey{placeholderKey("k", 1, "?, ?)")}}},
	},
	{
		name:    "sqlite on conflict with numbered placeholders",
		dialect: sqlcheck.SQLite,
		query:   "INSERT INTO kv (v, k) VALUES (?1, ?2) ON CONFLICT (k) DO UPDATE SET v = excluded.v",
		stmts: []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Replaces, table: "kv", reason: "ON CONFLICT (k) DO UPDATE", at: "INSERT INTO kv",
			keys: []wantKey{placeholderKey("k", 2, "?2)")}}},
	},
	{
		name:    "sqlite on conflict do nothing without a target",
		dialect: sqlcheck.SQLite,
		query:   "INSERT INTO kv (k, v) VALUES (?, ?) ON CONFLICT DO NOTHING",
		stmts:   []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Replaces, table: "kv", reason: "ON CONFLICT DO NOTHING", at: "INSERT INTO kv"}},
		anyKey:  []int{0},
	},
	{
		name:    "sqlite plain insert with a column named ignore",
		dialect: sqlcheck.SQLite,
		query:   "INSERT INTO rules (id, ignore) VALUES (?, ?)",
		stmts:   []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Appends, table: "rules", reason: "no ON CONFLICT", at: "INSERT INTO rules"}},
	},
	{
		name:    "sqlite does not read MySQL's INSERT IGNORE",
		dialect: sqlcheck.SQLite,
		query:   "INSERT IGNORE INTO tags (name) VALUES (?)",
		// IGNORE is taken by PostgreSQL's parser as the table's name,
		// tags as its alias: the text does not parse.
		unparsed: true,
	},
	// Either.
	{
		name:    "mysql or sqlite: both forms, appends worded for both",
		dialect: sqlcheck.MySQLOrSQLite,
		query:   "INSERT OR IGNORE INTO a (x) VALUES (?); INSERT IGNORE INTO b (y) VALUES (?); INSERT INTO c (z) VALUES (?)",
		stmts: []wantStmt{
			{kind: sqlcheck.KindInsert, effect: sqlcheck.Replaces, table: "a", reason: "INSERT OR IGNORE", at: "INSERT OR IGNORE"},
			{kind: sqlcheck.KindInsert, effect: sqlcheck.Replaces, table: "b", reason: "INSERT IGNORE", at: "INSERT IGNORE"},
			{kind: sqlcheck.KindInsert, effect: sqlcheck.Appends, table: "c", reason: "no conflict clause", at: "INSERT INTO c"},
		},
		anyKey: []int{0, 1},
	},
	{
		name:    "mysql multi-statement text commits each statement",
		dialect: sqlcheck.MySQL,
		query:   "DELETE FROM daily WHERE day = ?; INSERT INTO daily (day, n) VALUES (?, ?)",
		stmts: []wantStmt{
			{kind: sqlcheck.KindDelete, effect: sqlcheck.Writes, table: "daily", at: "DELETE FROM daily"},
			{kind: sqlcheck.KindInsert, effect: sqlcheck.Appends, table: "daily", reason: "the DELETE of daily before it commits separately", at: "INSERT INTO daily"},
		},
	},
	{
		name:    "sqlite delete then insert in BEGIN ... COMMIT replaces",
		dialect: sqlcheck.SQLite,
		query:   "BEGIN; DELETE FROM daily WHERE day = ?; INSERT INTO daily (day, n) VALUES (?, ?); COMMIT",
		stmts: []wantStmt{
			{kind: sqlcheck.KindTransaction, effect: sqlcheck.Reads, at: "BEGIN"},
			{kind: sqlcheck.KindDelete, effect: sqlcheck.Writes, table: "daily", at: "DELETE FROM daily"},
			{kind: sqlcheck.KindInsert, effect: sqlcheck.Replaces, table: "daily", reason: "DELETE then INSERT in one transaction", at: "INSERT INTO daily"},
			{kind: sqlcheck.KindTransaction, effect: sqlcheck.Reads, at: "COMMIT"},
		},
	},
	// PostgreSQL keeps its reasons.
	{
		name:    "postgresql on conflict do nothing",
		dialect: sqlcheck.PostgreSQL,
		query:   "INSERT INTO kv (k) VALUES ($1) ON CONFLICT DO NOTHING",
		stmts:   []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Replaces, table: "kv", reason: "ON CONFLICT DO NOTHING", at: "INSERT INTO kv"}},
		anyKey:  []int{0},
	},
}

func TestAnalyzeDialect(t *testing.T) {
	a := sqlcheck.New(sqlcheck.Options{ExecutionFuncs: sqlcheck.DefaultExecutionFuncs})
	for _, tc := range dialectCases {
		t.Run(tc.name, func(t *testing.T) {
			r := a.AnalyzeDialect(tc.query, tc.dialect)
			if r.Dialect != tc.dialect {
				t.Errorf("Dialect = %v, want %v", r.Dialect, tc.dialect)
			}
			if r.Parsed == tc.unparsed {
				t.Fatalf("Parsed = %v, want %v:\n%s", r.Parsed, !tc.unparsed, describe(tc.query, r))
			}
			if len(r.Statements) != len(tc.stmts) {
				t.Fatalf("%d statements, want %d:\n%s", len(r.Statements), len(tc.stmts), describe(tc.query, r))
			}
			for i, want := range tc.stmts {
				checkStatement(t, tc.query, i, r.Statements[i], want)
				if i == 0 && tc.dialect == sqlcheck.MySQL && len(tc.stmts) == 1 {
					// The whole text is the statement: its end maps back
					// exactly through the rewrites.
					if st := r.Statements[0]; st.Offset+st.Length != len(tc.query) {
						t.Errorf("statement ends at %d, want %d", st.Offset+st.Length, len(tc.query))
					}
				}
				wantAny := false
				for _, k := range tc.anyKey {
					wantAny = wantAny || k == i
				}
				if r.Statements[i].AnyUniqueKey != wantAny {
					t.Errorf("statement %d: AnyUniqueKey = %v, want %v", i, r.Statements[i].AnyUniqueKey, wantAny)
				}
			}
		})
	}
}

// TestDialectCache: one text read in two dialects is two results.
func TestDialectCache(t *testing.T) {
	a := sqlcheck.New(sqlcheck.Options{})
	const q = "INSERT INTO tags (name) VALUES (?)"
	pg, my := a.Analyze(q), a.AnalyzeDialect(q, sqlcheck.MySQL)
	if pg.Statements[0].Reason != "no ON CONFLICT" || my.Statements[0].Reason != "no ON DUPLICATE KEY UPDATE" {
		t.Errorf("reasons %q and %q", pg.Statements[0].Reason, my.Statements[0].Reason)
	}
}

func TestPlaceholderDialect(t *testing.T) {
	for _, tc := range []struct {
		query string
		want  sqlcheck.Dialect
	}{
		{"INSERT INTO t (a) VALUES ($1)", sqlcheck.PostgreSQL},
		{"INSERT INTO t (a) VALUES (?)", sqlcheck.MySQLOrSQLite},
		{"SELECT doc ? 'k' FROM t WHERE id = $1", sqlcheck.PostgreSQL},
		{"SELECT '?' FROM t -- ?", sqlcheck.DialectUnknown},
		{"SELECT doc ?| array['a'] FROM t", sqlcheck.DialectUnknown},
		{"SELECT 1", sqlcheck.DialectUnknown},
	} {
		if got := sqlcheck.PlaceholderDialect(tc.query); got != tc.want {
			t.Errorf("PlaceholderDialect(%q) = %v, want %v", tc.query, got, tc.want)
		}
	}
}

// FuzzAnalyzeDialect checks that no text read in any dialect reports a
// location outside the text. Its seeds are the dialect table cases.
func FuzzAnalyzeDialect(f *testing.F) {
	for _, tc := range dialectCases {
		f.Add(tc.query)
	}
	f.Fuzz(func(t *testing.T, query string) {
		a := sqlcheck.New(sqlcheck.Options{ExecutionFuncs: sqlcheck.DefaultExecutionFuncs})
		for _, d := range []sqlcheck.Dialect{sqlcheck.MySQL, sqlcheck.SQLite, sqlcheck.MySQLOrSQLite} {
			r := a.AnalyzeDialect(query, d)
			for i, st := range r.Statements {
				if st.Offset < 0 || st.Length < 0 || st.Offset+st.Length > len(query) {
					t.Fatalf("%v: statement %d: span [%d, +%d) outside the text of %d bytes", d, i, st.Offset, st.Length, len(query))
				}
				for k, key := range st.Keys {
					if key.Offset != -1 && (key.Offset < 0 || key.Offset > len(query)) {
						t.Fatalf("%v: statement %d key %d: offset %d outside the text", d, i, k, key.Offset)
					}
				}
			}
		}
	})
}
