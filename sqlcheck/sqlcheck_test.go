package sqlcheck_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/retrylint/retrylint/sqlcheck"
)

// wantKey is an expected key column; at is the text its value starts
// with in the original query ("" when Offset must be -1).
type wantKey struct {
	column       string
	source       sqlcheck.Source
	placeholder  int
	function     string
	fromColumn   string
	at           string
	name         string
	fmtArg       int
	placeholders []int // checked when not nil
}

func placeholderKey(column string, n int, at string) wantKey {
	return wantKey{column: column, source: sqlcheck.SourcePlaceholder, placeholder: n, at: at}
}

func executionKey(column, function, at string) wantKey {
	return wantKey{column: column, source: sqlcheck.SourceExecution, function: function, at: at}
}

func literalKey(column, at string) wantKey {
	return wantKey{column: column, source: sqlcheck.SourceLiteral, at: at}
}

func columnKey(column, from, at string) wantKey {
	return wantKey{column: column, source: sqlcheck.SourceColumn, fromColumn: from, at: at}
}

func unknownKey(column string) wantKey {
	return wantKey{column: column, source: sqlcheck.SourceUnknown}
}

// wantStmt is an expected statement: at is the text it starts with,
// reason a part of its Reason.
type wantStmt struct {
	kind       sqlcheck.Kind
	effect     sqlcheck.Effect
	table      string
	temp       bool
	keys       []wantKey
	reason     string
	constraint string
	tables     []string
	at         string
}

type analyzeCase struct {
	name       string
	query      string
	autocommit bool
	unparsed   bool
	stmts      []wantStmt
}

