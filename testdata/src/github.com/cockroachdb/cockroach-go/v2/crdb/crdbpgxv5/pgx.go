// Package crdbpgx is a test stub of github.com/cockroachdb/cockroach-go/v2@v2.4.2: exported API only, bodies are not real.
package crdbpgx

import (
	"context"

	"github.com/jackc/pgx/v5"
)

// ExecuteTx runs fn in a transaction begun on conn, retried as
// crdb.ExecuteInTx does.
func ExecuteTx(
	ctx context.Context, conn Conn, txOptions pgx.TxOptions, fn func(pgx.Tx) error,
) error {
	return nil
}

// Conn begins transactions: a pgx.Conn or a pgxpool.Pool.
type Conn interface {
	Begin(context.Context) (pgx.Tx, error)
	BeginTx(context.Context, pgx.TxOptions) (pgx.Tx, error)
}
