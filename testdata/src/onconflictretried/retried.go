// Package onconflictretried holds the cases of onconflict in its default
// scope, retried: an append is reported where a retry of this package
// reaches it, in the retry's operation or through the calls it makes;
// an append in another package is nonidempotent's, at the retry.
package onconflictretried

import (
	"context"
	"database/sql"

	retry "github.com/avast/retry-go/v4"
	"github.com/jackc/pgx/v5"

	"example.com/orders/store"
)

func retried(ctx context.Context, db *sql.DB, id string) error {
	return retry.Do(func() error {
		_, err := db.ExecContext(ctx, `INSERT INTO events (id) VALUES ($1)`, id) // want `INSERT into events appends \(no ON CONFLICT; no schema found, so the table.s keys are unknown\), retried by retry.Do`
		return err
	})
}

func notRetried(ctx context.Context, db *sql.DB, id string) error {
	_, err := db.ExecContext(ctx, `INSERT INTO events (id) VALUES ($1)`, id)
	return err
}

// Two calls down from the operation: reported at the statement, with the
// retry in the related information.
func deliver(ctx context.Context, db *sql.DB, id string) error {
	return retry.Do(func() error { return saveDelivery(ctx, db, id) })
}

func saveDelivery(ctx context.Context, db *sql.DB, id string) error {
	return writeDelivery(ctx, db, id)
}

func writeDelivery(ctx context.Context, db *sql.DB, id string) error {
	_, err := db.ExecContext(ctx, `INSERT INTO deliveries (id) VALUES ($1)`, id) // want `INSERT into deliveries appends .*, retried by retry.Do`
	return err
}

// The operation as a method value.
type archiver struct{ db *sql.DB }

func (a *archiver) run() error {
	_, err := a.db.Exec(`INSERT INTO archive (day) VALUES ($1)`, "today") // want `INSERT into archive appends .*, retried by retry.Do`
	return err
}

func (a *archiver) retryRun() error { return retry.Do(a.run) }

// Behind an interface the package implements once.
type journal interface {
	Append(ctx context.Context, kind string) error
}

type pgJournal struct{ db *sql.DB }

func (j *pgJournal) Append(ctx context.Context, kind string) error {
	_, err := j.db.ExecContext(ctx, `INSERT INTO journal (kind) VALUES ($1)`, kind) // want `INSERT into journal appends .*, retried by retry.Do`
	return err
}

func record(ctx context.Context, j journal, kind string) error {
	return retry.Do(func() error { return j.Append(ctx, kind) })
}

func newJournal(db *sql.DB) journal { return &pgJournal{db: db} }

// In another package: not reported here (store was analysed first);
// nonidempotent reports it at the retry.
func saveOrder(ctx context.Context, db *sql.DB, o store.Order) error {
	return retry.Do(func() error { return store.AppendOrder(ctx, db, o) })
}

// A copy into a table the caller names appends all the same.
func copyBatch(ctx context.Context, conn *pgx.Conn, table string, rows [][]any) error {
	return retry.Do(func() error {
		_, err := conn.CopyFrom(ctx, pgx.Identifier{table}, []string{"payload"}, pgx.CopyFromRows(rows)) // want `CopyFrom copies rows into a table named at run time, which appends, retried by retry.Do`
		return err
	})
}

// In a transaction that first clears the caller's table, the copy into it
// may replace its unit: the name is not known, so it is left alone.
func replaceBatch(ctx context.Context, conn *pgx.Conn, table string, rows [][]any) error {
	return retry.Do(func() error {
		tx, err := conn.Begin(ctx)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, "DELETE FROM "+table); err != nil {
			return err
		}
		if _, err := tx.CopyFrom(ctx, pgx.Identifier{table}, []string{"payload"}, pgx.CopyFromRows(rows)); err != nil {
			return err
		}
		return tx.Commit(ctx)
	})
}
