// Package crdbsqlx is a test stub of github.com/cockroachdb/cockroach-go/v2@v2.4.2: exported API only, bodies are not real.
package crdbsqlx

import (
	"context"
	"database/sql"

	"github.com/jmoiron/sqlx"
)

// ExecuteTx runs fn in a transaction of db, retried as crdb.ExecuteInTx
// does.
func ExecuteTx(
	ctx context.Context, db *sqlx.DB, opts *sql.TxOptions, fn func(*sqlx.Tx) error,
) error {
	return nil
}