var analyzeCases = []analyzeCase{
	// Appends.
	{
		name:  "insert values",
		query: `INSERT INTO events (id, payload) VALUES ($1, $2)`,
		stmts: []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Appends, table: "events", reason: "no ON CONFLICT", at: "INSERT INTO events"}},
	},
	{
		name:  "insert multi-row values",
		query: `INSERT INTO events (id, payload) VALUES ($1, $2), ($3, $4), ($5, $6)`,
		stmts: []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Appends, table: "events", reason: "no ON CONFLICT", at: "INSERT"}},
	},
	{
		name: "insert select",
		query: `-- Load one day of orders.
INSERT INTO analytics.fct_orders (order_id, customer_id, amount)
SELECT order_id, customer_id, amount FROM staging.orders WHERE day = $1;`,
		stmts: []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Appends, table: "analytics.fct_orders", reason: "INSERT ... SELECT without ON CONFLICT", at: "INSERT INTO analytics.fct_orders"}},
	},
	{
		name:  "insert returning",
		query: `INSERT INTO orders (customer_id, amount) VALUES ($1, $2) RETURNING order_id`,
		stmts: []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Appends, table: "orders", reason: "no ON CONFLICT", at: "INSERT"}},
	},
	{
		name:  "insert with nextval appends and has no key",
		query: `INSERT INTO invoices (invoice_no, amount) VALUES (nextval('invoice_seq'), $1)`,
		stmts: []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Appends, table: "invoices", reason: "no ON CONFLICT", at: "INSERT"}},
	},
	{
		name:  "insert default values",
		query: `INSERT INTO ticks DEFAULT VALUES`,
		stmts: []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Appends, table: "ticks", at: "INSERT"}},
	},
	{
		name:  "copy from stdin",
		query: `COPY analytics.events (id, payload) FROM STDIN WITH (FORMAT csv)`,
		stmts: []wantStmt{{kind: sqlcheck.KindCopy, effect: sqlcheck.Appends, table: "analytics.events", reason: "COPY ... FROM", at: "COPY"}},
	},

	// Upserts.
	{
		name:  "on conflict do update on a placeholder key",
		query: `INSERT INTO fct_orders (order_id, amount) VALUES ($1, $2) ON CONFLICT (order_id) DO UPDATE SET amount = EXCLUDED.amount`,
		stmts: []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Replaces, table: "fct_orders",
			keys: []wantKey{placeholderKey("order_id", 1, "$1, $2")}, reason: "ON CONFLICT (order_id) DO UPDATE", at: "INSERT"}},
	},
	{
		name:  "on conflict do nothing with target",
		query: `INSERT INTO seen (id) VALUES ($1) ON CONFLICT (id) DO NOTHING`,
		stmts: []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Replaces, table: "seen",
			keys: []wantKey{placeholderKey("id", 1, "$1)")}, reason: "ON CONFLICT (id) DO NOTHING", at: "INSERT"}},
	},
	{
		name:  "on conflict do nothing without target",
		query: `INSERT INTO seen (id) VALUES ($1) ON CONFLICT DO NOTHING`,
		stmts: []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Replaces, table: "seen", reason: "ON CONFLICT DO NOTHING", at: "INSERT"}},
	},
	{
		name:  "on conflict on constraint",
		query: `INSERT INTO orders (order_id, amount) VALUES ($1, $2) ON CONFLICT ON CONSTRAINT orders_pkey DO UPDATE SET amount = EXCLUDED.amount`,
		stmts: []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Replaces, table: "orders", constraint: "orders_pkey",
			reason: "ON CONFLICT ON CONSTRAINT orders_pkey DO UPDATE", at: "INSERT"}},
	},
	{
		name:  "upsert returning",
		query: `INSERT INTO users (email, name) VALUES ($1, $2) ON CONFLICT (email) DO UPDATE SET name = EXCLUDED.name RETURNING id`,
		stmts: []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Replaces, table: "users",
			keys: []wantKey{placeholderKey("email", 1, "$1")}, at: "INSERT"}},
	},
	{
		name:  "gen_random_uuid key",
		query: `INSERT INTO payments (payment_id, amount) VALUES (gen_random_uuid(), $1) ON CONFLICT (payment_id) DO NOTHING`,
		stmts: []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Replaces, table: "payments",
			keys: []wantKey{executionKey("payment_id", "gen_random_uuid", "gen_random_uuid()")}, at: "INSERT"}},
	},
	{
		name:  "now key",
		query: `INSERT INTO loads (loaded_at, user_id) VALUES (now(), $1) ON CONFLICT (loaded_at) DO UPDATE SET user_id = EXCLUDED.user_id`,
		stmts: []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Replaces, table: "loads",
			keys: []wantKey{executionKey("loaded_at", "now", "now()")}, at: "INSERT"}},
	},
	{
		name:  "current_timestamp key is a value function",
		query: `INSERT INTO snapshots (taken_at, body) VALUES (CURRENT_TIMESTAMP, $1) ON CONFLICT (taken_at) DO NOTHING`,
		stmts: []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Replaces, table: "snapshots",
			keys: []wantKey{executionKey("taken_at", "current_timestamp", "CURRENT_TIMESTAMP")}, at: "INSERT"}},
	},
	{
		name:  "localtimestamp and current_date keys",
		query: `INSERT INTO daily (day, at, n) VALUES (current_date, localtimestamp(3), $1) ON CONFLICT (day, at) DO NOTHING`,
		stmts: []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Replaces, table: "daily",
			keys: []wantKey{executionKey("day", "current_date", "current_date"), executionKey("at", "localtimestamp", "localtimestamp(3)")}, at: "INSERT"}},
	},
	{
		name:  "nextval key of an upsert",
		query: `INSERT INTO invoices (invoice_no, amount) VALUES (nextval('invoice_seq'), $1) ON CONFLICT (invoice_no) DO NOTHING`,
		stmts: []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Replaces, table: "invoices",
			keys: []wantKey{executionKey("invoice_no", "nextval", "nextval('invoice_seq')")}, at: "INSERT"}},
	},
	{
		name:  "schema-qualified execution function",
		query: `INSERT INTO t (id) VALUES (public.uuid_generate_v4()) ON CONFLICT (id) DO NOTHING`,
		stmts: []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Replaces, table: "t",
			keys: []wantKey{executionKey("id", "uuid_generate_v4", "public.uuid_generate_v4()")}, at: "INSERT"}},
	},
	{
		name:  "multi-row values: first row's placeholder",
		query: `INSERT INTO prices (sku, price) VALUES ($1, $2), ($3, $4) ON CONFLICT (sku) DO UPDATE SET price = EXCLUDED.price`,
		stmts: []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Replaces, table: "prices",
			keys: []wantKey{placeholderKey("sku", 1, "$1, $2), ($3")}, at: "INSERT"}},
	},
	{
		name:  "multi-row values: a later row's execution function wins",
		query: `INSERT INTO prices (sku, price) VALUES ($1, $2), (gen_random_uuid(), $4) ON CONFLICT (sku) DO NOTHING`,
		stmts: []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Replaces, table: "prices",
			keys: []wantKey{executionKey("sku", "gen_random_uuid", "gen_random_uuid(), $4")}, at: "INSERT"}},
	},
	{
		name:  "literal key",
		query: `INSERT INTO settings (name, value) VALUES ('theme', $1) ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value`,
		stmts: []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Replaces, table: "settings",
			keys: []wantKey{literalKey("name", "'theme'")}, at: "INSERT"}},
	},
	{
		name:  "cast placeholder key",
		query: `INSERT INTO t (id, v) VALUES ($2::uuid, $1) ON CONFLICT (id) DO NOTHING`,
		stmts: []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Replaces, table: "t",
			keys: []wantKey{placeholderKey("id", 2, "$2::uuid")}, at: "INSERT"}},
	},
	{
		name:  "CAST placeholder key starts at CAST",
		query: `INSERT INTO t (id) VALUES (CAST($1 AS uuid)) ON CONFLICT (id) DO NOTHING`,
		stmts: []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Replaces, table: "t",
			keys: []wantKey{placeholderKey("id", 1, "CAST($1")}, at: "INSERT"}},
	},
	{
		name:  "key built from two placeholders",
		query: `INSERT INTO t (k, v) VALUES ($1 || '-' || $2, $3) ON CONFLICT (k) DO NOTHING`,
		stmts: []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Replaces, table: "t",
			keys: []wantKey{{column: "k", source: sqlcheck.SourcePlaceholder, placeholder: 1, placeholders: []int{1, 2}, at: "$1 || '-'"}}, at: "INSERT"}},
	},
	{
		name:  "key derived from random",
		query: `INSERT INTO t (k, v) VALUES (md5(random()::text), $1) ON CONFLICT (k) DO NOTHING`,
		stmts: []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Replaces, table: "t",
			keys: []wantKey{executionKey("k", "random", "md5(random()")}, at: "INSERT"}},
	},
	{
		name:  "key through a function of the input",
		query: `INSERT INTO users (email, name) VALUES (lower($1), $2) ON CONFLICT (email) DO NOTHING`,
		stmts: []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Replaces, table: "users",
			keys: []wantKey{placeholderKey("email", 1, "lower($1)")}, at: "INSERT"}},
	},
	{
		name:  "no column list: key source unknown",
		query: `INSERT INTO t VALUES ($1, $2) ON CONFLICT (id) DO NOTHING`,
		stmts: []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Replaces, table: "t", keys: []wantKey{unknownKey("id")}, at: "INSERT"}},
	},
	{
		name:  "key column left to its default",
		query: `INSERT INTO t (name) VALUES ($1) ON CONFLICT (id) DO NOTHING`,
		stmts: []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Replaces, table: "t", keys: []wantKey{unknownKey("id")}, at: "INSERT"}},
	},
	{
		name:  "key given DEFAULT",
		query: `INSERT INTO t (id, name) VALUES (DEFAULT, $1) ON CONFLICT (id) DO NOTHING`,
		stmts: []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Replaces, table: "t",
			keys: []wantKey{{column: "id", source: sqlcheck.SourceUnknown, at: "DEFAULT"}}, at: "INSERT"}},
	},
	{
		name:  "two-column conflict target",
		query: `INSERT INTO stock (warehouse_id, sku, qty) VALUES ($1, $2, $3) ON CONFLICT (warehouse_id, sku) DO UPDATE SET qty = EXCLUDED.qty`,
		stmts: []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Replaces, table: "stock",
			keys: []wantKey{placeholderKey("warehouse_id", 1, "$1"), placeholderKey("sku", 2, "$2")}, reason: "ON CONFLICT (warehouse_id, sku) DO UPDATE", at: "INSERT"}},
	},
	{
		name:  "expression conflict target",
		query: `INSERT INTO users (email) VALUES ($1) ON CONFLICT (lower(email)) DO NOTHING`,
		stmts: []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Replaces, table: "users",
			keys: []wantKey{placeholderKey("email", 1, "$1")}, at: "INSERT"}},
	},
	{
		name:  "partial index conflict target",
		query: `INSERT INTO jobs (job_key, state) VALUES ($1, 'queued') ON CONFLICT (job_key) WHERE state <> 'done' DO NOTHING`,
		stmts: []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Replaces, table: "jobs",
			keys: []wantKey{placeholderKey("job_key", 1, "$1")}, at: "INSERT"}},
	},
	{
		name:  "upsert that adds to the existing row increments",
		query: `INSERT INTO counters (k, n) VALUES ($1, 1) ON CONFLICT (k) DO UPDATE SET n = counters.n + EXCLUDED.n`,
		stmts: []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Increments, table: "counters",
			keys: []wantKey{placeholderKey("k", 1, "$1")}, reason: "relative to itself", at: "INSERT"}},
	},

	// INSERT ... SELECT and the sources of keys.
	{
		name: "insert select on conflict: key from a source column",
		query: `INSERT INTO fct_orders (order_id, amount)
SELECT s.order_id, s.amount FROM staging.orders s WHERE s.day = $1
ON CONFLICT (order_id) DO UPDATE SET amount = EXCLUDED.amount`,
		stmts: []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Replaces, table: "fct_orders",
			keys: []wantKey{columnKey("order_id", "s.order_id", "s.order_id, s.amount")}, at: "INSERT"}},
	},
	{
		name: "insert select: key followed into a FROM subquery",
		query: `INSERT INTO t (id, v)
SELECT src.id, src.v FROM (SELECT gen_random_uuid() AS id, $1 AS v) AS src
ON CONFLICT (id) DO NOTHING`,
		stmts: []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Replaces, table: "t",
			keys: []wantKey{executionKey("id", "gen_random_uuid", "gen_random_uuid() AS id")}, at: "INSERT"}},
	},
	{
		name: "insert select: key followed into a CTE",
		query: `WITH batch AS (SELECT $1::bigint AS order_id, $2::numeric AS amount)
INSERT INTO orders (order_id, amount) SELECT order_id, amount FROM batch
ON CONFLICT (order_id) DO NOTHING`,
		stmts: []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Replaces, table: "orders",
			keys: []wantKey{placeholderKey("order_id", 1, "$1::bigint")}, at: "WITH batch"}},
	},
	{
		name:  "insert select star from unnest",
		query: `INSERT INTO t (id, n) SELECT * FROM unnest($1::uuid[], $2::int[]) AS s(id, n) ON CONFLICT (id) DO NOTHING`,
		stmts: []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Replaces, table: "t",
			keys: []wantKey{placeholderKey("id", 1, "$1::uuid[]")}, at: "INSERT"}},
	},
	{
		name:  "insert select star from unnest, then more columns",
		query: `INSERT INTO notes (dest, topic, note_id, at) SELECT *, now() FROM unnest($1::text[], $2::text[], $3::text[]) ON CONFLICT (note_id) DO NOTHING`,
		stmts: []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Replaces, table: "notes",
			keys: []wantKey{placeholderKey("note_id", 3, "$3::text[]")}, at: "INSERT"}},
	},
	{
		name:  "insert select star then a column the execution makes",
		query: `INSERT INTO notes (dest, note_id) SELECT *, gen_random_uuid() FROM unnest($1::text[]) ON CONFLICT (note_id) DO NOTHING`,
		stmts: []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Replaces, table: "notes",
			keys: []wantKey{executionKey("note_id", "gen_random_uuid", "gen_random_uuid()")}, at: "INSERT"}},
	},
	{
		name:  "insert select union: the execution branch wins",
		query: `INSERT INTO t (id) SELECT $1 UNION ALL SELECT gen_random_uuid() ON CONFLICT (id) DO NOTHING`,
		stmts: []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Replaces, table: "t",
			keys: []wantKey{executionKey("id", "gen_random_uuid", "gen_random_uuid()")}, at: "INSERT"}},
	},

	// Identifiers and schemas.
	{
		name:  "quoted identifiers keep their case",
		query: `INSERT INTO "Sales"."Orders" ("OrderID", "Amount") VALUES ($1, $2) ON CONFLICT ("OrderID") DO NOTHING`,
		stmts: []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Replaces, table: "Sales.Orders",
			keys: []wantKey{placeholderKey("OrderID", 1, "$1")}, at: "INSERT"}},
	},
	{
		name:  "unquoted identifiers fold to lower case",
		query: `INSERT INTO Analytics.FCT_Orders (Order_ID) VALUES ($1)`,
		stmts: []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Appends, table: "analytics.fct_orders", at: "INSERT"}},
	},

	// MERGE.
	{
		name: "merge using a subquery with gen_random_uuid key",
		query: `MERGE INTO customers AS t
USING (SELECT gen_random_uuid() AS customer_id, $1 AS name) AS s
ON t.customer_id = s.customer_id
WHEN MATCHED THEN UPDATE SET name = s.name
WHEN NOT MATCHED THEN INSERT (customer_id, name) VALUES (s.customer_id, s.name)`,
		stmts: []wantStmt{{kind: sqlcheck.KindMerge, effect: sqlcheck.Replaces, table: "customers",
			keys: []wantKey{executionKey("customer_id", "gen_random_uuid", "gen_random_uuid() AS customer_id")}, reason: "MERGE ON customer_id", at: "MERGE"}},
	},
	{
		name: "merge using a table",
		query: `MERGE INTO analytics.fct_orders t USING staging.orders s ON t.order_id = s.order_id
WHEN MATCHED THEN UPDATE SET amount = s.amount
WHEN NOT MATCHED THEN INSERT (order_id, amount) VALUES (s.order_id, s.amount)`,
		stmts: []wantStmt{{kind: sqlcheck.KindMerge, effect: sqlcheck.Replaces, table: "analytics.fct_orders",
			keys: []wantKey{columnKey("order_id", "s.order_id", "s.order_id\n")}, at: "MERGE"}},
	},
	{
		name: "merge using values of placeholders",
		query: `MERGE INTO accounts a USING (VALUES ($1, $2)) AS v(account_id, balance) ON a.account_id = v.account_id
WHEN MATCHED THEN UPDATE SET balance = v.balance
WHEN NOT MATCHED THEN INSERT VALUES (v.account_id, v.balance)`,
		stmts: []wantStmt{{kind: sqlcheck.KindMerge, effect: sqlcheck.Replaces, table: "accounts",
			keys: []wantKey{placeholderKey("account_id", 1, "$1, $2)")}, at: "MERGE"}},
	},
	{
		name: "merge key from a column of the USING subquery's table",
		query: `MERGE INTO dim_customer d USING (SELECT customer_id AS id, name FROM staging.customers) src ON d.id = src.id
WHEN NOT MATCHED THEN INSERT (id, name) VALUES (src.id, src.name)`,
		stmts: []wantStmt{{kind: sqlcheck.KindMerge, effect: sqlcheck.Replaces, table: "dim_customer",
			keys: []wantKey{columnKey("id", "customer_id", "customer_id AS id")}, at: "MERGE"}},
	},
	{
		name: "merge on two columns, the source on the left",
		query: `MERGE INTO stock t USING incoming s ON s.warehouse_id = t.warehouse_id AND t.sku = s.sku
WHEN MATCHED THEN UPDATE SET qty = s.qty WHEN NOT MATCHED THEN INSERT (warehouse_id, sku, qty) VALUES (s.warehouse_id, s.sku, s.qty)`,
		stmts: []wantStmt{{kind: sqlcheck.KindMerge, effect: sqlcheck.Replaces, table: "stock",
			keys: []wantKey{columnKey("warehouse_id", "s.warehouse_id", "s.warehouse_id = t"), columnKey("sku", "s.sku", "s.sku\n")}, at: "MERGE"}},
	},
	{
		name: "merge that adds on match increments",
		query: `MERGE INTO counters c USING (SELECT $1::text AS k, $2::int AS n) s ON c.k = s.k
WHEN MATCHED THEN UPDATE SET n = c.n + s.n WHEN NOT MATCHED THEN INSERT (k, n) VALUES (s.k, s.n)`,
		stmts: []wantStmt{{kind: sqlcheck.KindMerge, effect: sqlcheck.Increments, table: "counters",
			keys: []wantKey{placeholderKey("k", 1, "$1::text")}, reason: "relative to itself", at: "MERGE"}},
	},
	{
		name:  "merge with only an update action writes",
		query: `MERGE INTO orders o USING staging s ON o.id = s.id WHEN MATCHED THEN UPDATE SET status = s.status`,
		stmts: []wantStmt{{kind: sqlcheck.KindMerge, effect: sqlcheck.Writes, table: "orders",
			keys: []wantKey{columnKey("id", "s.id", "s.id WHEN")}, reason: "no INSERT action", at: "MERGE"}},
	},
	{
		name:  "merge on a placeholder",
		query: `MERGE INTO sessions t USING (SELECT 1) x ON t.session_id = $1 WHEN NOT MATCHED THEN INSERT (session_id) VALUES ($1)`,
		stmts: []wantStmt{{kind: sqlcheck.KindMerge, effect: sqlcheck.Replaces, table: "sessions",
			keys: []wantKey{placeholderKey("session_id", 1, "$1 WHEN")}, at: "MERGE"}},
	},

	// Comments, literals and dollar quoting.
	{
		name: "line comment holding ? and ;",
		query: `-- which rows? all of them; really
INSERT INTO audit_log (actor, action) VALUES (?, ?)`,
		stmts: []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Appends, table: "audit_log", at: "INSERT INTO audit_log"}},
	},
	{
		name:  "block comment holding ? and ;",
		query: `INSERT /* upsert; keyed on id? yes */ INTO kv (id, v) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET v = EXCLUDED.v`,
		stmts: []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Replaces, table: "kv",
			keys: []wantKey{{column: "id", source: sqlcheck.SourcePlaceholder, placeholder: 1, placeholders: []int{1}, at: "?, ?)"}}, at: "INSERT /*"}},
	},
	{
		name:  "nested block comment",
		query: `/* outer /* inner ; ? */ still comment ; */ DELETE FROM sessions WHERE expires_at < now()`,
		stmts: []wantStmt{{kind: sqlcheck.KindDelete, effect: sqlcheck.Writes, table: "sessions", at: "DELETE FROM sessions"}},
	},
	{
		name:  "string literal holding ? and ;",
		query: `INSERT INTO notes (title, id) VALUES ('why?; because', ?) ON CONFLICT (id) DO NOTHING`,
		stmts: []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Replaces, table: "notes",
			keys: []wantKey{placeholderKey("id", 1, "?)")}, at: "INSERT"}},
	},
	{
		name:  "escape string holding a quote and ?",
		query: `INSERT INTO notes (title, id) VALUES (E'it\'s ?', ?) ON CONFLICT (id) DO NOTHING`,
		stmts: []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Replaces, table: "notes",
			keys: []wantKey{placeholderKey("id", 1, "?)")}, at: "INSERT"}},
	},
	{
		name:  "dollar-quoted literal holding ? and ;",
		query: `INSERT INTO scripts (body, name) VALUES ($body$ select ?; $$ $body$, ?) ON CONFLICT (name) DO UPDATE SET body = EXCLUDED.body`,
		stmts: []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Replaces, table: "scripts",
			keys: []wantKey{placeholderKey("name", 1, "?)")}, at: "INSERT"}},
	},
	{
		name:  "DO block",
		query: `DO $$ BEGIN INSERT INTO t VALUES (1); END $$`,
		stmts: []wantStmt{{kind: sqlcheck.KindOther, effect: sqlcheck.Unknown, at: "DO $$"}},
	},

	// Placeholder and format styles.
	{
		name:  "question marks numbered in order",
		query: `INSERT INTO kv (v, id) VALUES (?, ?) ON CONFLICT (id) DO NOTHING`,
		stmts: []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Replaces, table: "kv",
			keys: []wantKey{placeholderKey("id", 2, "?)")}, at: "INSERT"}},
	},
	{
		name:  "jsonb ? operator with $n placeholders",
		query: `SELECT id FROM docs WHERE body ? 'tags' AND id = $1`,
		stmts: []wantStmt{{kind: sqlcheck.KindSelect, effect: sqlcheck.Reads, at: "SELECT"}},
	},
	{
		name:  "jsonb ? operator without placeholders",
		query: `SELECT id FROM docs WHERE body ? 'tags'`,
		stmts: []wantStmt{{kind: sqlcheck.KindSelect, effect: sqlcheck.Reads, at: "SELECT"}},
	},
	{
		name:  "Sprintf table",
		query: `INSERT INTO %s (id) VALUES ($1)`,
		stmts: []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Appends, table: "%s", at: "INSERT"}},
	},
	{
		name:  "Sprintf schema and suffixed table",
		query: `INSERT INTO %s.events_%s (id) VALUES ($1) ON CONFLICT (id) DO NOTHING`,
		stmts: []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Replaces, table: "%s.events_%s",
			keys: []wantKey{placeholderKey("id", 1, "$1")}, at: "INSERT"}},
	},
	{
		name:  "Sprintf values",
		query: `INSERT INTO %s (id, name) VALUES (%d, '%s') ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name`,
		stmts: []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Replaces, table: "%s",
			keys: []wantKey{{column: "id", source: sqlcheck.SourceLiteral, fmtArg: 2, at: "%d, '%s'"}}, at: "INSERT"}},
	},
	{
		name:  "Sprintf quoted value key",
		query: `INSERT INTO t (name, id) VALUES (%q, '%s') ON CONFLICT (id) DO NOTHING`,
		stmts: []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Replaces, table: "t",
			keys: []wantKey{{column: "id", source: sqlcheck.SourceLiteral, fmtArg: 2, at: "'%s')"}}, at: "INSERT"}},
	},
	{
		name:  "Sprintf explicit argument index and %%",
		query: `DELETE FROM %[1]s WHERE id %% %[2]d = 0 AND tenant = %[3]v`,
		stmts: []wantStmt{{kind: sqlcheck.KindDelete, effect: sqlcheck.Writes, table: "%[1]s", at: "DELETE"}},
	},
	{
		name:  "Sprintf column list parses with identifiers",
		query: `INSERT INTO t (%s) VALUES (%s)`,
		stmts: []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Appends, table: "t", at: "INSERT"}},
	},
	{
		name:  "sqlx named parameters",
		query: `INSERT INTO users (id, name) VALUES (:id, :name) ON CONFLICT (id) DO UPDATE SET name = :name`,
		stmts: []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Replaces, table: "users",
			keys: []wantKey{{column: "id", source: sqlcheck.SourcePlaceholder, placeholder: 1, name: "id", at: ":id, :name"}}, at: "INSERT"}},
	},
	{
		name:  "sqlx named parameter with a cast",
		query: `INSERT INTO users (name, id) VALUES (:name, :user.id::uuid) ON CONFLICT (id) DO NOTHING`,
		stmts: []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Replaces, table: "users",
			keys: []wantKey{{column: "id", source: sqlcheck.SourcePlaceholder, placeholder: 2, name: "user.id", at: ":user.id::uuid"}}, at: "INSERT"}},
	},
	{
		name:  "pgx named arguments numbered per name",
		query: `INSERT INTO t (n, id) VALUES (@n, @id), (@n, @id) ON CONFLICT (id) DO NOTHING`,
		stmts: []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Replaces, table: "t",
			keys: []wantKey{{column: "id", source: sqlcheck.SourcePlaceholder, placeholder: 2, name: "id", at: "@id), (@n"}}, at: "INSERT"}},
	},
	{
		name:  "array slice colon is not a named parameter",
		query: `SELECT tags[1:n] FROM posts WHERE id = $1`,
		stmts: []wantStmt{{kind: sqlcheck.KindSelect, effect: sqlcheck.Reads, at: "SELECT"}},
	},

	// Not fooled.
	{
		name: "where not exists on the target",
		query: `INSERT INTO customers (customer_id, name)
SELECT $1, $2 WHERE NOT EXISTS (SELECT 1 FROM customers WHERE customer_id = $1)`,
		stmts: []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Writes, table: "customers",
			keys: []wantKey{placeholderKey("customer_id", 1, "$1, $2")}, reason: "WHERE NOT EXISTS", at: "INSERT"}},
	},
	{
		name: "where not exists with an alias and a source table",
		query: `INSERT INTO fct_orders (order_id, amount)
SELECT s.order_id, s.amount FROM staging.orders s
WHERE s.day = $1 AND NOT EXISTS (SELECT 1 FROM fct_orders f WHERE f.order_id = s.order_id)`,
		stmts: []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Writes, table: "fct_orders",
			keys: []wantKey{columnKey("order_id", "s.order_id", "s.order_id, s.amount")}, reason: "WHERE NOT EXISTS", at: "INSERT"}},
	},
	{
		name:  "not in the target",
		query: `INSERT INTO seen (id) SELECT id FROM incoming WHERE id NOT IN (SELECT id FROM seen)`,
		stmts: []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Writes, table: "seen",
			keys: []wantKey{columnKey("id", "id", "id FROM incoming")}, reason: "WHERE NOT IN", at: "INSERT"}},
	},
	{
		name: "left join anti-join on the target",
		query: `INSERT INTO fct_orders (order_id, amount)
SELECT s.order_id, s.amount FROM staging.orders s
LEFT JOIN fct_orders f ON f.order_id = s.order_id
WHERE f.order_id IS NULL`,
		stmts: []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Writes, table: "fct_orders",
			keys: []wantKey{columnKey("order_id", "s.order_id", "s.order_id, s.amount")}, reason: "LEFT JOIN ... IS NULL", at: "INSERT"}},
	},
	{
		name: "left join on the target without IS NULL still appends",
		query: `INSERT INTO fct_orders (order_id, amount)
SELECT s.order_id, s.amount FROM staging.orders s
LEFT JOIN fct_orders f ON f.order_id = s.order_id`,
		stmts: []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Appends, table: "fct_orders", at: "INSERT"}},
	},
	{
		name: "left join of another table still appends",
		query: `INSERT INTO fct_orders (order_id, amount)
SELECT s.order_id, s.amount FROM staging.orders s
LEFT JOIN blocked b ON b.order_id = s.order_id
WHERE b.order_id IS NULL`,
		stmts: []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Appends, table: "fct_orders", at: "INSERT"}},
	},
	{
		name:  "where not exists on another table still appends",
		query: `INSERT INTO audit (id) SELECT $1 WHERE NOT EXISTS (SELECT 1 FROM blocked WHERE id = $1)`,
		stmts: []wantStmt{{kind: sqlcheck.KindInsert, effect: sqlcheck.Appends, table: "audit", at: "INSERT"}},
	},
	{
		name: "temp table",
		query: `CREATE TEMP TABLE batch (id bigint, amount numeric);
INSERT INTO batch (id, amount) VALUES ($1, $2);
INSERT INTO orders SELECT * FROM batch;`,
		stmts: []wantStmt{
			{kind: sqlcheck.KindDDL, effect: sqlcheck.DDL, table: "batch", temp: true, at: "CREATE TEMP TABLE batch"},
			{kind: sqlcheck.KindInsert, effect: sqlcheck.Writes, table: "batch", temp: true, reason: "temporary", at: "INSERT INTO batch"},
			{kind: sqlcheck.KindInsert, effect: sqlcheck.Appends, table: "orders", at: "INSERT INTO orders"},
		},
	},
	{
		name: "temporary table",
		query: `CREATE TEMPORARY TABLE IF NOT EXISTS stage (LIKE orders);
COPY stage FROM STDIN;`,
		stmts: []wantStmt{
			{kind: sqlcheck.KindDDL, effect: sqlcheck.DDL, table: "stage", temp: true, at: "CREATE TEMPORARY"},
			{kind: sqlcheck.KindCopy, effect: sqlcheck.Writes, table: "stage", temp: true, at: "COPY stage"},
		},
	},
	{
		name: "select into temp",
		query: `SELECT * INTO TEMP today FROM orders WHERE day = $1;
INSERT INTO today (id) VALUES ($2)`,
		stmts: []wantStmt{
			{kind: sqlcheck.KindDDL, effect: sqlcheck.DDL, table: "today", temp: true, at: "SELECT * INTO"},
			{kind: sqlcheck.KindInsert, effect: sqlcheck.Writes, table: "today", temp: true, at: "INSERT"},
		},
	},
	{
		name: "create temp table as",
		query: `CREATE TEMP TABLE ids AS SELECT id FROM orders;
INSERT INTO ids VALUES (1)`,
		stmts: []wantStmt{
			{kind: sqlcheck.KindDDL, effect: sqlcheck.DDL, table: "ids", temp: true, at: "CREATE TEMP"},
			{kind: sqlcheck.KindInsert, effect: sqlcheck.Writes, table: "ids", temp: true, at: "INSERT"},
		},
	},
	{
		name: "a permanent table of the same name is not the temp table",
		query: `CREATE TEMP TABLE ids (id int);
INSERT INTO archive.ids VALUES (1)`,
		stmts: []wantStmt{
			{kind: sqlcheck.KindDDL, effect: sqlcheck.DDL, table: "ids", temp: true, at: "CREATE"},
			{kind: sqlcheck.KindInsert, effect: sqlcheck.Appends, table: "archive.ids", at: "INSERT"},
		},
	},

	// Replacing the unit.
	{
		name: "begin delete insert commit",
		query: `BEGIN;
DELETE FROM analytics.fct_orders WHERE day = $1;
INSERT INTO analytics.fct_orders (order_id, customer_id, amount, day)
SELECT order_id, customer_id, amount, day FROM staging.orders WHERE day = $1;
COMMIT;`,
		stmts: []wantStmt{
			{kind: sqlcheck.KindTransaction, effect: sqlcheck.Reads, at: "BEGIN"},
			{kind: sqlcheck.KindDelete, effect: sqlcheck.Writes, table: "analytics.fct_orders", at: "DELETE"},
			{kind: sqlcheck.KindInsert, effect: sqlcheck.Replaces, table: "analytics.fct_orders", reason: "DELETE then INSERT in one transaction", at: "INSERT"},
			{kind: sqlcheck.KindTransaction, effect: sqlcheck.Reads, at: "COMMIT"},
		},
	},
	{
		name: "truncate insert",
		query: `TRUNCATE daily_totals;
INSERT INTO daily_totals (day, total) SELECT day, sum(amount) FROM orders GROUP BY day`,
		stmts: []wantStmt{
			{kind: sqlcheck.KindTruncate, effect: sqlcheck.Writes, table: "daily_totals", at: "TRUNCATE"},
			{kind: sqlcheck.KindInsert, effect: sqlcheck.Replaces, table: "daily_totals", reason: "TRUNCATE then INSERT", at: "INSERT"},
		},
	},
	{
		name:  "truncate copy in a transaction",
		query: `START TRANSACTION; TRUNCATE ONLY public.rates, public.fees; COPY rates FROM STDIN; COMMIT`,
		stmts: []wantStmt{
			{kind: sqlcheck.KindTransaction, effect: sqlcheck.Reads, at: "START"},
			{kind: sqlcheck.KindTruncate, effect: sqlcheck.Writes, table: "public.rates", tables: []string{"public.rates", "public.fees"}, at: "TRUNCATE"},
			{kind: sqlcheck.KindCopy, effect: sqlcheck.Replaces, table: "rates", reason: "TRUNCATE then COPY in one transaction", at: "COPY"},
			{kind: sqlcheck.KindTransaction, effect: sqlcheck.Reads, at: "COMMIT"},
		},
	},
	{
		name:  "delete insert in one multi-statement query is one implicit transaction",
		query: `DELETE FROM daily WHERE day = '2024-01-01'; INSERT INTO daily (day, n) VALUES ('2024-01-01', 3)`,
		stmts: []wantStmt{
			{kind: sqlcheck.KindDelete, effect: sqlcheck.Writes, table: "daily", at: "DELETE"},
			{kind: sqlcheck.KindInsert, effect: sqlcheck.Replaces, table: "daily", reason: "implicit transaction", at: "INSERT"},
		},
	},
	{
		name:       "delete insert run statement by statement appends",
		query:      `DELETE FROM daily WHERE day = '2024-01-01'; INSERT INTO daily (day, n) VALUES ('2024-01-01', 3)`,
		autocommit: true,
		stmts: []wantStmt{
			{kind: sqlcheck.KindDelete, effect: sqlcheck.Writes, table: "daily", at: "DELETE"},
			{kind: sqlcheck.KindInsert, effect: sqlcheck.Appends, table: "daily", reason: "the DELETE of daily before it commits separately", at: "INSERT"},
		},
	},
	{
		name:       "delete insert in a transaction run statement by statement",
		query:      `BEGIN; DELETE FROM daily; INSERT INTO daily (day, n) VALUES ($1, $2); COMMIT;`,
		autocommit: true,
		stmts: []wantStmt{
			{kind: sqlcheck.KindTransaction, effect: sqlcheck.Reads, at: "BEGIN"},
			{kind: sqlcheck.KindDelete, effect: sqlcheck.Writes, table: "daily", at: "DELETE"},
			{kind: sqlcheck.KindInsert, effect: sqlcheck.Replaces, table: "daily", reason: "in one transaction", at: "INSERT"},
			{kind: sqlcheck.KindTransaction, effect: sqlcheck.Reads, at: "COMMIT"},
		},
	},
	{
		name:  "a commit between the delete and the insert",
		query: `BEGIN; DELETE FROM daily; COMMIT; INSERT INTO daily (day) VALUES ($1)`,
		stmts: []wantStmt{
			{kind: sqlcheck.KindTransaction, effect: sqlcheck.Reads, at: "BEGIN"},
			{kind: sqlcheck.KindDelete, effect: sqlcheck.Writes, table: "daily", at: "DELETE"},
			{kind: sqlcheck.KindTransaction, effect: sqlcheck.Reads, at: "COMMIT"},
			{kind: sqlcheck.KindInsert, effect: sqlcheck.Appends, table: "daily", reason: "commits separately", at: "INSERT"},
		},
	},
	{
		name:  "a delete of another table does not replace",
		query: `DELETE FROM staging_orders; INSERT INTO orders SELECT * FROM staging_orders`,
		stmts: []wantStmt{
			{kind: sqlcheck.KindDelete, effect: sqlcheck.Writes, table: "staging_orders", at: "DELETE"},
			{kind: sqlcheck.KindInsert, effect: sqlcheck.Appends, table: "orders", at: "INSERT"},
		},
	},
	{
		name:  "insert then delete does not replace",
		query: `INSERT INTO t (id) VALUES ($1); DELETE FROM t WHERE id = $2`,
		stmts: []wantStmt{
			{kind: sqlcheck.KindInsert, effect: sqlcheck.Appends, table: "t", at: "INSERT"},
			{kind: sqlcheck.KindDelete, effect: sqlcheck.Writes, table: "t", at: "DELETE"},
		},
	},
	{
		name:  "unqualified delete and schema-qualified insert",
		query: `DELETE FROM fct_orders WHERE day = $1; INSERT INTO analytics.fct_orders (day) VALUES ($1)`,
		stmts: []wantStmt{
			{kind: sqlcheck.KindDelete, effect: sqlcheck.Writes, table: "fct_orders", at: "DELETE"},
			{kind: sqlcheck.KindInsert, effect: sqlcheck.Replaces, table: "analytics.fct_orders", at: "INSERT"},
		},
	},

	// CTEs.
	{
		name: "delete and insert in one statement through a CTE",
		query: `WITH gone AS (DELETE FROM daily WHERE day = $1)
INSERT INTO daily (day, total) SELECT $1, sum(amount) FROM orders WHERE day = $1`,
		stmts: []wantStmt{
			{kind: sqlcheck.KindInsert, effect: sqlcheck.Replaces, table: "daily", reason: "DELETE then INSERT in one statement", at: "WITH gone"},
			{kind: sqlcheck.KindDelete, effect: sqlcheck.Writes, table: "daily", at: "DELETE FROM daily WHERE day = $1"},
		},
	},
	{
		name:  "insert in a CTE of a select",
		query: `WITH ins AS MATERIALIZED (INSERT INTO events (kind) VALUES ($1) RETURNING id) SELECT id FROM ins`,
		stmts: []wantStmt{
			{kind: sqlcheck.KindSelect, effect: sqlcheck.Reads, at: "WITH ins"},
			{kind: sqlcheck.KindInsert, effect: sqlcheck.Appends, table: "events", at: "INSERT INTO events (kind) VALUES ($1) RETURNING id"},
		},
	},
	{
		name: "upsert in a CTE with a column list, and an append in the main statement",
		query: `WITH c (id) AS (
  INSERT INTO customers (email) VALUES ($1) ON CONFLICT (email) DO UPDATE SET email = EXCLUDED.email RETURNING id
)
INSERT INTO orders (customer_id, amount) SELECT id, $2 FROM c`,
		stmts: []wantStmt{
			{kind: sqlcheck.KindInsert, effect: sqlcheck.Appends, table: "orders", at: "WITH c (id)"},
			{kind: sqlcheck.KindInsert, effect: sqlcheck.Replaces, table: "customers", keys: []wantKey{placeholderKey("email", 1, "$1)")}, at: "INSERT INTO customers"},
		},
	},
	{
		name: "two data-modifying CTEs",
		query: `WITH moved AS (DELETE FROM queue WHERE id = $1 RETURNING *),
done AS (INSERT INTO finished SELECT * FROM moved)
UPDATE stats SET processed = processed + 1`,
		stmts: []wantStmt{
			{kind: sqlcheck.KindUpdate, effect: sqlcheck.Increments, table: "stats", at: "WITH moved"},
			{kind: sqlcheck.KindDelete, effect: sqlcheck.Writes, table: "queue", at: "DELETE FROM queue"},
			{kind: sqlcheck.KindInsert, effect: sqlcheck.Appends, table: "finished", at: "INSERT INTO finished"},
		},
	},

	// UPDATE and DELETE.
	{
		name:  "update increment",
		query: `UPDATE counters SET n = n + 1 WHERE id = $1`,
		stmts: []wantStmt{{kind: sqlcheck.KindUpdate, effect: sqlcheck.Increments, table: "counters", reason: "SET n = n + ...", at: "UPDATE"}},
	},
	{
		name:  "update decrement through an alias",
		query: `UPDATE accounts a SET balance = a.balance - $1 WHERE a.id = $2`,
		stmts: []wantStmt{{kind: sqlcheck.KindUpdate, effect: sqlcheck.Increments, table: "accounts", at: "UPDATE"}},
	},
	{
		name:  "update increment with coalesce",
		query: `UPDATE stats SET hits = COALESCE(hits, 0) + 1, seen_at = now() WHERE page = $1`,
		stmts: []wantStmt{{kind: sqlcheck.KindUpdate, effect: sqlcheck.Increments, table: "stats", at: "UPDATE"}},
	},
	{
		name:  "update to an input",
		query: `UPDATE orders SET status = $1, updated_at = now() WHERE order_id = $2`,
		stmts: []wantStmt{{kind: sqlcheck.KindUpdate, effect: sqlcheck.Writes, table: "orders", reason: "UPDATE to constants or inputs", at: "UPDATE"}},
	},
	{
		name:  "update to a constant",
		query: `UPDATE jobs SET state = 'done' WHERE id = ?`,
		stmts: []wantStmt{{kind: sqlcheck.KindUpdate, effect: sqlcheck.Writes, table: "jobs", at: "UPDATE"}},
	},
	{
		name:  "update array append",
		query: `UPDATE posts SET tags = array_append(tags, $1) WHERE id = $2`,
		stmts: []wantStmt{{kind: sqlcheck.KindUpdate, effect: sqlcheck.Increments, table: "posts", reason: "array_append", at: "UPDATE"}},
	},
	{
		name:  "update jsonb merge is not an increment",
		query: `UPDATE profiles SET settings = settings || $1::jsonb WHERE user_id = $2`,
		stmts: []wantStmt{{kind: sqlcheck.KindUpdate, effect: sqlcheck.Writes, table: "profiles", at: "UPDATE"}},
	},
	{
		name:  "update to nextval",
		query: `UPDATE tickets SET number = nextval('ticket_numbers') WHERE id = $1`,
		stmts: []wantStmt{{kind: sqlcheck.KindUpdate, effect: sqlcheck.Increments, table: "tickets", reason: "nextval", at: "UPDATE"}},
	},
	{
		name:  "update multiple columns from a row",
		query: `UPDATE t SET (a, b) = (a + 1, $1) WHERE id = $2`,
		stmts: []wantStmt{{kind: sqlcheck.KindUpdate, effect: sqlcheck.Increments, table: "t", at: "UPDATE"}},
	},
	{
		name:  "delete",
		query: `DELETE FROM sessions WHERE user_id = $1 RETURNING id`,
		stmts: []wantStmt{{kind: sqlcheck.KindDelete, effect: sqlcheck.Writes, table: "sessions", reason: "DELETE", at: "DELETE"}},
	},

	// Reads, DDL, others.
	{
		name:  "select",
		query: `SELECT id, amount FROM orders WHERE customer_id = $1 FOR UPDATE`,
		stmts: []wantStmt{{kind: sqlcheck.KindSelect, effect: sqlcheck.Reads, at: "SELECT"}},
	},
	{
		name:  "copy to stdout",
		query: `COPY (SELECT * FROM orders) TO STDOUT WITH CSV HEADER`,
		stmts: []wantStmt{{kind: sqlcheck.KindCopy, effect: sqlcheck.Reads, at: "COPY"}},
	},
	{
		name: "ddl",
		query: `CREATE TABLE IF NOT EXISTS orders (order_id uuid PRIMARY KEY DEFAULT gen_random_uuid(), amount numeric);
ALTER TABLE orders ADD COLUMN day date;
CREATE UNIQUE INDEX CONCURRENTLY orders_day ON orders (day);
DROP TABLE old_orders;`,
		stmts: []wantStmt{
			{kind: sqlcheck.KindDDL, effect: sqlcheck.DDL, table: "orders", at: "CREATE TABLE"},
			{kind: sqlcheck.KindDDL, effect: sqlcheck.DDL, table: "orders", at: "ALTER TABLE"},
			{kind: sqlcheck.KindDDL, effect: sqlcheck.DDL, table: "orders", at: "CREATE UNIQUE INDEX"},
			{kind: sqlcheck.KindDDL, effect: sqlcheck.DDL, at: "DROP TABLE"},
		},
	},
	{
		name:  "set and show",
		query: `SET LOCAL statement_timeout = '5s'; SHOW search_path`,
		stmts: []wantStmt{
			{kind: sqlcheck.KindOther, effect: sqlcheck.Reads, at: "SET LOCAL"},
			{kind: sqlcheck.KindOther, effect: sqlcheck.Reads, at: "SHOW"},
		},
	},
	{
		name:  "call",
		query: `CALL refresh_totals($1)`,
		stmts: []wantStmt{{kind: sqlcheck.KindOther, effect: sqlcheck.Unknown, at: "CALL"}},
	},
	{
		name:  "explain analyze runs the statement",
		query: `EXPLAIN (ANALYZE, BUFFERS) INSERT INTO t VALUES (1)`,
		stmts: []wantStmt{{kind: sqlcheck.KindOther, effect: sqlcheck.Unknown, at: "EXPLAIN"}},
	},
	{
		name:     "unparseable",
		query:    `INSERT INTO WHERE VALUES`,
		unparsed: true,
	},
	{
		name:     "not sql",
		query:    `hello, world`,
		unparsed: true,
	},
	{
		name:     "MySQL-only syntax",
		query:    "INSERT INTO t (a) VALUES (?) ON DUPLICATE KEY UPDATE a = VALUES(a)",
		unparsed: true,
	},
	{
		name:  "empty",
		query: ``,
	},
	{
		name:  "comments only",
		query: "-- nothing here\n/* nor here */ ;",
	},
}

