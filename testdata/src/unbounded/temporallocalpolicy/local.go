// Package temporallocalpolicy runs local activities under the
// RetryPolicy of their LocalActivityOptions.
package temporallocalpolicy

import (
	"context"
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"
)

// Lookup reads a price from the worker's cache.
func Lookup(ctx context.Context, sku string) error { return nil }

// LookupWorkflow sets a RetryPolicy that only spaces the attempts: their
// number is still unlimited.
func LookupWorkflow(ctx workflow.Context, sku string) error {
	ctx = workflow.WithLocalActivityOptions(ctx, workflow.LocalActivityOptions{
		StartToCloseTimeout: 5 * time.Second,
		RetryPolicy:         &temporal.RetryPolicy{InitialInterval: time.Second},
	})
	return workflow.ExecuteLocalActivity(ctx, Lookup, sku).Get(ctx, nil) // want `workflow.ExecuteLocalActivity \(RetryPolicy without MaximumAttempts: unlimited attempts\) retries its operation with no attempt cap and no elapsed-time cap`
}

// LookupOnceWorkflow makes one attempt: no retry.
func LookupOnceWorkflow(ctx workflow.Context, sku string) error {
	ctx = workflow.WithLocalActivityOptions(ctx, workflow.LocalActivityOptions{
		StartToCloseTimeout: 5 * time.Second,
		RetryPolicy:         &temporal.RetryPolicy{MaximumAttempts: 1},
	})
	return workflow.ExecuteLocalActivity(ctx, Lookup, sku).Get(ctx, nil)
}

// LookupCappedWorkflow caps the attempts.
func LookupCappedWorkflow(ctx workflow.Context, sku string) error {
	opts := workflow.LocalActivityOptions{StartToCloseTimeout: 5 * time.Second}
	opts.RetryPolicy = &temporal.RetryPolicy{MaximumAttempts: 4}
	ctx = workflow.WithLocalActivityOptions(ctx, opts)
	return workflow.ExecuteLocalActivity(ctx, Lookup, sku).Get(ctx, nil)
}
