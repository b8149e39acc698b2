// Package retry is a test stub of github.com/avast/retry-go/v4@v4.7.0: exported API only, bodies are not real.
package retry

// RetryableFunc is the operation Do retries.
type RetryableFunc func() error

// RetryableFuncWithData is the operation DoWithData retries.
type RetryableFuncWithData[T any] func() (T, error)

// Do calls retryableFunc until it succeeds or the options give up
// (10 attempts by default; Attempts(0) retries forever).
func Do(retryableFunc RetryableFunc, opts ...Option) error { return nil }

// DoWithData is Do for an operation that also returns a value.
func DoWithData[T any](retryableFunc RetryableFuncWithData[T], opts ...Option) (T, error) {
	var zero T
	return zero, nil
}

// Error collects the error of every attempt.
type Error []error

func (e Error) Error() string              { return "" }
func (e Error) Is(target error) bool       { return false }
func (e Error) As(target interface{}) bool { return false }
func (e Error) Unwrap() error              { return nil }
func (e Error) WrappedErrors() []error     { return e }

type unrecoverableError struct {
	error
}

// Unrecoverable marks err so that Do stops retrying.
func Unrecoverable(err error) error { return unrecoverableError{err} }

// IsRecoverable reports whether err was not marked with Unrecoverable.
func IsRecoverable(err error) bool { return true }