func TestAnalyze(t *testing.T) {
	plain := sqlcheck.New(sqlcheck.Options{ExecutionFuncs: sqlcheck.DefaultExecutionFuncs})
	autocommit := sqlcheck.New(sqlcheck.Options{ExecutionFuncs: sqlcheck.DefaultExecutionFuncs, Autocommit: true})
	for _, tc := range analyzeCases {
		t.Run(tc.name, func(t *testing.T) {
			a := plain
			if tc.autocommit {
				a = autocommit
			}
			r := a.Analyze(tc.query)
			if r.Parsed == tc.unparsed {
				t.Fatalf("Parsed = %v, want %v", r.Parsed, !tc.unparsed)
			}
			if len(r.Statements) != len(tc.stmts) {
				t.Fatalf("%d statements, want %d:\n%s", len(r.Statements), len(tc.stmts), describe(tc.query, r))
			}
			for i, want := range tc.stmts {
				checkStatement(t, tc.query, i, r.Statements[i], want)
			}
		})
	}
}

func checkStatement(t *testing.T, query string, i int, got sqlcheck.Statement, want wantStmt) {
	t.Helper()
	if !slices.Equal(got.Tables, want.tables) {
		t.Errorf("statement %d: tables %q, want %q", i, got.Tables, want.tables)
	}
	if got.Kind != want.kind || got.Effect != want.effect || got.Table != want.table || got.Temp != want.temp {
		t.Errorf("statement %d: kind %s, effect %d, table %q, temp %v; want %s, %d, %q, %v (reason %q)",
			i, got.Kind, got.Effect, got.Table, got.Temp, want.kind, want.effect, want.table, want.temp, got.Reason)
	}
	if !strings.Contains(got.Reason, want.reason) {
		t.Errorf("statement %d: reason %q does not contain %q", i, got.Reason, want.reason)
	}
	if got.Constraint != want.constraint {
		t.Errorf("statement %d: constraint %q, want %q", i, got.Constraint, want.constraint)
	}
	if got.Offset < 0 || got.Length < 0 || got.Offset+got.Length > len(query) {
		t.Fatalf("statement %d: span [%d, +%d) outside the text of %d bytes", i, got.Offset, got.Length, len(query))
	}
	text := query[got.Offset : got.Offset+got.Length]
	if !strings.HasPrefix(text, want.at) {
		t.Errorf("statement %d: text %q does not start with %q", i, text, want.at)
	}
	if text != strings.TrimSpace(text) || strings.HasSuffix(text, ";") {
		t.Errorf("statement %d: text %q is not trimmed", i, text)
	}
	if len(got.Keys) != len(want.keys) {
		t.Fatalf("statement %d: keys %+v, want %d", i, got.Keys, len(want.keys))
	}
	for k, wk := range want.keys {
		gk := got.Keys[k]
		if gk.Column != wk.column || gk.Source != wk.source || gk.Placeholder != wk.placeholder ||
			gk.Function != wk.function || gk.FromColumn != wk.fromColumn || gk.Name != wk.name || gk.FmtArg != wk.fmtArg {
			t.Errorf("statement %d key %d: %+v, want %+v", i, k, gk, wk)
		}
		if wk.placeholders != nil && !slices.Equal(gk.Placeholders, wk.placeholders) {
			t.Errorf("statement %d key %d: placeholders %v, want %v", i, k, gk.Placeholders, wk.placeholders)
		}
		switch {
		case wk.at == "" && gk.Offset != -1:
			t.Errorf("statement %d key %d: offset %d, want -1", i, k, gk.Offset)
		case wk.at != "" && (gk.Offset < 0 || gk.Offset > len(query) || !strings.HasPrefix(query[gk.Offset:], wk.at)):
			t.Errorf("statement %d key %d: offset %d does not point at %q", i, k, gk.Offset, wk.at)
		}
	}
}

