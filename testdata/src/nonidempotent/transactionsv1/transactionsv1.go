// Package transactionsv1 uses cockroach-go before its v2 module, whose
// ExecuteTx retries without limit.
package transactionsv1

import (
	"bytes"
	"context"
	"database/sql"
	"net/http"

	"github.com/cockroachdb/cockroach-go/crdb"
	"github.com/cockroachdb/cockroach-go/crdb/crdbsqlx"
	"github.com/jmoiron/sqlx"
)

func Enroll(ctx context.Context, db *sql.DB, id string) error {
	return crdb.ExecuteTx(ctx, db, nil, func(tx *sql.Tx) error { // want `crdb.ExecuteTx \(cockroach-go rolls the transaction back and re-runs the function on every retryable error \(SQLSTATE 40001\), without limit\) repeats http.Post, which sends an HTTP POST: the transaction's statements roll back`
		if _, err := tx.ExecContext(ctx, `INSERT INTO enrollments (id) VALUES ($1)`, id); err != nil {
			return err
		}
		_, err := http.Post("https://crm.example/enrollments", "application/json", bytes.NewReader([]byte(id)))
		return err
	})
}

// Only statements on the transaction.
func EnrollQuietly(ctx context.Context, db *sqlx.DB, id string) error {
	return crdbsqlx.ExecuteTx(ctx, db, nil, func(tx *sqlx.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO enrollments (id) VALUES ($1)`, id)
		return err
	})
}
