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

// Negatives.

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
