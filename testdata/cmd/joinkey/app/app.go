// Package app appends to streams through store.Tx; it does not import
// the drivers, which register themselves with the program's main.
package app

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"example.com/joinkey/store"
)

func newRow(stream string, seq int64, body string) store.EventRow {
	return store.EventRow{Stream: stream, Seq: seq, Body: body}
}

// Append numbers the event after the last one it reads: a second run,
// after the first committed, reads that one and appends again.
func Append(ctx context.Context, tx store.Tx, stream, body string) error {
	last, err := tx.LastSeq(ctx, stream)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	_, err = tx.InsertEvents(ctx, []store.EventRow{newRow(stream, last+1, body)})
	return err
}

// Total keys the day's row on the clock of the run.
func Total(ctx context.Context, tx store.Tx, total int64) error {
	_, err := tx.PutTotal(ctx, &store.TotalRow{Day: time.Now().Truncate(24 * time.Hour), Total: total})
	return err
}

// AppendAt takes the number from its caller: a second run conflicts.
func AppendAt(ctx context.Context, tx store.Tx, stream string, seq int64, body string) error {
	_, err := tx.InsertEvents(ctx, []store.EventRow{{Stream: stream, Seq: seq, Body: body}})
	return err
}

// TotalOn takes the day from its caller.
func TotalOn(ctx context.Context, tx store.Tx, day time.Time, total int64) error {
	_, err := tx.PutTotal(ctx, &store.TotalRow{Day: day, Total: total})
	return err
}

// AppendRetried reads the number once, before the retried function: every
// attempt inserts the same row, and the second conflicts.
func AppendRetried(ctx context.Context, tx store.Tx, stream, body string) error {
	last, err := tx.LastSeq(ctx, stream)
	if err != nil {
		return err
	}
	return retry(func() error {
		_, err := tx.InsertEvents(ctx, []store.EventRow{newRow(stream, last+1, body)})
		return err
	})
}

// Audit is keyed on the number by one driver and by the table's own
// serial by the other: they disagree, so nothing is said.
func Audit(ctx context.Context, tx store.Tx, stream, body string) error {
	last, err := tx.LastSeq(ctx, stream)
	if err != nil {
		return err
	}
	_, err = tx.InsertAudit(ctx, []store.EventRow{newRow(stream, last+1, body)})
	return err
}

// Note puts the number in a column that keys nothing.
func Note(ctx context.Context, tx store.Tx, stream, body string) error {
	last, err := tx.LastSeq(ctx, stream)
	if err != nil {
		return err
	}
	_, err = tx.InsertNotes(ctx, []store.EventRow{newRow(stream, last+1, body)})
	return err
}

func retry(op func() error) error {
	var err error
	for range 3 {
		if err = op(); err == nil {
			return nil
		}
	}
	return err
}

// Replay is Append for a stream that one writer owns and that a reader
// deduplicates by body: the directive at the value silences the join.
func Replay(ctx context.Context, tx store.Tx, stream, body string) error {
	last, err := tx.LastSeq(ctx, stream)
	if err != nil {
		return err
	}
	_, err = tx.InsertEvents(ctx, []store.EventRow{
		newRow(stream, last+1, body), //retrylint:ignore executionkey one writer per stream; readers drop a repeated body
	})
	return err
}
