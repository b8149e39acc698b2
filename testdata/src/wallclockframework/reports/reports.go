// Package reports registers task handlers that a task queue retries.
package reports

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"

	"example.com/clock"
	"example.com/taskq"
)

// DailyReport builds the report of the day the task runs on.
type DailyReport struct {
	db    *sql.DB
	clock clock.Clock
}

func (h *DailyReport) ProcessTask(ctx context.Context, t *taskq.Task) error {
	day := h.clock.Now().UTC().Truncate(24 * time.Hour) // want `h.clock.Now\(\) here becomes the day h.clock.Now\(\).UTC\(\).Truncate\(24 \* time.Hour\) in reports.DailyReport.ProcessTask, the operation that mux.Handle runs again`
	_, err := h.db.ExecContext(ctx, `INSERT INTO reports (day, body) SELECT $1, summary($1) ON CONFLICT (day) DO NOTHING`, day)
	return err
}

// DayReport builds the report of the day named in the task's payload.
type DayReport struct {
	db    *sql.DB
	clock clock.Clock
}

func (h *DayReport) ProcessTask(ctx context.Context, t *taskq.Task) error {
	start := h.clock.Now()
	var args struct{ Day string }
	if err := json.Unmarshal(t.Payload, &args); err != nil {
		return fmt.Errorf("report of %s: %w", h.clock.Now().Format(time.DateOnly), err)
	}
	_, err := h.db.ExecContext(ctx, `INSERT INTO reports (day, body) SELECT $1, summary($1) ON CONFLICT (day) DO NOTHING`, args.Day)
	if h.clock.Since(start) > time.Minute {
		return fmt.Errorf("report of %s was slow", args.Day)
	}
	return err
}

func Register(mux *taskq.Mux, db *sql.DB, c clock.Clock) {
	mux.Handle("report:daily", &DailyReport{db: db, clock: c})
	mux.Handle("report:day", &DayReport{db: db, clock: c})
}
