// Package retry is a test stub of github.com/sethvargo/go-retry@v0.5.0: exported API only, bodies are not real.
package retry

import (
	"context"
	"time"
)

// RetryFunc is retried by Do; only errors wrapped with RetryableError are retried.
type RetryFunc func(ctx context.Context) error

// RetryFuncValue is retried by DoValue.
type RetryFuncValue[T any] func(ctx context.Context) (T, error)

type retryableError struct {
	err error
}

func (e *retryableError) Unwrap() error { return e.err }
func (e *retryableError) Error() string { return "" }

// RetryableError marks err as retryable.
func RetryableError(err error) error { return &retryableError{err: err} }

func DoValue[T any](ctx context.Context, b Backoff, f RetryFuncValue[T]) (T, error) {
	var zero T
	return zero, nil
}

// Do calls f until it returns nil or a non-retryable error, b stops, or ctx is done.
func Do(ctx context.Context, b Backoff, f RetryFunc) error { return nil }

// Backoff yields the wait before the next attempt, or stop.
type Backoff interface {
	Next() (next time.Duration, stop bool)
}

// BackoffFunc adapts a function to Backoff.
type BackoffFunc func() (time.Duration, bool)

func (b BackoffFunc) Next() (time.Duration, bool) { return b() }

func WithJitter(j time.Duration, next Backoff) Backoff           { return next }
func WithJitterPercent(j uint64, next Backoff) Backoff           { return next }
func WithFullJitter(next Backoff) Backoff                        { return next }
func WithMaxRetries(max uint64, next Backoff) Backoff            { return next }
func WithCappedDuration(cap time.Duration, next Backoff) Backoff { return next }
func WithMaxDuration(timeout time.Duration, next Backoff) Backoff {
	return next
}

func Constant(ctx context.Context, t time.Duration, f RetryFunc) error { return nil }
func NewConstant(t time.Duration) Backoff                              { panic("stub") }

func Exponential(ctx context.Context, base time.Duration, f RetryFunc) error { return nil }
func NewExponential(base time.Duration) Backoff                              { panic("stub") }

func Fibonacci(ctx context.Context, base time.Duration, f RetryFunc) error { return nil }
func NewFibonacci(base time.Duration) Backoff                              { panic("stub") }
