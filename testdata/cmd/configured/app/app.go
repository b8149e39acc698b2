// Package app calls the platform's retry helper.
package app

import (
	"context"
	"time"

	"example.com/configured/platform/retry"
)

func send(context.Context) error { return nil }

// Forever never gives up: no attempt cap, and a context that never ends.
func Forever() error {
	return retry.Do(context.Background(), retry.Policy{}, send)
}

// Capped gives up after five attempts.
func Capped() error {
	return retry.Do(context.Background(), retry.Policy{MaxAttempts: 5}, send)
}

// Deadline stops when the caller's context is done.
func Deadline(ctx context.Context) error {
	return retry.Do(ctx, retry.Policy{}, send)
}

// Sleepy waits a fixed delay, which this module's configuration accepts,
// in a loop that never ends, which it does not.
func Sleepy() {
	for {
		if send(context.Background()) == nil {
			return
		}
		time.Sleep(time.Second)
	}
}
