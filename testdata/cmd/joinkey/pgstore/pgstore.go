// Package pgstore implements store.Tx on PostgreSQL.
package pgstore

import (
	"context"
	"database/sql"

	"github.com/jmoiron/sqlx"

	"example.com/joinkey/store"
)

type tx struct{ x *sqlx.Tx }

var _ store.Tx = (*tx)(nil)

func (t *tx) LastSeq(ctx context.Context, stream string) (int64, error) {
	var last int64
	err := t.x.GetContext(ctx, &last, `SELECT seq FROM events WHERE stream = $1 ORDER BY seq DESC LIMIT 1`, stream)
	return last, err
}

func (t *tx) InsertEvents(ctx context.Context, rows []store.EventRow) (sql.Result, error) {
	return t.x.NamedExecContext(ctx, `INSERT INTO events (stream, seq, body) VALUES (:stream, :seq, :body)`, rows)
}

func (t *tx) InsertNotes(ctx context.Context, rows []store.EventRow) (sql.Result, error) {
	return t.x.NamedExecContext(ctx, `INSERT INTO notes (stream, seq, body) VALUES (:stream, :seq, :body)`, rows)
}

func (t *tx) InsertAudit(ctx context.Context, rows []store.EventRow) (sql.Result, error) {
	return t.x.NamedExecContext(ctx, `INSERT INTO events (stream, seq, body) VALUES (:stream, :seq, :body)`, rows)
}

func (t *tx) PutTotal(ctx context.Context, row *store.TotalRow) (sql.Result, error) {
	return t.x.NamedExecContext(ctx, `INSERT INTO daily_totals (day, total) VALUES (:day, :total)
		ON CONFLICT (day) DO UPDATE SET total = EXCLUDED.total`, row)
}
