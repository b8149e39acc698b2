// want package:"retrysite\\(helpers=false, random=false, waits=false\\)" package:"temporal\\(Charge, refund-order\\)"

// Package temporalfact dispatches Temporal activities by a method value
// and by a registered name: the package's fact lists both names, so that
// a worker that registers them defers to these dispatches.
package temporalfact

import (
	"context"
	"time"

	"go.temporal.io/sdk/workflow"
)

type Payments struct{}

func (*Payments) Charge(ctx context.Context, orderID string) error { return nil }

func OrderWorkflow(ctx workflow.Context, orderID string) error {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{StartToCloseTimeout: time.Minute})
	var p *Payments
	if err := workflow.ExecuteActivity(ctx, p.Charge, orderID).Get(ctx, nil); err != nil {
		return err
	}
	return workflow.ExecuteActivity(ctx, "refund-order", orderID).Get(ctx, nil)
}
