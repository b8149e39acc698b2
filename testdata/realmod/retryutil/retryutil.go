// Package retryutil is the project's own retry helper package, the way most
// codebases grow one: callers hand it an operation and a context, and the
// context is the only thing that ends the retry.
package retryutil

import (
	"context"
	"math/rand/v2"
	"time"

	"github.com/cenkalti/backoff/v4"
)

// Do runs op until it succeeds or ctx is done, backing off exponentially
// with jitter. It has no attempt or elapsed-time cap of its own.
func Do(ctx context.Context, op func(context.Context) error) error {
	b := backoff.NewExponentialBackOff()
	b.MaxElapsedTime = 0
	return backoff.Retry(func() error { return op(ctx) }, backoff.WithContext(b, ctx)) // judged at its calls: backoff stops on backoff.Permanent, which only its caller's operation can return
}

// Until runs op every second or so until it succeeds or ctx is done.
func Until(ctx context.Context, op func() error) error {
	for { // judged at its calls: its caller's operation decides what it retries
		err := op()
		if err == nil {
			return nil
		}
		t := time.NewTimer(500*time.Millisecond + rand.N(time.Second))
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
	}
}
