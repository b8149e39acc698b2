// Package retrypolicy is a test stub of github.com/failsafe-go/failsafe-go@v0.9.8: exported API only, bodies are not real.
package retrypolicy

import (
	"errors"
	"time"

	"github.com/failsafe-go/failsafe-go"
	"github.com/failsafe-go/failsafe-go/budget"
)

// ErrExceeded matches an ExceededError with errors.Is.
var ErrExceeded = errors.New("retries exceeded")

// ExceededError is returned when the retries are used up.
type ExceededError struct {
	LastResult any
	LastError  error
}

func (e ExceededError) Error() string     { return "" }
func (e ExceededError) Is(err error) bool { return false }
func (e ExceededError) Unwrap() error     { return e.LastError }

func IsExceededError(err error) bool { return false }

func AsExceededError(err error) *ExceededError { return nil }

// RetryPolicy is a failsafe.Policy that retries.
type RetryPolicy[R any] interface {
	failsafe.Policy[R]
}

// Builder builds a RetryPolicy. By default it allows 2 retries (3 attempts)
// with no delay.
type Builder[R any] interface {
	failsafe.FailurePolicyBuilder[Builder[R], R]
	failsafe.DelayablePolicyBuilder[Builder[R], R]

	AbortOnResult(result R) Builder[R]
	AbortOnErrors(errs ...error) Builder[R]
	AbortOnErrorTypes(errs ...any) Builder[R]
	AbortIf(predicate func(R, error) bool) Builder[R]
	ReturnLastFailure() Builder[R]
	WithMaxAttempts(maxAttempts int) Builder[R]
	WithMaxRetries(maxRetries int) Builder[R]
	WithMaxDuration(maxDuration time.Duration) Builder[R]
	WithBackoff(delay time.Duration, maxDelay time.Duration) Builder[R]
	WithBackoffFactor(delay time.Duration, maxDelay time.Duration, delayFactor float64) Builder[R]
	WithRandomDelay(delayMin time.Duration, delayMax time.Duration) Builder[R]
	WithJitter(jitter time.Duration) Builder[R]
	WithJitterFactor(jitterFactor float64) Builder[R]
	WithBudget(retryBudget budget.Budget) Builder[R]
	OnAbort(listener func(failsafe.ExecutionEvent[R])) Builder[R]
	OnRetryScheduled(listener func(failsafe.ExecutionScheduledEvent[R])) Builder[R]
	OnRetry(listener func(failsafe.ExecutionEvent[R])) Builder[R]
	OnRetriesExceeded(listener func(failsafe.ExecutionEvent[R])) Builder[R]
	Build() RetryPolicy[R]
}

// NewWithDefaults returns a RetryPolicy with the default settings.
func NewWithDefaults[R any]() RetryPolicy[R] { panic("stub") }

// NewBuilder returns a Builder with the default settings.
func NewBuilder[R any]() Builder[R] { panic("stub") }
