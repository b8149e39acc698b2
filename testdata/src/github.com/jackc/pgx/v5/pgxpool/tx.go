// Package pgxpool is a test stub of github.com/jackc/pgx/v5@v5.12.0: exported API only, bodies are not real.
package pgxpool

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// Tx is a transaction on a connection acquired from a Pool; it implements pgx.Tx.
type Tx struct {
	t pgx.Tx
	c *Conn
}

func (tx *Tx) Begin(ctx context.Context) (pgx.Tx, error) { return nil, nil }

func (tx *Tx) Commit(ctx context.Context) error { return nil }

func (tx *Tx) Rollback(ctx context.Context) error { return nil }

func (tx *Tx) CopyFrom(ctx context.Context, tableName pgx.Identifier, columnNames []string, rowSrc pgx.CopyFromSource) (int64, error) {
	return 0, nil
}

func (tx *Tx) SendBatch(ctx context.Context, b *pgx.Batch) pgx.BatchResults { return nil }

func (tx *Tx) LargeObjects() pgx.LargeObjects { return pgx.LargeObjects{} }

func (tx *Tx) Prepare(ctx context.Context, name, sql string) (*pgconn.StatementDescription, error) {
	return nil, nil
}

func (tx *Tx) Exec(ctx context.Context, sql string, arguments ...any) (pgconn.CommandTag, error) {
	return pgconn.CommandTag{}, nil
}

func (tx *Tx) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) { return nil, nil }

func (tx *Tx) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row { return nil }

func (tx *Tx) Conn() *pgx.Conn { return nil }
