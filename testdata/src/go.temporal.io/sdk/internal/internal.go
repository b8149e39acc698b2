// Package internal is a test stub of go.temporal.io/sdk@v1.51.0: exported API only, bodies are not real.
package internal

import (
	"time"

	enumspb "go.temporal.io/api/enums/v1"

	"go.temporal.io/sdk/internal/common/workflowcontext"
)

type Context = workflowcontext.Context

type Future interface {
	Get(ctx Context, valuePtr any) error
	IsReady() bool
}

type VersioningIntent int

type EventGroup struct {
	ID string
}

type Priority struct {
	PriorityKey    int
	FairnessKey    string
	FairnessWeight float32
}

type RetryPolicy struct {
	InitialInterval        time.Duration
	BackoffCoefficient     float64
	MaximumInterval        time.Duration
	MaximumAttempts        int32
	NonRetryableErrorTypes []string
}

type ActivityOptions struct {
	TaskQueue              string
	ScheduleToCloseTimeout time.Duration
	ScheduleToStartTimeout time.Duration
	StartToCloseTimeout    time.Duration
	HeartbeatTimeout       time.Duration
	WaitForCancellation    bool
	ActivityID             string
	RetryPolicy            *RetryPolicy
	DisableEagerExecution  bool
	VersioningIntent       VersioningIntent
	Summary                string
	EventGroups            []EventGroup
	Priority               Priority
}

type LocalActivityOptions struct {
	ScheduleToCloseTimeout time.Duration
	StartToCloseTimeout    time.Duration
	RetryPolicy            *RetryPolicy
	Summary                string
	EventGroups            []EventGroup
}

type ApplicationErrorCategory int

type ApplicationErrorOptions struct {
	NonRetryable   bool
	Cause          error
	Details        []any
	NextRetryDelay time.Duration
	Category       ApplicationErrorCategory
}

type RegisterActivityOptions struct {
	Name                          string
	DisableAlreadyRegisteredCheck bool
	SkipInvalidStructFunctions    bool
}

type DynamicRegisterActivityOptions struct{}

type CancelFunc func()

type VersioningBehavior int

type VersioningOverride interface {
	behavior() VersioningBehavior
}

type SearchAttributes struct{}

type StartWorkflowOptions struct {
	ID                                       string
	TaskQueue                                string
	WorkflowExecutionTimeout                 time.Duration
	WorkflowRunTimeout                       time.Duration
	WorkflowTaskTimeout                      time.Duration
	WorkflowIDConflictPolicy                 enumspb.WorkflowIdConflictPolicy
	WorkflowIDReusePolicy                    enumspb.WorkflowIdReusePolicy
	WorkflowExecutionErrorWhenAlreadyStarted bool
	RetryPolicy                              *RetryPolicy
	CronSchedule                             string
	Memo                                     map[string]any
	SearchAttributes                         map[string]any
	TypedSearchAttributes                    SearchAttributes
	EnableEagerStart                         bool
	StartDelay                               time.Duration
	StaticSummary                            string
	StaticDetails                            string
	VersioningOverride                       VersioningOverride
	Priority                                 Priority
}
