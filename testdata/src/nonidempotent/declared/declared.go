// Package declared holds functions that something outside the code
// retries: an Airflow task, a Kubernetes Job, a cron wrapper. The
// //retrylint:retried directive says so.
package declared

import (
	"bytes"
	"context"
	"database/sql"
	"net/http"

	"example.com/warehouse/export"
)

// Exporter loads a day's order count into the warehouse.
type Exporter struct {
	db *sql.DB
}

// Run is the task's entry point; Airflow runs it again when it fails.
//
//retrylint:retried 3 Airflow task retries
func (e *Exporter) Run(ctx context.Context, day string) error { // want `Exporter.Run \(retried by Airflow task retries: 3 attempts, declared by //retrylint:retried\) repeats export.Day, which inserts into daily_orders \(no ON CONFLICT; no schema found, so the table.s keys are unknown\): a retry after a lost acknowledgement writes it again`
	return export.Day(ctx, e.db, day)
}

// notify is the body of a command a Kubernetes Job runs; the Job starts
// a new pod when it exits non-zero.
//
//retrylint:retried 6 the Job's backoffLimit of 5
func notify(ctx context.Context, c *http.Client, body []byte) error { // want `notify \(retried by the Job's backoffLimit of 5: 6 attempts, declared by //retrylint:retried\) repeats \(\*http.Client\).Do, which sends an HTTP request: a retry after a lost acknowledgement does it again`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://partner.example/orders", bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Negatives.

// RunOnce replaces the day's count, keyed on the day it is given: a
// second run writes the same row.
//
//retrylint:retried 3 Airflow task retries
func (e *Exporter) RunOnce(ctx context.Context, day string) error {
	return export.DayOnce(ctx, e.db, day)
}

// RunUndeclared is Run with no declaration: nothing the analysis sees
// retries it.
func (e *Exporter) RunUndeclared(ctx context.Context, day string) error {
	return export.Day(ctx, e.db, day)
}

// RunMiscounted declares nothing: the count is not a number.
//
//retrylint:retried three Airflow task retries // want `retrylint:retried: "three" is not a number of attempts: //retrylint:retried <attempts> <who retries>`
func (e *Exporter) RunMiscounted(ctx context.Context, day string) error {
	return export.Day(ctx, e.db, day)
}

// RunOnceOnly declares a single run, which is no retry.
//
//retrylint:retried 1 cron // want `retrylint:retried: 1 is too few attempts: a retried function runs at least twice, the first run included`
func (e *Exporter) RunOnceOnly(ctx context.Context, day string) error {
	return export.Day(ctx, e.db, day)
}

// RunAnonymous does not say who retries.
//
//retrylint:retried 3 // want `retrylint:retried needs who retries: //retrylint:retried 3 <who retries>`
func (e *Exporter) RunAnonymous(ctx context.Context, day string) error {
	return export.Day(ctx, e.db, day)
}

func stray(ctx context.Context, e *Exporter, day string) error {
	//retrylint:retried 3 Airflow task retries // want `retrylint:retried declares nothing here: put it in the doc comment of the function that is retried`
	return export.Day(ctx, e.db, day)
}
