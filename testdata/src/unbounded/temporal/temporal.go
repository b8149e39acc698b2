// Package temporal dispatches activities that fail until the server
// gives up on them, or never does.
package temporal

import (
	"context"
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"
)

// Reserve holds stock for an order.
func Reserve(ctx context.Context, orderID string) error { return nil }

// ReserveWorkflow sets only a per-attempt timeout: Temporal's default
// RetryPolicy tries again for ever, whatever the workflow's own
// cancellation.
func ReserveWorkflow(ctx workflow.Context, orderID string) error {
	ctx, cancel := workflow.WithCancel(ctx)
	defer cancel()
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{StartToCloseTimeout: 30 * time.Second})
	return workflow.ExecuteActivity(ctx, Reserve, orderID).Get(ctx, nil) // want `workflow.ExecuteActivity \(Temporal's default RetryPolicy: unlimited attempts\) retries its operation with no attempt cap and no elapsed-time cap: .*; set RetryPolicy.MaximumAttempts or ScheduleToCloseTimeout in its ActivityOptions`
}

// ReserveZeroWorkflow says MaximumAttempts 0, which is unlimited.
func ReserveZeroWorkflow(ctx workflow.Context, orderID string) error {
	ao := workflow.ActivityOptions{StartToCloseTimeout: 30 * time.Second}
	ao.RetryPolicy = &temporal.RetryPolicy{MaximumInterval: time.Minute, MaximumAttempts: 0}
	ctx = workflow.WithActivityOptions(ctx, ao)
	return workflow.ExecuteActivity(ctx, Reserve, orderID).Get(ctx, nil) // want `workflow.ExecuteActivity \(RetryPolicy without MaximumAttempts: unlimited attempts\) retries its operation with no attempt cap and no elapsed-time cap`
}

// Negatives.

// ReserveCappedWorkflow ends after five attempts.
func ReserveCappedWorkflow(ctx workflow.Context, orderID string) error {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: 30 * time.Second,
		RetryPolicy:         &temporal.RetryPolicy{MaximumAttempts: 5},
	})
	return workflow.ExecuteActivity(ctx, Reserve, orderID).Get(ctx, nil)
}

// ReserveDeadlineWorkflow keeps the default policy within ten minutes.
func ReserveDeadlineWorkflow(ctx workflow.Context, orderID string) error {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout:    30 * time.Second,
		ScheduleToCloseTimeout: 10 * time.Minute,
	})
	return workflow.ExecuteActivity(ctx, Reserve, orderID).Get(ctx, nil)
}

// ReserveLaterWorkflow adds the deadline to the context it was given.
func ReserveLaterWorkflow(ctx workflow.Context, orderID string) error {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{StartToCloseTimeout: 30 * time.Second})
	ctx = workflow.WithScheduleToCloseTimeout(ctx, time.Hour)
	return workflow.ExecuteActivity(ctx, Reserve, orderID).Get(ctx, nil)
}

// ReserveWithWorkflow takes its deadline from its input.
func ReserveWithWorkflow(ctx workflow.Context, orderID string, limit time.Duration) error {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{StartToCloseTimeout: 30 * time.Second, ScheduleToCloseTimeout: limit})
	return workflow.ExecuteActivity(ctx, Reserve, orderID).Get(ctx, nil)
}

// reserveStep runs under its caller's options.
func reserveStep(ctx workflow.Context, orderID string) error {
	return workflow.ExecuteActivity(ctx, Reserve, orderID).Get(ctx, nil)
}
