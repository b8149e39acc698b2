// Package crdb is a test stub of github.com/cockroachdb/cockroach-go/v2@v2.4.2: exported API only, bodies are not real.
package crdb

import (
	"context"
	"database/sql"
)

// Execute runs fn again for as long as it fails with a retryable error.
func Execute(fn func() error) (err error) { return fn() }

// ExecuteCtxFunc is the function ExecuteCtx retries.
type ExecuteCtxFunc func(context.Context, ...interface{}) error

// ExecuteCtx runs fn again on a retryable error, up to the retries the
// context allows.
func ExecuteCtx(ctx context.Context, fn ExecuteCtxFunc, args ...interface{}) (err error) {
	return fn(ctx, args...)
}

// WithMaxRetries sets the retries ExecuteTx and ExecuteCtx make.
func WithMaxRetries(ctx context.Context, retries int) context.Context { return ctx }

// ExecuteTx runs fn in a transaction of db, retried as ExecuteInTx does.
func ExecuteTx(ctx context.Context, db *sql.DB, opts *sql.TxOptions, fn func(*sql.Tx) error) error {
	return nil
}
