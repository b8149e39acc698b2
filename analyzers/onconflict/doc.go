// Package onconflict defines an Analyzer that reports INSERTs that append
// rows instead of replacing their unit.
//
// # Analyzer onconflict
//
// onconflict: report INSERTs that append, so that a second execution writes the rows again
//
// A timeout after a committed INSERT is silence, and silence is
// compatible with success: the retry (a library's, a loop's, or the
// orchestrator's, which reruns the whole program) runs the INSERT again
// and the rows are there twice. Nobody sees an error; a total is too high.
// A write is safe to run twice when it replaces its unit: it merges on a
// key that comes from the input (INSERT ... ON CONFLICT (key) DO UPDATE,
// MERGE), or it deletes the unit and inserts it again in one transaction.
//
// The check reports, at the query's literal (or at the call when the text
// is built), an INSERT with no ON CONFLICT, an INSERT ... SELECT, a COPY
// ... FROM, and a pgx CopyFrom, run through database/sql, pgx, sqlx or
// gorm, with the query written inline, in a constant, a variable, with
// fmt.Sprintf, in a pgx batch, or in a .sql file embedded with go:embed,
// and passed through the project's own query helpers (in any package) or
// an interface shaped like a client's (sqlc's DBTX).
//
// It accepts:
//
//   - INSERT ... ON CONFLICT (key) DO UPDATE or DO NOTHING, ON CONFLICT ON
//     CONSTRAINT name, and MERGE;
//   - INSERT ... SELECT ... WHERE NOT EXISTS (or NOT IN, or a LEFT JOIN
//     with WHERE target.key IS NULL) on the target;
//   - an INSERT into a temporary table created in the same script;
//   - DELETE (or TRUNCATE) then INSERT of the same table in one script run
//     as one transaction;
//   - DELETE then INSERT of the same table on the same transaction in Go:
//     a *sql.Tx, a pgx.Tx, a sqlx.Tx, a pgx.Batch (sent as one implicit
//     transaction), or the transaction that pgx.BeginFunc or gorm's
//     Transaction passes to its callback;
//   - UPDATE and DELETE, which do not add rows;
//   - in MySQL, INSERT ... ON DUPLICATE KEY UPDATE, INSERT IGNORE and
//     REPLACE; in SQLite, INSERT OR IGNORE, INSERT OR REPLACE, REPLACE
//     and ON CONFLICT. These merge on every unique key of the table,
//     whichever the row hits: they replace the unit when the table has a
//     unique key whose values come from the input (INSERT OR ROLLBACK,
//     OR ABORT and OR FAIL say what a failure does, and append).
//
// The SQL is read in the dialect of the database it is sent to (the
// driver the package imports, else the placeholders: see sqlextract),
// and the remedy is written in that dialect's syntax:
//
//	PostgreSQL       merge on a key from the input (ON CONFLICT (key) DO UPDATE)
//	MySQL            merge on a unique key from the input (INSERT ... ON DUPLICATE KEY UPDATE)
//	SQLite           merge on a key from the input (ON CONFLICT (key) DO UPDATE, or INSERT OR REPLACE)
//	MySQL or SQLite  replace on a unique key from the input (REPLACE INTO, which both accept)
//
// each followed by "or replace the unit (delete then insert in one
// transaction)". A text read as MySQL or SQLite that the front end does
// not make parseable (INSERT ... SET) stays silent.
//
// Reported:
//
//	db.ExecContext(ctx, "INSERT INTO events (id, payload) VALUES ($1, $2)", id, p)
//
//	import _ "github.com/mattn/go-sqlite3"
//	db.ExecContext(ctx, "INSERT INTO journal (msg) VALUES (?)", msg)  (SQLite's remedy)
//
//	//go:embed load_orders.sql  (INSERT INTO fct_orders ... SELECT ...)
//	var loadOrders string
//	db.ExecContext(ctx, loadOrders, day)
//
// Accepted:
//
//	db.ExecContext(ctx, `INSERT INTO fct_orders (order_id, amount) VALUES ($1, $2)
//		ON CONFLICT (order_id) DO UPDATE SET amount = EXCLUDED.amount`, id, amount)
//
//	tx.ExecContext(ctx, `DELETE FROM fct_daily WHERE day = $1`, day)
//	tx.ExecContext(ctx, `INSERT INTO fct_daily SELECT ... WHERE day = $1`, day)
//	tx.Commit()
//
//	import _ "github.com/go-sql-driver/mysql"
//	db.ExecContext(ctx, `INSERT INTO orders (order_id, amount) VALUES (?, ?)
//		ON DUPLICATE KEY UPDATE amount = VALUES(amount)`, id, amount)
//
// It stays silent on SQL it cannot parse and on queries whose text it
// cannot resolve.
//
// Configuration: onconflict.scope in .retrylint.yml is all (the default:
// in pipelines the orchestrator retries the whole program, so every
// append matters) or retried: only the queries run inside a retry's
// operation in the same function (a closure passed to a retry library or
// helper, a retry loop's body). An append reached from a retry through
// other functions or packages is reported by nonidempotent, at the retry,
// with the chain of calls.
package onconflict
