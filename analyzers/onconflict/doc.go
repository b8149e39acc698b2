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
// fmt.Sprintf or the package's own wrapper of it (a method that returns
// fmt.Sprintf(format, args...), or a rewrite of it such as a placeholder
// rebinding), returned by a function of the package that formats a
// constant text (generateInsert: fmt.Sprintf("INSERT INTO %s (%s) ...",
// ...), whose table and columns stay unknown), kept in a map that caches
// it, in a pgx batch, or in a .sql file embedded with go:embed,
// and passed through the project's own query helpers (in any package) or
// an interface shaped like a client's (sqlc's DBTX, or a project's own
// client interface that takes the query as the driver does and wraps its
// results in its own types); and the INSERT of an ORM call with no SQL
// text (gorm's Create and CreateInBatches, bun's NewInsert().Model(&rows)
// .Exec: the model's type gives the table and the columns, and the
// model's tags its keys where no DDL defines the table; gorm's Clauses(clause.OnConflict{...}) and bun's On("CONFLICT
// ...") or Ignore() in the chain make it a merge), and the INSERT that a
// query builder's chained calls spell (squirrel's Insert("t").Columns(...)
// .Values(...), run with Exec or through ToSql; a Suffix("ON CONFLICT ...")
// or Options("IGNORE") makes it a merge; goqu's Insert("t").Cols(...)
// .Vals(goqu.Vals{...}) or .Rows(goqu.Record{...}), run with
// Executor().Exec or through ToSQL; OnConflict(goqu.DoNothing()) or
// OnConflict(goqu.DoUpdate("key", ...)) makes it a merge on that key;
// dbx's Insert("t", dbx.Params{...}).Execute(), with Upsert("t",
// dbx.Params{...}, "key") a merge).
//
// Scope. By default it reports an append where a retry can run it: in a
// retry's operation (a closure passed to a retry library or helper, a
// retry loop's body), or in a function of the same package that the
// operation reaches through calls (a method value, a function of the
// package, an interface the package implements once), with the retry
// and the calls in the related information. An append in another package
// is reported once, by nonidempotent at the retry: that package is
// analysed before any retry of it is seen. A function declared retried
// from outside the code (a retried: entry of .retrylint.yml, or a
// //retrylint:retried <attempts> <who retries> directive in its doc
// comment: an Airflow task, a Kubernetes Job's command) is a retry whose
// operation is its body; the message names it and its declaration. With
// onconflict.scope: all in .retrylint.yml it reports every appending
// INSERT, retried or not: the rule of teams whose every task is rerun by
// an orchestrator.
//
// The schema. Whether an INSERT duplicates depends on the table's keys,
// which the check reads from the module's own DDL, found without
// configuration: every .sql file of the module (the migration folders of
// golang-migrate, goose, dbmate, atlas and sql-migrate, sqlc schema
// files, files embedded with go:embed), with down migrations (*.down.sql,
// goose's -- +goose Down, sql-migrate's -- +migrate Down, dbmate's --
// migrate:down sections) left out, and the string literals of the
// module's Go files that create or alter tables. Files apply in natural
// order of their paths (2_x before 10_x): CREATE TABLE with its columns,
// defaults, primary key and unique constraints, ALTER TABLE (columns,
// constraints, defaults), CREATE UNIQUE INDEX, DROP and RENAME.
// Statements that do not parse (another dialect's DDL) are skipped; a
// table defined twice keeps the keys of both. A CREATE TABLE that the
// package itself runs through a client (its name filled from a constant
// with fmt.Sprintf) counts too, and a schema named at run time (%s.jobs)
// is left to the search path. The schema globs of
// .retrylint.yml (schema: [db/schema/*.sql]) replace the discovery.
// Then:
//
//   - an INSERT into a table with a primary key or unique constraint whose
//     columns all come from the input (bind parameters, constants, the
//     columns of the selected rows) does not duplicate: a second
//     execution fails with a unique violation. The check is silent. A
//     retry of it then sees an error after a success: treat the unique
//     violation as success (or merge with ON CONFLICT DO NOTHING);
//   - an INSERT into a table whose every key is made by the execution
//     (serial, identity, DEFAULT gen_random_uuid() or now(), a value the
//     INSERT itself computes, such as the next number after the largest
//     it reads, max(seq) + 1, or a placeholder the call binds to a value
//     it makes: uuid.New(), time.Now(), a helper of the package that
//     returns one, or the next number after one the same run reads,
//     SELECT max(seq) ... then seq + 1; made inside the function that
//     runs the statement) or
//     left NULL, or that has no key at all,
//     appends: reported, naming the keys;
//   - a table with a unique index on an expression, or a partial one
//     (WHERE ...) whose columns come from the input, keeps its verdict
//     open: silent. A partial index whose key the execution makes or
//     leaves NULL never conflicts, whichever rows it covers, and counts
//     as such a key;
//   - a table no DDL defines is judged as without a schema, and the
//     message says that its keys are unknown;
//   - INSERT ... ON CONFLICT (cols) where no primary key, unique
//     constraint or unique index of the table has exactly those columns
//     is rejected by PostgreSQL on every execution: reported in any
//     scope, with the file and line where the table is defined.
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
//   - an INSERT or COPY into a table named at run time inside a
//     transaction: a delete of the same table may come first, which
//     cannot be told without the name;
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
//	-- migrations/000001_init.up.sql
//	CREATE TABLE deliveries (id bigserial PRIMARY KEY, order_id text NOT NULL);
//
//	retry.Do(func() error {
//		_, err := db.ExecContext(ctx, `INSERT INTO deliveries (order_id) VALUES ($1)`, id)
//		return err
//	})
//
//	import _ "github.com/mattn/go-sqlite3"
//	retry.Do(func() error {
//		_, err := db.ExecContext(ctx, "INSERT INTO journal (msg) VALUES (?)", msg)  (SQLite's remedy)
//		return err
//	})
//
// Accepted:
//
//	-- CREATE TABLE payments (payment_id text PRIMARY KEY, cents bigint);
//	retry.Do(func() error {
//		_, err := db.ExecContext(ctx, `INSERT INTO payments (payment_id, cents) VALUES ($1, $2)`, id, c)
//		return err
//	})
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
// # Retried transactions
//
// In the default scope, a statement run on the transaction of a retried
// transaction (crdb.ExecuteTx, Spanner's ReadWriteTransaction, a helper
// that passes its function to one) is not retried by it: the client
// rolls it back before running the function again. The statement is
// still reported when another retry reaches it (a retry.Do around the
// crdb.ExecuteTx call re-runs a committed transaction), and a statement
// on another handle inside the function (the outer *sql.DB) is reported
// as retried by the transaction call. A call runs on the transaction when
// its receiver or an argument mentions the transaction or a variable made
// from it; nonidempotent's doc lists the clients and their policies.
//
// # telegraf
//
// telegraf's agent retries an output's Write with the same batch when it
// fails (models/running_output.go, github.com/influxdata/telegraf@v1.37.2:
// the batch stays in the buffer and is written again at the next flush;
// nonidempotent's doc gives the policy), so under the default scope the
// appends that Write reaches are reported, with outputs.Add in the
// related information. Every statement in a retried function of the
// package is reported, as in a closure, not only the first. The SQL
// output builds INSERT INTO %s (%s) VALUES(%s) per metric (its table and
// columns are known only at run time) and either runs it at once through
// its sendIndividual helper or groups the rows by text in a local map,
// batch[sql] = append(batch[sql], row), and later runs each key: for sql,
// rows := range batch { sendBatch(sql, rows) }. A range over the keys of
// a map made in the function yields the text stored under every key,
// when all stores put the same text and the map is only indexed, ranged
// over, measured or cleared there (passed to another function, it may
// hold keys not read here: silent). The text goes through a helper, so
// the report is at the call that passes it, as for any text built by
// the caller: one report per text and call, whichever of the helper's
// statements (an Exec per metric, a Prepare then Exec in a transaction)
// runs it. The PostgreSQL output's COPY (CopyFrom) is reported at the
// COPY, retried by its own writeRetry loop, once.
//
// # Batches of rows
//
// An INSERT whose VALUES list is built at run time, one parenthesised
// row per element of a list joined with commas, is read as its first
// row, with the bind arguments that one append per row adds beside it:
// a batch whose every row's key is a value the call makes (a new UUID
// per row) appends, as a single row would. executionkey's doc says how
// the rows and their values are read. A column list that is a literal
// with a column appended under an if (an optional timeout), and the
// value appended for it under an if after the row's values, are read on
// the path where no condition holds: the columns and values before them
// are the same on either path.
package onconflict
