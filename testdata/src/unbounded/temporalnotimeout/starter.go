// Package temporalnotimeout starts its workflow with no run or execution
// timeout: nothing ends its activity's retries.
package temporalnotimeout

import (
	"context"
	"time"

	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/workflow"
)

// Reindex rebuilds the search index.
func Reindex(ctx context.Context) error { return nil }

// ReindexWorkflow sets only a per-attempt timeout.
func ReindexWorkflow(ctx workflow.Context) error {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{StartToCloseTimeout: time.Hour})
	return workflow.ExecuteActivity(ctx, Reindex).Get(ctx, nil) // want `workflow.ExecuteActivity \(Temporal's default RetryPolicy: unlimited attempts\) retries its operation with no attempt cap and no elapsed-time cap`
}

var reindexStart = client.StartWorkflowOptions{
	ID:                 "reindex",
	TaskQueue:          "maintenance",
	WorkflowRunTimeout: 0,
}
