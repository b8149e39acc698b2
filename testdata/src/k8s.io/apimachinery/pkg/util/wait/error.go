// Package wait is a test stub of k8s.io/apimachinery@v0.37.2: exported API only, bodies are not real.
package wait

import "errors"

// ErrWaitTimeout is returned when the condition was not satisfied in time.
//
// Deprecated: use Interrupted to test for it and ErrorInterrupted to make one.
var ErrWaitTimeout = ErrorInterrupted(errors.New("timed out waiting for the condition"))

// Interrupted reports whether err means the loop stopped without the
// condition succeeding (timeout, cancellation, steps exhausted).
func Interrupted(err error) bool { return false }

// ErrorInterrupted wraps cause so that Interrupted reports true for it.
func ErrorInterrupted(cause error) error { return errInterrupted{cause} }

type errInterrupted struct {
	cause error
}

func (e errInterrupted) Unwrap() error        { return e.cause }
func (e errInterrupted) Is(target error) bool { return false }
func (e errInterrupted) Error() string        { return "" }
