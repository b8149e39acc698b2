// Package temporalexecutiontimeout starts its own workflow with an
// execution timeout: the workflow, its runs and its activity's retries
// end with it.
package temporalexecutiontimeout

import (
	"context"
	"time"

	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/workflow"
)

// Reconcile compares the ledger with the bank's statement.
func Reconcile(ctx context.Context, day string) error { return nil }

// ReconcileWorkflow sets only a per-attempt timeout.
func ReconcileWorkflow(ctx workflow.Context, day string) error {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{StartToCloseTimeout: 10 * time.Minute})
	return workflow.ExecuteActivity(ctx, Reconcile, day).Get(ctx, nil)
}

// reconcileStart bounds the whole execution, every run included.
func reconcileStart(day string) client.StartWorkflowOptions {
	return client.StartWorkflowOptions{
		ID:                       "reconcile-" + day,
		TaskQueue:                "ledger",
		WorkflowExecutionTimeout: 6 * time.Hour,
	}
}
