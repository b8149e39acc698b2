// Package pgxpool is a test stub of github.com/jackc/pgx/v4@v4.18.3: exported API only, bodies are not real.
package pgxpool

import (
	"context"

	"github.com/jackc/pgconn"
	"github.com/jackc/pgx/v4"
)

// Conn is a *pgx.Conn acquired from a Pool; Release gives it back.
type Conn struct {
	p *Pool
}

func (c *Conn) Release() {}

func (c *Conn) Hijack() *pgx.Conn { return nil }

func (c *Conn) Exec(ctx context.Context, sql string, arguments ...interface{}) (pgconn.CommandTag, error) {
	return nil, nil
}

func (c *Conn) Query(ctx context.Context, sql string, args ...interface{}) (pgx.Rows, error) {
	return nil, nil
}

func (c *Conn) QueryRow(ctx context.Context, sql string, args ...interface{}) pgx.Row { return nil }

func (c *Conn) QueryFunc(ctx context.Context, sql string, args []interface{}, scans []interface{}, f func(pgx.QueryFuncRow) error) (pgconn.CommandTag, error) {
	return nil, nil
}

func (c *Conn) SendBatch(ctx context.Context, b *pgx.Batch) pgx.BatchResults { return nil }

func (c *Conn) CopyFrom(ctx context.Context, tableName pgx.Identifier, columnNames []string, rowSrc pgx.CopyFromSource) (int64, error) {
	return 0, nil
}

func (c *Conn) Begin(ctx context.Context) (pgx.Tx, error) { return nil, nil }

func (c *Conn) BeginTx(ctx context.Context, txOptions pgx.TxOptions) (pgx.Tx, error) { return nil, nil }

func (c *Conn) BeginFunc(ctx context.Context, f func(pgx.Tx) error) error { return nil }

func (c *Conn) BeginTxFunc(ctx context.Context, txOptions pgx.TxOptions, f func(pgx.Tx) error) error {
	return nil
}

func (c *Conn) Ping(ctx context.Context) error { return nil }

func (c *Conn) Conn() *pgx.Conn { return nil }
