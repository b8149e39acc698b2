// Package wait is a test stub of k8s.io/apimachinery@v0.37.2: exported API only, bodies are not real.
//
// Left out because they need k8s.io/utils/clock: BackoffManager,
// BackoffUntil, BackoffUntilWithContext, NewExponentialBackoffManager,
// NewJitteredBackoffManager, Backoff.DelayWithReset, DelayFunc.Timer and
// RealTimer.
package wait

import (
	"context"
	"time"
)

// Backoff holds the parameters of an exponential backoff. Steps bounds the
// number of attempts of ExponentialBackoff.
type Backoff struct {
	Duration time.Duration
	Factor   float64
	Jitter   float64
	Steps    int
	Cap      time.Duration
}

// Step returns the next sleep and mutates b.
func (b *Backoff) Step() time.Duration { return 0 }

func (b Backoff) DelayFunc() DelayFunc { return func() time.Duration { return 0 } }

func (b Backoff) Timer() Timer { panic("stub") }

func Until(f func(), period time.Duration, stopCh <-chan struct{}) {}

func UntilWithContext(ctx context.Context, f func(context.Context), period time.Duration) {}

func NonSlidingUntil(f func(), period time.Duration, stopCh <-chan struct{}) {}

func NonSlidingUntilWithContext(ctx context.Context, f func(context.Context), period time.Duration) {
}

func JitterUntil(f func(), period time.Duration, jitterFactor float64, sliding bool, stopCh <-chan struct{}) {
}

func JitterUntilWithContext(ctx context.Context, f func(context.Context), period time.Duration, jitterFactor float64, sliding bool) {
}

// ExponentialBackoff calls condition until it returns true or an error, at
// most backoff.Steps times.
func ExponentialBackoff(backoff Backoff, condition ConditionFunc) error { return nil }

func ExponentialBackoffWithContext(ctx context.Context, backoff Backoff, condition ConditionWithContextFunc) error {
	return nil
}
