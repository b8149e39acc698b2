package executionkey

import (
	"context"
	"database/sql"

	"github.com/google/uuid"
)

// Keys kept in a field of a row the function builds, or a helper of the
// package builds for it.

type job struct {
	ID, Kind, Trace string
}

func jobID() string { return "job-" + uuid.NewString() }

// newJob fills the id after the literal, through another helper.
func newJob(kind string) *job {
	j := &job{Kind: kind}
	j.ID = jobID()
	return j
}

func enqueueJob(ctx context.Context, db *sql.DB, kind string) error {
	j := newJob(kind)
	_, err := db.ExecContext(ctx, `INSERT INTO jobs (job_id, kind) VALUES ($1, $2) ON CONFLICT (job_id) DO NOTHING`, j.ID, j.Kind) // want `conflict key job_id of jobs is bound to \$1 from uuid.NewString\(\)`
	return err
}

func tracedJob(kind string) job {
	return job{ID: uuid.NewString(), Kind: kind}
}

func enqueueTracedJob(ctx context.Context, db *sql.DB, kind string) error {
	j := tracedJob(kind)
	_, err := db.ExecContext(ctx, `INSERT INTO jobs (job_id, kind) VALUES ($1, $2) ON CONFLICT (job_id) DO NOTHING`, j.ID, j.Kind) // want `conflict key job_id of jobs is bound to \$1 from uuid.NewString\(\)`
	return err
}

func enqueueLocalJob(ctx context.Context, db *sql.DB, kind string) error {
	j := job{Kind: kind}
	j.ID = uuid.NewString()
	_, err := db.ExecContext(ctx, `INSERT INTO jobs (job_id, kind) VALUES ($1, $2) ON CONFLICT (job_id) DO NOTHING`, j.ID, j.Kind) // want `conflict key job_id of jobs is bound to \$1 from uuid.NewString\(\)`
	return err
}

// Negatives.

// The key is the caller's; only the trace id, not a key, is new.
func enqueueGivenJob(ctx context.Context, db *sql.DB, id, kind string) error {
	j := job{ID: id, Kind: kind, Trace: uuid.NewString()}
	_, err := db.ExecContext(ctx, `INSERT INTO jobs (job_id, kind, trace_id) VALUES ($1, $2, $3) ON CONFLICT (job_id) DO NOTHING`, j.ID, j.Kind, j.Trace)
	return err
}

// The job is made once, before the function the loop runs again.
func enqueueJobOnce(ctx context.Context, db *sql.DB, kind string) error {
	j := newJob(kind)
	attempt := func() error {
		_, err := db.ExecContext(ctx, `INSERT INTO jobs (job_id, kind) VALUES ($1, $2) ON CONFLICT (job_id) DO NOTHING`, j.ID, j.Kind)
		return err
	}
	var err error
	for range 3 {
		if err = attempt(); err == nil {
			return nil
		}
	}
	return err
}
