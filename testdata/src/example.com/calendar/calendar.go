// want package:"wallclock"

// Package calendar names the tables and partitions of the warehouse by
// date.
package calendar

import (
	"context"
	"database/sql"
	"time"
)

// CurrentTable is the table the events of today go to.
func CurrentTable() string { // want CurrentTable:`wallclock: date time.Now\(\).UTC\(\).Format\("20060102"\) \(result\)`
	return "events_" + time.Now().UTC().Format("20060102")
}

// TableFor is the table of the events of a given day.
func TableFor(day time.Time) string { // want TableFor:`wallclock: date day.UTC\(\).Format\("20060102"\) from parameter 0 \(result\)`
	return "events_" + day.UTC().Format("20060102")
}

// CloseYesterday marks yesterday's partition closed.
func CloseYesterday(ctx context.Context, db *sql.DB) error { // want CloseYesterday:`wallclock: date time.Now\(\).AddDate\(0, 0, -1\).Format\(time.DateOnly\)$`
	day := time.Now().AddDate(0, 0, -1).Format(time.DateOnly)
	_, err := db.ExecContext(ctx, `UPDATE partitions SET closed = true WHERE day = $1`, day)
	return err
}

// Today is the start of the clock's day.
func Today() time.Time { // want Today:`wallclock: time time.Now\(\).UTC\(\).Truncate\(time.Second\) \(result\)`
	return time.Now().UTC().Truncate(time.Second)
}

// Stamp is when something happened, to the second.
func Stamp() string { return time.Now().UTC().Format(time.RFC3339) }
