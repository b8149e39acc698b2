// Package app retries the other packages' work: every retry here is
// judged by what the other packages export as facts.
package app

import (
	"context"
	"database/sql"
	"math/rand/v2"
	"net/http"
	"time"

	"example.com/parity/backoff"
	"example.com/parity/errs"
	"example.com/parity/jobs"
	"example.com/parity/orders"
	"example.com/parity/platform/retry"
	"example.com/parity/store"
)

// Save retries placing an order, two packages away from its INSERT, with
// a delay from backoff.Step.
func Save(ctx context.Context, db *sql.DB, id string) error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		if err = orders.Place(ctx, db, id); err == nil || !errs.Temporary(err) {
			return err
		}
		time.Sleep(backoff.Step(attempt))
	}
	return err
}

// Announce retries the webhook through the platform's helper.
func Announce(ctx context.Context, client *http.Client, url, id string) error {
	return retry.Do(ctx, retry.Policy{MaxAttempts: 3}, func(ctx context.Context) error {
		return store.Notify(ctx, client, url, id)
	})
}

// Forever retries a read through the platform's helper, with no cap and
// a context that never ends.
func Forever(db *sql.DB, id string) error {
	return retry.Do(context.Background(), retry.Policy{}, func(ctx context.Context) error {
		_, err := store.LoadOrder(ctx, db, id)
		return err
	})
}

// Wait polls an order's status through the jobs helper.
func Wait(db *sql.DB, id string) {
	jobs.UntilDone(func() error {
		_, err := store.LoadOrder(context.Background(), db, id)
		return err
	})
}

// Load retries a read, capped, with full jitter, on temporary errors
// only: nothing to report.
func Load(ctx context.Context, db *sql.DB, id string) (string, error) {
	var status string
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if status, err = store.LoadOrder(ctx, db, id); err == nil || !errs.Temporary(err) {
			return status, err
		}
		time.Sleep(rand.N(backoff.Step(attempt)))
	}
	return status, err
}

// Reorder retries placing an order through the jobs helper, a fixed
// second apart.
func Reorder(ctx context.Context, db *sql.DB, id string) error {
	return jobs.Retry(3, time.Second, func() error {
		return orders.Place(ctx, db, id)
	})
}
