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
//   - UPDATE and DELETE, which do not add rows.
//
// Reported:
//
//	db.ExecContext(ctx, "INSERT INTO events (id, payload) VALUES ($1, $2)", id, p)
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
