// Package nightly exports yesterday's orders into a partition of the
// warehouse, retried by a backoff library.
package nightly

import (
	"context"
	"database/sql"
	"fmt"
	"log"
	"time"

	"github.com/cenkalti/backoff/v4"
)

type Exporter struct {
	db *sql.DB
}

// Run computes "yesterday" inside the retried operation: an attempt after
// midnight exports another day.
func (e *Exporter) Run(ctx context.Context) error {
	return backoff.Retry(func() error {
		day := time.Now().AddDate(0, 0, -1).Format("2006-01-02") // want `time.Now\(\) here becomes the date time.Now\(\).AddDate\(0, 0, -1\).Format\("2006-01-02"\) in the operation that backoff.Retry runs again: a later attempt can compute a different date than the first and write or read another unit; take the date as input \(a parameter, the job.s args, the activity input, the schedule.s logical time\), computed once outside the retry`
		_, err := e.db.ExecContext(ctx, fmt.Sprintf(`INSERT INTO orders_daily PARTITION (day = '%s') SELECT * FROM orders_staging`, day))
		return err
	}, backoff.NewExponentialBackOff())
}

// RunVia passes yesterday to a function that names the partition.
func (e *Exporter) RunVia(ctx context.Context) error {
	return backoff.Retry(func() error {
		return e.exportDay(ctx, time.Now().AddDate(0, 0, -1)) // want `time.Now\(\) here becomes the date day.Format\(time.DateOnly\) in nightly.Exporter.exportDay, called by the operation that backoff.Retry runs again`
	}, backoff.NewExponentialBackOff())
}

func (e *Exporter) exportDay(ctx context.Context, day time.Time) error {
	partition := "orders_" + day.Format(time.DateOnly)
	_, err := e.db.ExecContext(ctx, "TRUNCATE "+partition)
	return err
}

// RunMonthly names a table from the month's components.
func (e *Exporter) RunMonthly(ctx context.Context) error {
	op := func() error {
		now := time.Now().UTC() // want `time.Now\(\) here becomes the date fmt.Sprintf\("events_%04d_%02d", now.Year\(\), now.Month\(\)\) in the operation that backoff.Retry runs again`
		table := fmt.Sprintf("events_%04d_%02d", now.Year(), now.Month())
		_, err := e.db.ExecContext(ctx, "INSERT INTO "+table+" SELECT * FROM events_staging")
		return err
	}
	return backoff.Retry(op, backoff.NewExponentialBackOff())
}

// yesterday is the day before the clock's.
func yesterday() time.Time {
	return time.Now().AddDate(0, 0, -1) // want `time.Now\(\) here becomes the date yesterday\(\).Format\(time.DateOnly\) in the operation that backoff.Retry runs again`
}

// RunYesterday asks a function for yesterday inside the operation.
func (e *Exporter) RunYesterday(ctx context.Context) error {
	return backoff.Retry(func() error {
		_, err := e.db.ExecContext(ctx, `DELETE FROM orders_daily WHERE day = $1`, yesterday().Format(time.DateOnly))
		return err
	}, backoff.NewExponentialBackOff())
}

// Negatives.

// RunOnce decides the day before the first attempt: every attempt
// exports the same one.
func (e *Exporter) RunOnce(ctx context.Context) error {
	day := time.Now().AddDate(0, 0, -1).Format("2006-01-02")
	return backoff.Retry(func() error {
		_, err := e.db.ExecContext(ctx, `DELETE FROM orders_daily WHERE day = $1`, day)
		return err
	}, backoff.NewExponentialBackOff())
}

// RunFor takes the day from its caller (the scheduler's logical date).
func (e *Exporter) RunFor(ctx context.Context, logical time.Time) error {
	return backoff.Retry(func() error {
		return e.exportDay(ctx, logical)
	}, backoff.NewExponentialBackOff())
}

// RunTimed measures and bounds each attempt, and logs when it ran.
func (e *Exporter) RunTimed(ctx context.Context, day string) error {
	return backoff.Retry(func() error {
		start := time.Now()
		actx, cancel := context.WithDeadline(ctx, time.Now().Add(30*time.Second))
		defer cancel()
		_, err := e.db.ExecContext(actx, `DELETE FROM orders_daily WHERE day = $1`, day)
		log.Printf("export of %s at %s took %s", day, time.Now().Format(time.RFC3339), time.Since(start))
		if time.Now().After(start.Add(time.Minute)) {
			log.Printf("slow export on %s", time.Now().Format("2006-01-02"))
		}
		return err
	}, backoff.NewExponentialBackOff())
}

// RunStamped writes when the export ran as a value, not as a key.
func (e *Exporter) RunStamped(ctx context.Context, day string) error {
	return backoff.Retry(func() error {
		_, err := e.db.ExecContext(ctx, `UPDATE exports SET finished_at = $1 WHERE day = $2`, time.Now().UTC(), day)
		return err
	}, backoff.NewExponentialBackOff())
}

// RunChecked compares today's date with the day it was given, to refuse a
// day that has not ended: a comparison, not a unit written.
func (e *Exporter) RunChecked(ctx context.Context, day string) error {
	return backoff.Retry(func() error {
		if today := time.Now().Format("2006-01-02"); day >= today {
			return backoff.Permanent(fmt.Errorf("day %s has not ended (today is %s)", day, today))
		}
		_, err := e.db.ExecContext(ctx, `DELETE FROM orders_daily WHERE day = $1`, day)
		return err
	}, backoff.NewExponentialBackOff())
}

// The base of an id generator, kept in the package: the month only
// moves the numbers ids are counted from, and nothing is written or
// read under it.
var idBase, idNext int64

func resetIDBase() {
	year, month := time.Now().Year(), time.Now().Month()
	idBase = time.Date(year, month, 1, 0, 0, 0, 0, time.UTC).Unix()
	idNext = time.Date(year, month, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 1, 0).Unix()
}

func newID() int64 {
	if time.Now().Unix() > idNext {
		resetIDBase()
	}
	return time.Now().Unix() - idBase
}

func (e *Exporter) RunWithID(ctx context.Context) error {
	return backoff.Retry(func() error {
		_, err := e.db.ExecContext(ctx, "INSERT INTO runs (id) VALUES ($1)", newID())
		return err
	}, backoff.NewExponentialBackOff())
}

// A month kept in a package variable that a query then names is the
// unit the attempt writes.
var currentMonth string

func (e *Exporter) RunCurrentMonth(ctx context.Context) error {
	return backoff.Retry(func() error {
		now := time.Now() // want `time.Now\(\) here becomes the date`
		currentMonth = fmt.Sprintf("events_%04d_%02d", now.Year(), now.Month())
		_, err := e.db.ExecContext(ctx, "TRUNCATE "+currentMonth)
		return err
	}, backoff.NewExponentialBackOff())
}
