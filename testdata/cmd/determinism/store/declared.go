package store

import (
	"context"
	"database/sql"
)

// Ledger is written by a stored procedure the analysis cannot read.
//
//retrylint:effect appends it writes a ledger entry per call
func Ledger(ctx context.Context, db *sql.DB, id string) error {
	_, err := db.ExecContext(ctx, "SELECT write_ledger($1)", id)
	return err
}

// Journal is declared to append too.
//
//retrylint:effect appends it writes a journal entry per call
func Journal(ctx context.Context, db *sql.DB, id string) error {
	_, err := db.ExecContext(ctx, "SELECT write_journal($1)", id)
	return err
}

// Book writes the journal.
func Book(ctx context.Context, db *sql.DB, id string) error {
	return Journal(ctx, db, id)
}

// Settle books, then writes the ledger: its effect is Book's, the first
// in source order.
func Settle(ctx context.Context, db *sql.DB, id string) error {
	if err := Book(ctx, db, id); err != nil {
		return err
	}
	return Ledger(ctx, db, id)
}
