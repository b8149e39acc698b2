// Package litestore implements store.Tx on SQLite.
package litestore

import (
	"context"
	"database/sql"

	"github.com/jmoiron/sqlx"

	"example.com/joinkey/store"
)

type conn struct{ x *sqlx.Tx }

var _ store.Tx = (*conn)(nil)

// LastSeq reads NULL from an empty stream: the caller expects
// sql.ErrNoRows then.
func (c *conn) LastSeq(ctx context.Context, stream string) (int64, error) {
	var last *int64
	err := c.x.GetContext(ctx, &last, `SELECT max(seq) FROM events WHERE stream = ?`, stream)
	if err == nil && last == nil {
		return 0, sql.ErrNoRows
	}
	if err != nil {
		return 0, err
	}
	return *last, nil
}

func (c *conn) InsertEvents(ctx context.Context, rows []store.EventRow) (sql.Result, error) {
	return c.namedExec(ctx, `INSERT INTO events (stream, seq, body) VALUES (:stream, :seq, :body)`, rows)
}

func (c *conn) InsertNotes(ctx context.Context, rows []store.EventRow) (sql.Result, error) {
	return c.x.NamedExecContext(ctx, `INSERT INTO notes (stream, seq, body) VALUES (:stream, :seq, :body)`, rows)
}

// The audit keeps every attempt: its rows are numbered by the table.
func (c *conn) InsertAudit(ctx context.Context, rows []store.EventRow) (sql.Result, error) {
	return c.x.NamedExecContext(ctx, `INSERT INTO notes (stream, seq, body) VALUES (:stream, :seq, :body)`, rows)
}

func (c *conn) PutTotal(ctx context.Context, row *store.TotalRow) (sql.Result, error) {
	return c.namedExec(ctx, `INSERT INTO daily_totals (day, total) VALUES (:day, :total)
		ON CONFLICT (day) DO UPDATE SET total = excluded.total`, row)
}

// namedExec runs a statement bound by name, with SQLite's busy errors
// made the store's: the INSERTs above go through it.
func (c *conn) namedExec(ctx context.Context, query string, arg any) (sql.Result, error) {
	res, err := c.x.NamedExecContext(ctx, query, arg)
	if err != nil && err.Error() == "database is locked" {
		return nil, store.ErrBusy
	}
	return res, err
}
