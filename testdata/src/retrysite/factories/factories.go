// want package:"retrysite\\(helpers=true, random=false, waits=true\\)"

// Package factories returns retry functions instead of declaring them,
// and waits through function variables.
package factories

import (
	"context"
	"time"
)

func sleepCtx(ctx context.Context, d time.Duration) error { // want sleepCtx:"wait\\(delay=1\\)"
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(d):
		return nil
	}
}

// wait is set once, here; the tests swap it for one that returns at once.
var wait = sleepCtx

// nap is set here and by SetNap: what it runs cannot be told.
var nap = sleepCtx

func SetNap(f func(context.Context, time.Duration) error) { nap = f }

func Pause(ctx context.Context, d time.Duration) error { // want Pause:"wait\\(delay=1\\)"
	return wait(ctx, d)
}

func Nap(ctx context.Context, d time.Duration) error {
	return nap(ctx, d)
}

type Op func(context.Context) error

type Runner func(ctx context.Context, op Op) error

// Fixed returns a runner that retries its operation a fixed number of
// times, waiting through the variable.
func Fixed(tries int, gap time.Duration) Runner { // want Fixed:"returns retryHelper\\(op=1, jitter=no attempts=yes elapsed=no cancel=yes\\)"
	run := func(ctx context.Context, op Op) error {
		var err error
		for i := 0; i < tries; i++ {
			if err = op(ctx); err == nil {
				return nil
			}
			if werr := wait(ctx, gap); werr != nil {
				return werr
			}
		}
		return err
	}
	return run
}

// Timed returns a runner that gives its operation a deadline: it runs
// it once.
func Timed(d time.Duration) Runner {
	return func(ctx context.Context, op Op) error {
		ctx, cancel := context.WithTimeout(ctx, d)
		defer cancel()
		return op(ctx)
	}
}

// Each returns a runner that runs the operation once per key, whatever
// each run returns: a batch, not a retry.
func Each(keys []string) Runner {
	return func(ctx context.Context, op Op) error {
		var first error
		for range keys {
			if err := op(ctx); err != nil && first == nil {
				first = err
			}
		}
		return first
	}
}

// Held calls a runner it keeps in a field: a retry of the operation it
// is given, so a retry helper itself.
type Held struct{ run Runner }

func NewHeld() *Held { return &Held{run: Fixed(3, time.Second)} }

func (h *Held) Do(ctx context.Context, op Op) error { // want Do:"retryHelper\\(op=1, jitter=no attempts=yes elapsed=no cancel=yes\\)"
	return h.run(ctx, op)
}
