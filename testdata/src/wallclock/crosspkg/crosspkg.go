// Package crosspkg retries operations that take their table or partition
// from a package that reads the clock.
package crosspkg

import (
	"context"
	"database/sql"
	"log"
	"time"

	"example.com/calendar"
	"example.com/partition"
	"github.com/avast/retry-go/v4"
)

// Load inserts into the table of the day the attempt runs on.
func Load(ctx context.Context, db *sql.DB) error {
	return retry.Do(func() error { // want `retry.Do runs calendar.CurrentTable again, which derives the date from the wall clock \(time.Now\(\).UTC\(\).Format\("20060102"\), at calendar.go:15:21\)`
		_, err := db.ExecContext(ctx, "INSERT INTO "+calendar.CurrentTable()+" SELECT * FROM staging")
		return err
	})
}

// Close closes the partition of the day before the attempt.
func Close(ctx context.Context, db *sql.DB) error {
	return retry.Do(func() error { // want `retry.Do runs calendar.CloseYesterday again, which derives the date from the wall clock`
		return calendar.CloseYesterday(ctx, db)
	})
}

// Report names the report after the day of the attempt.
func Report(ctx context.Context, db *sql.DB) error {
	return retry.Do(func() error { // want `retry.Do runs calendar.Today again, which derives the date from the wall clock \(calendar.Today\(\).Format\("2006-01-02"\), at calendar.go:`
		_, err := db.ExecContext(ctx, `INSERT INTO reports (day) VALUES ($1) ON CONFLICT DO NOTHING`, calendar.Today().Format("2006-01-02"))
		return err
	})
}

// Fill passes the clock's time to a package that names the partition.
func Fill(ctx context.Context, db *sql.DB) error {
	return retry.Do(func() error {
		_, err := db.ExecContext(ctx, "INSERT INTO "+partition.Name(time.Now())+" SELECT * FROM staging") // want `time.Now\(\) here becomes the date t.UTC\(\).Format\("20060102"\) in partition.Name, called by the operation that retry.Do runs again`
		return err
	})
}

// Negatives.

// LoadDay takes the table of a day it is given.
func LoadDay(ctx context.Context, db *sql.DB, day time.Time) error {
	table := calendar.CurrentTable()
	return retry.Do(func() error {
		log.Printf("loading %s at %s", calendar.TableFor(day), calendar.Stamp())
		_, err := db.ExecContext(ctx, "INSERT INTO "+calendar.TableFor(day)+" SELECT * FROM staging_"+table)
		return err
	})
}
