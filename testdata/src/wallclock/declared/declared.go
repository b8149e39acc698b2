// Package declared holds a job that a scheduler outside the code retries.
package declared

import (
	"context"
	"database/sql"
	"time"
)

type Rollup struct {
	db *sql.DB
}

// Run rolls up today's partition; the Job runs it again when it fails.
//
//retrylint:retried 4 the Job's backoffLimit of 3
func (r *Rollup) Run(ctx context.Context) error {
	partition := time.Now().Truncate(24 * time.Hour) // want `time.Now\(\) here becomes the day time.Now\(\).Truncate\(24 \* time.Hour\) in the operation that Rollup.Run \(retried by the Job's backoffLimit of 3: 4 attempts, declared by //retrylint:retried\) runs again`
	_, err := r.db.ExecContext(ctx, `INSERT INTO rollups (day, n) SELECT $1, count(*) FROM events WHERE at >= $1 ON CONFLICT (day) DO UPDATE SET n = excluded.n`, partition)
	return err
}

// Batch is what the store writes, under its partition.
type Batch struct {
	Partition time.Time
	Written   time.Time
	Rows      [][]any
}

// Store writes batches.
type Store interface {
	Write(ctx context.Context, b Batch) error
}

// Compactor writes the compacted rows of the current hour.
type Compactor struct {
	store Store
}

// Run puts the hour in the batch it hands to the store.
//
//retrylint:retried 3 the scheduler's retries
func (c *Compactor) Run(ctx context.Context, rows [][]any) error {
	hour := time.Now().UTC().Truncate(time.Hour) // want `time.Now\(\) here becomes the hour time.Now\(\).UTC\(\).Truncate\(time.Hour\) in the operation that Compactor.Run`
	return c.store.Write(ctx, Batch{Partition: hour, Rows: rows})
}

// Negatives.

// Touch stamps the rows with when they were written: a value, not a
// unit.
//
//retrylint:retried 3 the scheduler's retries
func (c *Compactor) Touch(ctx context.Context, rows [][]any) error {
	return c.store.Write(ctx, Batch{Written: time.Now().UTC(), Rows: rows})
}

// RunFor takes the partition from its arguments: a retry rolls up the same
// day.
//
//retrylint:retried 4 the Job's backoffLimit of 3
func (r *Rollup) RunFor(ctx context.Context, at time.Time) error {
	partition := at.Truncate(24 * time.Hour)
	_, err := r.db.ExecContext(ctx, `INSERT INTO rollups (day, n) SELECT $1, count(*) FROM events WHERE at >= $1 ON CONFLICT (day) DO UPDATE SET n = excluded.n`, partition)
	return err
}

// Prune deletes what is older than a week: a cutoff, not a unit.
//
//retrylint:retried 4 the Job's backoffLimit of 3
func (r *Rollup) Prune(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	_, err := r.db.ExecContext(ctx, `DELETE FROM events WHERE at < $1`, time.Now().AddDate(0, 0, -7))
	return err
}
