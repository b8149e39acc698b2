// Package workflows dispatches some of the shop's activities, each under
// the policy it chooses.
package workflows

import (
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"

	"nonidempotent/temporalworker/activities"
)

// ReceiptWorkflow sends the receipt once: a second e-mail is worse than
// none.
func ReceiptWorkflow(ctx workflow.Context, orderID string) error {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: time.Minute,
		RetryPolicy:         &temporal.RetryPolicy{MaximumAttempts: 1},
	})
	var m *activities.Mailer
	return workflow.ExecuteActivity(ctx, m.SendReceipt, orderID).Get(ctx, nil)
}

// AuditWorkflow names its activity by the string it is registered as.
func AuditWorkflow(ctx workflow.Context, what string) error {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: time.Minute,
		RetryPolicy:         &temporal.RetryPolicy{MaximumAttempts: 1},
	})
	return workflow.ExecuteActivity(ctx, "audit-record", what).Get(ctx, nil)
}
