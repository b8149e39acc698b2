// Package pgxpool is a test stub of github.com/jackc/pgx/v5@v5.12.0: exported API only, bodies are not real.
package pgxpool

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// Conn is a *pgx.Conn acquired from a Pool; Release gives it back.
type Conn struct {
	p *Pool
}

func (c *Conn) Release() {}

func (c *Conn) Hijack() *pgx.Conn { return nil }

func (c *Conn) Exec(ctx context.Context, sql string, arguments ...any) (pgconn.CommandTag, error) {
	return pgconn.CommandTag{}, nil
}

func (c *Conn) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) { return nil, nil }

func (c *Conn) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row { return nil }

func (c *Conn) SendBatch(ctx context.Context, b *pgx.Batch) pgx.BatchResults { return nil }

func (c *Conn) CopyFrom(ctx context.Context, tableName pgx.Identifier, columnNames []string, rowSrc pgx.CopyFromSource) (int64, error) {
	return 0, nil
}

func (c *Conn) Begin(ctx context.Context) (pgx.Tx, error) { return nil, nil }

func (c *Conn) BeginTx(ctx context.Context, txOptions pgx.TxOptions) (pgx.Tx, error) { return nil, nil }

func (c *Conn) Ping(ctx context.Context) error { return nil }

func (c *Conn) Conn() *pgx.Conn { return nil }
