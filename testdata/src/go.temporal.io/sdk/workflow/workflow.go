// Package workflow is a test stub of go.temporal.io/sdk@v1.51.0: exported API only, bodies are not real.
package workflow

import (
	"time"

	"go.temporal.io/sdk/internal"
	"go.temporal.io/sdk/temporal"
)

type (
	Context              = internal.Context
	Future               = internal.Future
	ActivityOptions      = internal.ActivityOptions
	LocalActivityOptions = internal.LocalActivityOptions
	CancelFunc           = internal.CancelFunc
)

func ExecuteActivity(ctx Context, activity any, args ...any) Future { return nil }

func ExecuteLocalActivity(ctx Context, activity any, args ...any) Future { return nil }

func WithActivityOptions(ctx Context, options ActivityOptions) Context { return ctx }

func WithLocalActivityOptions(ctx Context, options LocalActivityOptions) Context { return ctx }

func WithTaskQueue(ctx Context, name string) Context { return ctx }

func WithScheduleToCloseTimeout(ctx Context, d time.Duration) Context { return ctx }

func WithScheduleToStartTimeout(ctx Context, d time.Duration) Context { return ctx }

func WithStartToCloseTimeout(ctx Context, d time.Duration) Context { return ctx }

func WithHeartbeatTimeout(ctx Context, d time.Duration) Context { return ctx }

func WithWaitForCancellation(ctx Context, wait bool) Context { return ctx }

func WithRetryPolicy(ctx Context, retryPolicy temporal.RetryPolicy) Context { return ctx }

func GetActivityOptions(ctx Context) ActivityOptions { return ActivityOptions{} }

func WithCancel(parent Context) (ctx Context, cancel CancelFunc) { return parent, func() {} }