// describe prints a result for a failing test.
func describe(query string, r *sqlcheck.Result) string {
	var b strings.Builder
	for _, st := range r.Statements {
		end := min(st.Offset+st.Length, len(query))
		fmt.Fprintf(&b, "  %s %d %q %q: %q\n", st.Kind, st.Effect, st.Table, st.Reason, query[min(st.Offset, end):end])
	}
	return b.String()
}

func TestCache(t *testing.T) {
	a := sqlcheck.New(sqlcheck.Options{ExecutionFuncs: sqlcheck.DefaultExecutionFuncs})
	const q = `INSERT INTO orders (order_id) VALUES ($1) ON CONFLICT (order_id) DO NOTHING`
	first := a.Analyze(q)
	parses := a.ParseCount()
	if parses != 1 {
		t.Fatalf("first Analyze parsed %d times, want 1", parses)
	}
	if second := a.Analyze(q); second != first {
		t.Errorf("second Analyze returned a new Result")
	}
	if got := a.ParseCount(); got != parses {
		t.Errorf("second Analyze parsed: %d parses, want %d", got, parses)
	}
	// An unparsed text is cached too.
	bad := a.Analyze("not sql")
	parses = a.ParseCount()
	if again := a.Analyze("not sql"); again != bad || a.ParseCount() != parses {
		t.Errorf("an unparsed text was parsed again")
	}
}

