// Package transactions retries through cockroach-go, which caps
// ExecuteTx and ExecuteCtx at 50 retries by default and does not cap
// Execute at all.
package transactions

import (
	"context"
	"database/sql"

	crdbv1 "github.com/cockroachdb/cockroach-go/crdb"
	"github.com/cockroachdb/cockroach-go/v2/crdb"
)

func touch(db *sql.DB, id string) error {
	return crdb.Execute(func() error { // want `crdb.Execute \(cockroach-go re-runs the function on every retryable error \(SQLSTATE 40001\), without limit\) retries its operation with no attempt cap and no elapsed-time cap: .*; use crdb.ExecuteCtx, which stops after 50 retries by default \(crdb.WithMaxRetries sets another cap\) and when its context ends`
		_, err := db.Exec(`UPDATE sessions SET seen = now() WHERE id = $1`, id)
		return err
	})
}

// Near misses: capped by default, or by the context.

func touchCtx(ctx context.Context, db *sql.DB, id string) error {
	return crdb.ExecuteCtx(ctx, func(ctx context.Context, args ...interface{}) error {
		_, err := db.ExecContext(ctx, `UPDATE sessions SET seen = now() WHERE id = $1`, id)
		return err
	})
}

func touchTx(ctx context.Context, db *sql.DB, id string) error {
	return crdb.ExecuteTx(ctx, db, nil, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `UPDATE sessions SET seen = now() WHERE id = $1`, id)
		return err
	})
}

// Before v2, ExecuteTx has no cap: only a context that ends stops it.
func touchV1(db *sql.DB, id string) error {
	return crdbv1.ExecuteTx(context.Background(), db, nil, func(tx *sql.Tx) error { // want `crdbv1.ExecuteTx \(cockroach-go rolls the transaction back and re-runs the function on every retryable error \(SQLSTATE 40001\), without limit\) retries with no attempt cap`
		_, err := tx.Exec(`UPDATE sessions SET seen = now() WHERE id = $1`, id)
		return err
	})
}

func touchV1Ctx(ctx context.Context, db *sql.DB, id string) error {
	return crdbv1.ExecuteTx(ctx, db, nil, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `UPDATE sessions SET seen = now() WHERE id = $1`, id)
		return err
	})
}

// Before v2, Execute loops as in v2, and nothing in the module caps it.
func countV1(db *sql.DB) error {
	return crdbv1.Execute(func() error { // want `crdbv1.Execute \(cockroach-go re-runs the function on every retryable error \(SQLSTATE 40001\), without limit\) retries its operation with no attempt cap and no elapsed-time cap: .*; cap it yourself, or move to cockroach-go/v2, whose crdb.ExecuteCtx stops after 50 retries by default and when its context ends`
		_, err := db.Exec(`UPDATE counters SET n = 0 WHERE name = 'daily'`)
		return err
	})
}
