// Package crdb is a test stub of github.com/cockroachdb/cockroach-go@v2.0.1+incompatible: exported API only, bodies are not real.
package crdb

import (
	"context"
	"database/sql"
)

// Execute runs fn again for as long as it fails with a retryable error.
func Execute(fn func() error) (err error) { return fn() }

// ExecuteTx runs fn in a transaction of db, retried as ExecuteInTx does.
func ExecuteTx(ctx context.Context, db *sql.DB, opts *sql.TxOptions, fn func(*sql.Tx) error) error {
	return nil
}
