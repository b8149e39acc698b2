// Package failsafe is a test stub of github.com/failsafe-go/failsafe-go@v0.9.8: exported API only, bodies are not real.
package failsafe

import (
	"context"
	"errors"
	"time"
)

// ExecutionEvent is passed to policy listeners.
type ExecutionEvent[R any] struct {
	ExecutionAttempt[R]
}

// ExecutionScheduledEvent is passed to listeners of a scheduled retry.
type ExecutionScheduledEvent[R any] struct {
	ExecutionAttempt[R]

	Delay time.Duration
}

// ExecutionDoneEvent is passed to executor listeners.
type ExecutionDoneEvent[R any] struct {
	ExecutionInfo

	Result R

	Error error
}

// ExecutionInfo describes an execution.
type ExecutionInfo interface {
	Context() context.Context
	Attempts() int
	Executions() int
	Retries() int
	Hedges() int
	StartTime() time.Time
	ElapsedTime() time.Duration
}

// ExecutionAttempt describes one attempt of an execution.
type ExecutionAttempt[R any] interface {
	ExecutionInfo
	LastResult() R
	LastError() error
	IsFirstAttempt() bool
	IsRetry() bool
	IsHedge() bool
	AttemptStartTime() time.Time
	ElapsedAttemptTime() time.Duration
}

// Execution is the execution passed to the *WithExecution functions.
type Execution[R any] interface {
	ExecutionAttempt[R]
	IsCanceled() bool
	Canceled() <-chan struct{}
}

// Executor runs functions under a composition of policies.
type Executor[R any] interface {
	Compose(innerPolicy Policy[R]) Executor[R]
	ComposeAny(innerPolicy ResultAgnosticPolicy[any]) Executor[R]
	Context() context.Context
	WithContext(ctx context.Context) Executor[R]
	OnDone(listener func(ExecutionDoneEvent[R])) Executor[R]
	OnSuccess(listener func(ExecutionDoneEvent[R])) Executor[R]
	OnFailure(listener func(ExecutionDoneEvent[R])) Executor[R]
	Run(fn func() error) error
	RunWithExecution(fn func(exec Execution[R]) error) error
	Get(fn func() (R, error)) (R, error)
	GetWithExecution(fn func(exec Execution[R]) (R, error)) (R, error)
	RunAsync(fn func() error) ExecutionResult[R]
	RunAsyncWithExecution(fn func(exec Execution[R]) error) ExecutionResult[R]
	GetAsync(fn func() (R, error)) ExecutionResult[R]
	GetAsyncWithExecution(fn func(exec Execution[R]) (R, error)) ExecutionResult[R]
}

// With returns an Executor for policies, outermost first.
func With[R any](policies ...Policy[R]) Executor[R] { panic("stub") }

func WithAny[R any](policy ResultAgnosticPolicy[any]) Executor[R] { panic("stub") }

// Policy is a resilience policy such as a retry policy.
type Policy[R any] interface {
	ToExecutor(typeToken R) any
}

// ResultAgnosticPolicy is a Policy that works for any result type.
type ResultAgnosticPolicy[R any] interface {
	Policy[R]
	ResultAgnostic()
}

// FailurePolicyBuilder configures which results and errors are failures.
type FailurePolicyBuilder[S any, R any] interface {
	HandleErrors(errs ...error) S
	HandleErrorTypes(errs ...any) S
	HandleResult(result R) S
	HandleIf(predicate func(R, error) bool) S
	OnSuccess(listener func(ExecutionEvent[R])) S
	OnFailure(listener func(ExecutionEvent[R])) S
}

// DelayFunc computes a delay from an attempt.
type DelayFunc[R any] func(exec ExecutionAttempt[R]) time.Duration

// DelayablePolicyBuilder configures delays.
type DelayablePolicyBuilder[S any, R any] interface {
	WithDelay(delay time.Duration) S
	WithDelayFunc(delayFunc DelayFunc[R]) S
}

// ErrExecutionCanceled is returned when ExecutionResult.Cancel is called.
var ErrExecutionCanceled = errors.New("execution canceled")

// ExecutionResult is the result of an asynchronous execution.
type ExecutionResult[R any] interface {
	Done() <-chan any
	IsDone() bool
	Get() (R, error)
	Result() R
	Error() error
	Cancel()
}