func TestCacheBounded(t *testing.T) {
	a := sqlcheck.New(sqlcheck.Options{})
	first := a.Analyze("SELECT 0")
	for i := 1; i <= 10001; i++ {
		a.Analyze(fmt.Sprintf("SELECT %d", i))
	}
	parses := a.ParseCount()
	if a.Analyze("SELECT 0") == first || a.ParseCount() != parses+1 {
		t.Errorf("the cache kept its first text past its bound")
	}
}

func TestConcurrent(t *testing.T) {
	a := sqlcheck.New(sqlcheck.Options{ExecutionFuncs: sqlcheck.DefaultExecutionFuncs})
	done := make(chan *sqlcheck.Result)
	const q = `MERGE INTO t USING s ON t.id = s.id WHEN NOT MATCHED THEN INSERT VALUES (s.id)`
	for range 8 {
		go func() {
			for _, tc := range analyzeCases {
				a.Analyze(tc.query)
			}
			done <- a.Analyze(q)
		}()
	}
	first := <-done
	for range 7 {
		if r := <-done; r != first {
			t.Errorf("concurrent Analyze of one text returned two Results")
		}
	}
}

func TestExecutionFuncsOption(t *testing.T) {
	const q = `INSERT INTO t (id) VALUES (now()) ON CONFLICT (id) DO NOTHING`
	none := sqlcheck.New(sqlcheck.Options{}).Analyze(q)
	if k := none.Statements[0].Keys[0]; k.Source == sqlcheck.SourceExecution {
		t.Errorf("with no ExecutionFuncs, now() is %+v", k)
	}
	upper := sqlcheck.New(sqlcheck.Options{ExecutionFuncs: []string{"NOW"}}).Analyze(q)
	if k := upper.Statements[0].Keys[0]; k.Source != sqlcheck.SourceExecution || k.Function != "now" {
		t.Errorf("with ExecutionFuncs [NOW], now() is %+v", k)
	}
}
