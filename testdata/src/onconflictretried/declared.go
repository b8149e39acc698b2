package onconflictretried

import (
	"context"
	"database/sql"
)

// dayLoader is a task an orchestrator runs; its statements are in this
// package, so onconflict reports them, naming the declared retry.
type dayLoader struct {
	db *sql.DB
}

func (l *dayLoader) insertVisits(ctx context.Context, day string, n int) error {
	_, err := l.db.ExecContext(ctx, `INSERT INTO daily_visits (day, n) VALUES ($1, $2)`, day, n) // want `INSERT into daily_visits appends \(no ON CONFLICT; no schema found, so the table.s keys are unknown\), in dayLoader.Run \(retried by Argo's retryStrategy: 4 attempts, declared by //retrylint:retried\)`
	return err
}

// Run is retried by the workflow engine.
//
//retrylint:retried 4 Argo's retryStrategy
func (l *dayLoader) Run(ctx context.Context, day string, visits, signups int) error {
	if err := l.insertVisits(ctx, day, visits); err != nil {
		return err
	}
	_, err := l.db.ExecContext(ctx, `INSERT INTO daily_signups (day, n) VALUES ($1, $2)`, day, signups) // want `INSERT into daily_signups appends .*, in dayLoader.Run \(retried by Argo's retryStrategy`
	return err
}

// Negatives.

// RunOnce merges on the day it is given.
//
//retrylint:retried 4 Argo's retryStrategy
func (l *dayLoader) RunOnce(ctx context.Context, day string, n int) error {
	_, err := l.db.ExecContext(ctx, `INSERT INTO daily_totals (day, n) VALUES ($1, $2) ON CONFLICT (day) DO UPDATE SET n = excluded.n`, day, n)
	return err
}

// runManually is the same statement, undeclared: nothing retries it.
func (l *dayLoader) runManually(ctx context.Context, day string, n int) error {
	_, err := l.db.ExecContext(ctx, `INSERT INTO daily_refunds (day, n) VALUES ($1, $2)`, day, n)
	return err
}
