// Package jobs holds the entry points an orchestrator runs. The
// configuration of TestDeclaredInConfig declares which it retries.
package jobs

import (
	"context"
	"database/sql"

	"example.com/warehouse/export"
)

// Exporter loads a day's order count into the warehouse.
type Exporter struct {
	db *sql.DB
}

// Run is declared retried: the append two packages down runs again.
func (e *Exporter) Run(ctx context.Context, day string) error { // want `Exporter.Run \(retried by Airflow task retries: 3 attempts, declared in .retrylint.yml:2\) repeats export.Day, which inserts into daily_orders`
	return export.Day(ctx, e.db, day)
}

// backfill is a command's run function, declared retried by its Job.
func backfill(ctx context.Context, db *sql.DB, days []string) error { // want `backfill \(retried by the Job's backoffLimit: 4 attempts, declared in .retrylint.yml:5\) repeats export.Day`
	for _, day := range days {
		if err := export.Day(ctx, db, day); err != nil {
			return err
		}
	}
	return nil
}

// Negatives.

// RunOnce is declared retried, and replaces the day's count.
func (e *Exporter) RunOnce(ctx context.Context, day string) error {
	return export.DayOnce(ctx, e.db, day)
}

// RunUndeclared is Run, undeclared.
func (e *Exporter) RunUndeclared(ctx context.Context, day string) error {
	return export.Day(ctx, e.db, day)
}
