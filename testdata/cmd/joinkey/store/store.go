// Package store declares what the application asks of a database; the
// drivers implement it in packages the application does not import.
package store

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// ErrBusy says the database was busy and the statement did not run.
var ErrBusy = errors.New("store: busy")

// EventRow is one event of a stream, numbered in it.
type EventRow struct {
	Stream string
	Seq    int64
	Body   string
}

// TotalRow is a day's total.
type TotalRow struct {
	Day   time.Time `db:"day"`
	Total int64     `db:"total"`
}

// Tx is a transaction of a store.
type Tx interface {
	LastSeq(ctx context.Context, stream string) (int64, error)
	InsertEvents(ctx context.Context, rows []EventRow) (sql.Result, error)
	InsertNotes(ctx context.Context, rows []EventRow) (sql.Result, error)
	InsertAudit(ctx context.Context, rows []EventRow) (sql.Result, error)
	PutTotal(ctx context.Context, row *TotalRow) (sql.Result, error)
}
