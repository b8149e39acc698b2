// Package frameworks runs daily rollups as task-queue jobs: the queue
// runs a failed job again, so a job that reads the day from the clock
// can roll up another day on a later attempt.
package frameworks

import (
	"context"
	"database/sql"
	"encoding/json"
	"time"

	"github.com/hibiken/asynq"
	"github.com/riverqueue/river"
)

type Store struct{ db *sql.DB }

// RollupArgs carries no day: the worker takes it from the clock.
type RollupArgs struct{}

func (RollupArgs) Kind() string { return "rollup" }

type RollupWorker struct {
	river.WorkerDefaults[RollupArgs]
	store *Store
}

// Work rolls up yesterday, as the clock says at each attempt.
func (w *RollupWorker) Work(ctx context.Context, job *river.Job[RollupArgs]) error {
	day := time.Now().UTC().Truncate(24*time.Hour).AddDate(0, 0, -1) // want `time.Now\(\) here becomes the day time.Now\(\).UTC\(\).Truncate\(24 \* time.Hour\) in frameworks.RollupWorker.Work, the operation that river.AddWorker \(River's default: 25 attempts\) runs again`
	_, err := w.store.db.ExecContext(ctx, `DELETE FROM rollups WHERE day = $1`, day)
	return err
}

// DayArgs carries the day the job was enqueued for.
type DayArgs struct {
	Day time.Time `json:"day"`
}

func (DayArgs) Kind() string { return "rollup_day" }

type DayWorker struct {
	river.WorkerDefaults[DayArgs]
	store *Store
}

// Work rolls up the day in its args: every attempt the same one.
func (w *DayWorker) Work(ctx context.Context, job *river.Job[DayArgs]) error {
	start := time.Now() // a measurement, not a unit
	_, err := w.store.db.ExecContext(ctx, `DELETE FROM rollups WHERE day = $1`, job.Args.Day.Truncate(24*time.Hour))
	rollupSeconds.Observe(time.Since(start).Seconds())
	return err
}

type histogram struct{}

func (histogram) Observe(float64) {}

var rollupSeconds histogram

// Register adds the workers to River and the asynq handler to its mux.
func Register(workers *river.Workers, mux *asynq.ServeMux, s *Store) {
	river.AddWorker(workers, &RollupWorker{store: s})
	river.AddWorker(workers, &DayWorker{store: s})
	mux.HandleFunc("report:hourly", s.hourly)
	mux.HandleFunc("report:for", s.reportFor)
}

// hourly names its report after the hour of the attempt.
func (s *Store) hourly(ctx context.Context, t *asynq.Task) error {
	hour := time.Now().Truncate(time.Hour).Format("2006-01-02T15") // want `time.Now\(\) here becomes the hour time.Now\(\).Truncate\(time.Hour\) in frameworks.Store.hourly, the operation that mux.HandleFunc \(asynq retries a failed task up to 25 times by default\) runs again`
	_, err := s.db.ExecContext(ctx, `INSERT INTO reports (name) VALUES ($1) ON CONFLICT (name) DO NOTHING`, "hourly-"+hour)
	return err
}

// reportFor takes its hour from the task's payload.
func (s *Store) reportFor(ctx context.Context, t *asynq.Task) error {
	var p struct {
		Hour time.Time `json:"hour"`
	}
	if err := json.Unmarshal(t.Payload(), &p); err != nil {
		return err
	}
	_, err := s.db.ExecContext(ctx, `INSERT INTO reports (name) VALUES ($1) ON CONFLICT (name) DO NOTHING`, "hourly-"+p.Hour.Format("2006-01-02T15"))
	return err
}
