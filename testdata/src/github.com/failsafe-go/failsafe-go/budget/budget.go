// Package budget is a test stub of github.com/failsafe-go/failsafe-go@v0.9.8: exported API only, bodies are not real.
package budget

import (
	"errors"

	"github.com/failsafe-go/failsafe-go"
)

// ErrExceeded is returned when a budget is exceeded.
var ErrExceeded = errors.New("budget exceeded")

// Budget limits the share of concurrent executions that are retries or hedges.
type Budget interface {
	Rate() float64
}

// Builder builds a Budget.
type Builder interface {
	WithMaxRate(maxRate float64) Builder
	WithMinConcurrency(minConcurrency uint) Builder
	OnBudgetExceeded(listener func(ExceededEvent)) Builder
	Build() Budget
}

// ExecutionType says what kind of execution hit the budget.
type ExecutionType string

const (
	RetryExecution ExecutionType = "retry"

	HedgeExecution ExecutionType = "hedge"
)

// ExceededEvent is passed to OnBudgetExceeded listeners.
type ExceededEvent struct {
	ExecutionType ExecutionType

	failsafe.ExecutionInfo

	Budget
}

func New() Budget { panic("stub") }

func NewBuilder() Builder { panic("stub") }
