// Package roko retries with buildkite/roko: its strategies add no random
// part unless the retrier is given WithJitter.
package roko

import (
	"context"
	"errors"
	"time"

	"github.com/buildkite/roko"
)

func register(ctx context.Context) error { return errors.New("unavailable") }

// A fleet of agents started together registers again every 10s, in step.
func registerAgent(ctx context.Context) error {
	r := roko.NewRetrier( // want `roko.NewRetrier\(...\) gives the retry at line 21 no jitter: .*; add roko.WithJitter\(\) to its options`
		roko.WithMaxAttempts(30),
		roko.WithStrategy(roko.Constant(10*time.Second)),
	)
	return r.DoWithContext(ctx, func(r *roko.Retrier) error {
		return register(ctx)
	})
}

// The same with jitter: silent.
func registerSpread(ctx context.Context) error {
	return roko.NewRetrier(
		roko.WithMaxAttempts(30),
		roko.WithStrategy(roko.Constant(10*time.Second)),
		roko.WithJitter(),
	).DoWithContext(ctx, func(r *roko.Retrier) error {
		return register(ctx)
	})
}
