// Package backoff is a test stub of github.com/cenkalti/backoff/v4@v4.3.0: exported API only, bodies are not real.
package backoff

import "time"

// OperationWithData is retried by RetryWithData.
type OperationWithData[T any] func() (T, error)

// Operation is retried by Retry.
type Operation func() error

// Notify is called with the error and the wait before each retry.
type Notify func(error, time.Duration)

// Retry calls o until it succeeds, returns a *PermanentError, or b says Stop.
func Retry(o Operation, b BackOff) error { return nil }

func RetryWithData[T any](o OperationWithData[T], b BackOff) (T, error) {
	var zero T
	return zero, nil
}

func RetryNotify(operation Operation, b BackOff, notify Notify) error { return nil }

func RetryNotifyWithData[T any](operation OperationWithData[T], b BackOff, notify Notify) (T, error) {
	var zero T
	return zero, nil
}

func RetryNotifyWithTimer(operation Operation, b BackOff, notify Notify, t Timer) error {
	return nil
}

func RetryNotifyWithTimerAndData[T any](operation OperationWithData[T], b BackOff, notify Notify, t Timer) (T, error) {
	var zero T
	return zero, nil
}

// PermanentError stops the retry loop.
type PermanentError struct {
	Err error
}

func (e *PermanentError) Error() string        { return "" }
func (e *PermanentError) Unwrap() error        { return e.Err }
func (e *PermanentError) Is(target error) bool { return false }

// Permanent wraps err so that Retry does not retry it.
func Permanent(err error) error { return &PermanentError{Err: err} }
