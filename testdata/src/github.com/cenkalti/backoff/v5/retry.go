// Package backoff is a test stub of github.com/cenkalti/backoff/v5@v5.0.3: exported API only, bodies are not real.
package backoff

import (
	"context"
	"time"
)

// DefaultMaxElapsedTime is the default total time limit of Retry.
const DefaultMaxElapsedTime = 15 * time.Minute

// Operation is retried by Retry.
type Operation[T any] func() (T, error)

// Notify is called with the error and the wait before each retry.
type Notify func(error, time.Duration)

type retryOptions struct {
	BackOff        BackOff
	Timer          timer
	Notify         Notify
	MaxTries       uint
	MaxElapsedTime time.Duration
}

// RetryOption configures Retry.
type RetryOption func(*retryOptions)

func WithBackOff(b BackOff) RetryOption              { return nil }
func WithNotify(n Notify) RetryOption                { return nil }
func WithMaxTries(n uint) RetryOption                { return nil }
func WithMaxElapsedTime(d time.Duration) RetryOption { return nil }

// Retry calls operation until it succeeds, returns a *PermanentError, the
// backoff says Stop, a limit is hit, or ctx is done.
func Retry[T any](ctx context.Context, operation Operation[T], opts ...RetryOption) (T, error) {
	var zero T
	return zero, nil
}
