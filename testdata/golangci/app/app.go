// Package app calls the company's retry helper.
package app

import (
	"context"

	"example.com/golangcifixture/platform/retry"
)

func refresh(context.Context) error { return nil }

// Forever never gives up: no attempt cap, and a context that never ends.
// Only the pack in retrylint.yml makes this a finding (unbounded).
func Forever() error {
	return retry.Do(context.Background(), retry.Policy{}, refresh)
}

// Capped gives up after five attempts.
func Capped() error {
	return retry.Do(context.Background(), retry.Policy{MaxAttempts: 5}, refresh)
}
