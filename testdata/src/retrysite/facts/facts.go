// want package:"retrysite\\(helpers=true, random=true, waits=true\\)"

// Package facts holds the functions retrysite exports facts for: retry
// helpers, functions that return random delays, and waits.
package facts

import (
	"context"
	"math/rand/v2"
	"time"

	retry "github.com/avast/retry-go/v4"
	"github.com/cenkalti/backoff/v4"
)

func Jitter(d time.Duration) time.Duration { // want Jitter:"random"
	return d/2 + rand.N(d/2)
}

func Backoff(attempt int) time.Duration { // want Backoff:"random"
	return Jitter(time.Duration(attempt) * time.Second)
}

type Policy interface {
	Next(attempt int) time.Duration
}

func FromPolicy(p Policy, attempt int) time.Duration { // want FromPolicy:"maybe random"
	return p.Next(attempt)
}

func Fixed(attempt int) time.Duration { // want Fixed:"backoff without jitter"
	return time.Duration(attempt) * time.Second
}

func SleepCtx(ctx context.Context, d time.Duration) error { // want SleepCtx:"wait\\(delay=1\\)"
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(d):
		return nil
	}
}

func Do(ctx context.Context, op func() error) error { // want Do:"retryHelper\\(op=1, ctx=0, by-callers, jitter=yes attempts=no elapsed=no cancel=yes\\)"
	for {
		if err := op(); err == nil {
			return nil
		}
		if err := SleepCtx(ctx, Backoff(1)); err != nil {
			return err
		}
	}
}

func Retry(op func() error, opts ...retry.Option) error { // want Retry:"retryHelper\\(op=0, policy=1, by-callers, jitter=yes attempts=yes elapsed=no cancel=\\?\\)"
	return retry.Do(op, opts...)
}

func WithBackOff(b backoff.BackOff, op func() error) error { // want WithBackOff:"retryHelper\\(op=1, policy=0, by-callers, jitter=\\? attempts=\\? elapsed=\\? cancel=\\?\\)"
	return backoff.Retry(op, b)
}

func Twice(op func() error) error { // want Twice:"retryHelper\\(op=0, jitter=yes attempts=yes elapsed=no cancel=\\?\\)"
	return Retry(op, retry.Attempts(2))
}

func NotAHelper(op func() error) error {
	return op()
}
