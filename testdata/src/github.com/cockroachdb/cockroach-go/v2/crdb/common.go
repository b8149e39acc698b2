// Package crdb is a test stub of github.com/cockroachdb/cockroach-go/v2@v2.4.2: exported API only, bodies are not real.
package crdb

import "context"

// Tx is what ExecuteInTx needs of a transaction.
type Tx interface {
	Exec(context.Context, string, ...interface{}) error
	Commit(context.Context) error
	Rollback(context.Context) error
}

// ExecuteInTx runs fn in tx, rolling back to a savepoint and running it
// again on a retryable error.
func ExecuteInTx(ctx context.Context, tx Tx, fn func() error) (err error) { return fn() }
