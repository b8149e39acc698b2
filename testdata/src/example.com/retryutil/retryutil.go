// Package retryutil is a project's own retry helper package, the way most
// codebases have one.
package retryutil

import (
	"context"
	"time"

	"github.com/cenkalti/backoff/v4"
)

// Do retries op with jittered exponential backoff until ctx is done.
func Do(ctx context.Context, op func(context.Context) error) error {
	b := backoff.NewExponentialBackOff()
	b.MaxElapsedTime = 0
	return backoff.Retry(func() error { return op(ctx) }, backoff.WithContext(b, ctx))
}

// WithBackOff retries op with the caller's backoff.
func WithBackOff(b backoff.BackOff, op func() error) error {
	return backoff.Retry(op, b)
}

// Forever retries op until it succeeds or ctx is done, waiting 100ms.
func Forever(ctx context.Context, op func() error) error {
	for {
		err := op()
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(100 * time.Millisecond): // want `retry loop waits a fixed 100 \* time.Millisecond between attempts with no jitter`
		}
	}
}
