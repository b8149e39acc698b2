// Package temporalstarter starts its own workflow with a run timeout:
// the workflow's run, and its activity's retries, end with it.
package temporalstarter

import (
	"context"
	"time"

	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/workflow"
)

// Sweep removes expired sessions.
func Sweep(ctx context.Context) error { return nil }

// SweepWorkflow sets only a per-attempt timeout.
func SweepWorkflow(ctx workflow.Context) error {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{StartToCloseTimeout: time.Hour, HeartbeatTimeout: time.Minute})
	return workflow.ExecuteActivity(ctx, Sweep).Get(ctx, nil)
}

// sweepStart is how the service starts SweepWorkflow, every night, for
// at most a day.
var sweepStart = client.StartWorkflowOptions{
	ID:                 "session-sweep",
	TaskQueue:          "maintenance",
	CronSchedule:       "0 3 * * *",
	WorkflowRunTimeout: 24 * time.Hour,
}
