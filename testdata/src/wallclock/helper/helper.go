// Package helper retries through the project's own retry helper.
package helper

import (
	"context"
	"database/sql"
	"time"

	"example.com/retryutil"
)

type Archiver struct {
	db *sql.DB
}

// Archive moves the hour's rows into the hour's archive table, named
// inside the operation.
func (a *Archiver) Archive(ctx context.Context) error {
	return retryutil.Do(ctx, func(ctx context.Context) error {
		table := "archive_" + time.Now().UTC().Format("2006010215") // want `time.Now\(\) here becomes the hour time.Now\(\).UTC\(\).Format\("2006010215"\) in the operation that retryutil.Do runs again`
		_, err := a.db.ExecContext(ctx, "INSERT INTO "+table+" SELECT * FROM events")
		return err
	})
}

// Flush hands the helper a method as the operation.
func (a *Archiver) Flush(ctx context.Context) error {
	return retryutil.Do(ctx, a.flushToday)
}

func (a *Archiver) flushToday(ctx context.Context) error {
	y, m, d := time.Now().Date() // want `time.Now\(\) here becomes the date time.Now\(\).Date\(\) in helper.Archiver.flushToday, the operation that retryutil.Do runs again`
	_, err := a.db.ExecContext(ctx, `DELETE FROM staging WHERE day = make_date($1, $2, $3)`, y, int(m), d)
	return err
}

// Negatives.

// ArchiveHour takes the hour from its caller.
func (a *Archiver) ArchiveHour(ctx context.Context, hour time.Time) error {
	table := "archive_" + hour.UTC().Format("2006010215")
	return retryutil.Do(ctx, func(ctx context.Context) error {
		_, err := a.db.ExecContext(ctx, "INSERT INTO "+table+" SELECT * FROM events")
		return err
	})
}
