// Package temporal holds Temporal workflows whose activities the server
// runs again after a failure, under the RetryPolicy of the options the
// workflow sets on its context.
package temporal

import (
	"context"
	"database/sql"
	"net/http"
	"strings"
	"time"

	"github.com/IBM/sarama"
	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"

	"example.com/orders/events"
	"example.com/warehouse/export"
)

// Billing holds the activities of the order workflows.
type Billing struct {
	hc       *http.Client
	db       *sql.DB
	producer sarama.SyncProducer
}

// Charge asks the payment provider for a charge, with no idempotency
// key: a second attempt after a lost response charges twice.
func (b *Billing) Charge(ctx context.Context, orderID string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://pay.example/v1/charges", strings.NewReader(`{"order":"`+orderID+`"}`))
	if err != nil {
		return err
	}
	resp, err := b.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// ChargeOnce sends the order's own key: the provider answers a second
// attempt with the first charge.
func (b *Billing) ChargeOnce(ctx context.Context, orderID string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://pay.example/v1/charges", strings.NewReader(`{"order":"`+orderID+`"}`))
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", "charge-"+orderID)
	resp, err := b.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Status reads the order's payment: a read repeats harmlessly.
func (b *Billing) Status(ctx context.Context, orderID string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "https://pay.example/v1/charges/"+orderID, nil)
	if err != nil {
		return err
	}
	resp, err := b.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Announce publishes the paid order.
func (b *Billing) Announce(ctx context.Context, orderID string) error {
	return events.ToKafka(b.producer, orderID, []byte(orderID))
}

// Tally adds the day's orders to the warehouse table.
func Tally(ctx context.Context, db *sql.DB, day string) error {
	return export.Day(ctx, db, day)
}

// ChargeWorkflow runs Charge under Temporal's default RetryPolicy.
func ChargeWorkflow(ctx workflow.Context, orderID string) error {
	ao := workflow.ActivityOptions{StartToCloseTimeout: time.Minute}
	ctx = workflow.WithActivityOptions(ctx, ao)
	var b *Billing
	return workflow.ExecuteActivity(ctx, b.Charge, orderID).Get(ctx, nil) // want `workflow.ExecuteActivity \(Temporal's default RetryPolicy: unlimited attempts\) repeats \(\*http.Client\).Do, which sends an HTTP request: a retry after a lost acknowledgement does it again`
}

// AnnounceWorkflow caps the attempts at five: the publish still repeats.
func AnnounceWorkflow(ctx workflow.Context, orderID string) error {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: 10 * time.Second,
		RetryPolicy:         &temporal.RetryPolicy{InitialInterval: time.Second, MaximumAttempts: 5},
	})
	var b *Billing
	return workflow.ExecuteActivity(ctx, b.Announce, orderID).Get(ctx, nil) // want `workflow.ExecuteActivity \(RetryPolicy MaximumAttempts 5\) repeats .*, which publishes a Kafka message`
}

func tallyOptions() workflow.ActivityOptions {
	return workflow.ActivityOptions{
		StartToCloseTimeout: time.Minute,
		RetryPolicy:         &temporal.RetryPolicy{BackoffCoefficient: 1.5},
	}
}

// TallyWorkflow takes its options from a function of the package, with
// a RetryPolicy that leaves MaximumAttempts unset.
func TallyWorkflow(ctx workflow.Context, day string) error {
	actx := workflow.WithActivityOptions(ctx, tallyOptions())
	actx = workflow.WithTaskQueue(actx, "warehouse")
	return workflow.ExecuteActivity(actx, Tally, day).Get(ctx, nil) // want `workflow.ExecuteActivity \(RetryPolicy without MaximumAttempts: unlimited attempts\) repeats export.Day, which inserts into daily_orders`
}

// LocalChargeWorkflow charges in a local activity, retried in the
// worker until its ScheduleToCloseTimeout.
func LocalChargeWorkflow(ctx workflow.Context, orderID string) error {
	ctx = workflow.WithLocalActivityOptions(ctx, workflow.LocalActivityOptions{ScheduleToCloseTimeout: 5 * time.Minute})
	var b *Billing
	return workflow.ExecuteLocalActivity(ctx, b.Charge, orderID).Get(ctx, nil) // want `workflow.ExecuteLocalActivity \(Temporal's default RetryPolicy: unlimited attempts within ScheduleToCloseTimeout\) repeats \(\*http.Client\).Do`
}

// Negatives.

// ChargeOnceWorkflow: one attempt.
func ChargeOnceWorkflow(ctx workflow.Context, orderID string) error {
	policy := &temporal.RetryPolicy{MaximumAttempts: 1}
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{StartToCloseTimeout: time.Minute, RetryPolicy: policy})
	var b *Billing
	return workflow.ExecuteActivity(ctx, b.Charge, orderID).Get(ctx, nil)
}

// ChargeKeyedWorkflow: the default policy, over a charge keyed on the
// order.
func ChargeKeyedWorkflow(ctx workflow.Context, orderID string) error {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{StartToCloseTimeout: time.Minute})
	var b *Billing
	if err := workflow.ExecuteActivity(ctx, b.Status, orderID).Get(ctx, nil); err != nil {
		return err
	}
	return workflow.ExecuteActivity(ctx, b.ChargeOnce, orderID).Get(ctx, nil)
}

// ChargeByNameWorkflow names the activity by a string: its function is
// the worker's registration, not known here.
func ChargeByNameWorkflow(ctx workflow.Context, orderID string) error {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{StartToCloseTimeout: time.Minute})
	return workflow.ExecuteActivity(ctx, "Charge", orderID).Get(ctx, nil)
}

// chargeStep runs under its caller's options, which may make one
// attempt.
func chargeStep(ctx workflow.Context, orderID string) error {
	var b *Billing
	return workflow.ExecuteActivity(ctx, b.Charge, orderID).Get(ctx, nil)
}

// ConfiguredWorkflow takes MaximumAttempts from its input.
func ConfiguredWorkflow(ctx workflow.Context, orderID string, attempts int32) error {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: time.Minute,
		RetryPolicy:         &temporal.RetryPolicy{MaximumAttempts: attempts},
	})
	return chargeStep(ctx, orderID)
}

// ConfiguredChargeWorkflow runs the charge itself under the input's
// MaximumAttempts.
func ConfiguredChargeWorkflow(ctx workflow.Context, orderID string, attempts int32) error {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: time.Minute,
		RetryPolicy:         &temporal.RetryPolicy{MaximumAttempts: attempts},
	})
	var b *Billing
	return workflow.ExecuteActivity(ctx, b.Charge, orderID).Get(ctx, nil)
}

// ChargeNarrowedWorkflow narrows the options' policy to one attempt on
// the context it dispatches with.
func ChargeNarrowedWorkflow(ctx workflow.Context, orderID string) error {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{StartToCloseTimeout: time.Minute})
	ctx = workflow.WithRetryPolicy(ctx, temporal.RetryPolicy{MaximumAttempts: 1})
	var b *Billing
	return workflow.ExecuteActivity(ctx, b.Charge, orderID).Get(ctx, nil)
}

// ChargeWidenedWorkflow starts from one attempt and widens it to three:
// the charge is retried.
func ChargeWidenedWorkflow(ctx workflow.Context, orderID string) error {
	once := workflow.ActivityOptions{StartToCloseTimeout: time.Minute, RetryPolicy: &temporal.RetryPolicy{MaximumAttempts: 1}}
	ctx = workflow.WithActivityOptions(ctx, once)
	ctx = workflow.WithRetryPolicy(ctx, temporal.RetryPolicy{MaximumAttempts: 3})
	var b *Billing
	return workflow.ExecuteActivity(ctx, b.Charge, orderID).Get(ctx, nil) // want `workflow.ExecuteActivity \(RetryPolicy MaximumAttempts 3\) repeats \(\*http.Client\).Do`
}

// ChargeTunedWorkflow changes a field of the options' RetryPolicy after
// the fact: its attempts are not read here.
func ChargeTunedWorkflow(ctx workflow.Context, orderID string) error {
	ao := workflow.ActivityOptions{StartToCloseTimeout: time.Minute, RetryPolicy: &temporal.RetryPolicy{MaximumAttempts: 4}}
	ao.RetryPolicy.MaximumAttempts = 1
	ctx = workflow.WithActivityOptions(ctx, ao)
	var b *Billing
	return workflow.ExecuteActivity(ctx, b.Charge, orderID).Get(ctx, nil)
}

// runStep dispatches the step it is given under its caller's options.
func runStep(ctx workflow.Context, step func(context.Context, string) error, orderID string) error {
	return workflow.ExecuteActivity(ctx, step, orderID).Get(ctx, nil)
}

// StepsWorkflow runs the charge through runStep, under options runStep
// does not see.
func StepsWorkflow(ctx workflow.Context, orderID string) error {
	var b *Billing
	return runStep(ctx, b.Charge, orderID)
}

// runRetried dispatches the step it is given under Temporal's default
// policy: a helper whose callers' steps are retried.
func runRetried(ctx workflow.Context, step func(context.Context, string) error, orderID string) error {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{StartToCloseTimeout: time.Minute})
	return workflow.ExecuteActivity(ctx, step, orderID).Get(ctx, nil)
}

// RetriedStepsWorkflow charges through runRetried.
func RetriedStepsWorkflow(ctx workflow.Context, orderID string) error {
	var b *Billing
	return runRetried(ctx, b.Charge, orderID) // want `runRetried \(Temporal.s default RetryPolicy: unlimited attempts\) repeats \(\*http.Client\).Do, which sends an HTTP request`
}

// RegisterBilling registers the charge under a name of its own, which
// ChargeNamedWorkflow dispatches.
func RegisterBilling(w worker.ActivityRegistry, b *Billing) {
	w.RegisterActivityWithOptions(b.Charge, activity.RegisterOptions{Name: "charge-order"})
	w.RegisterActivityWithOptions(b, activity.RegisterOptions{Name: "billing."})
}

// ChargeNamedWorkflow dispatches the charge by its registered name.
func ChargeNamedWorkflow(ctx workflow.Context, orderID string) error {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{StartToCloseTimeout: time.Minute})
	return workflow.ExecuteActivity(ctx, "charge-order", orderID).Get(ctx, nil) // want `workflow.ExecuteActivity \(Temporal's default RetryPolicy: unlimited attempts\) repeats \(\*http.Client\).Do`
}

// AnnounceNamedWorkflow dispatches the publish by its prefixed name.
func AnnounceNamedWorkflow(ctx workflow.Context, orderID string) error {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{StartToCloseTimeout: time.Minute})
	return workflow.ExecuteActivity(ctx, "billing.Announce", orderID).Get(ctx, nil) // want `workflow.ExecuteActivity \(Temporal's default RetryPolicy: unlimited attempts\) repeats .*, which publishes a Kafka message`
}

// withBilling puts the billing activities' options on a context.
func withBilling(ctx workflow.Context) workflow.Context {
	return workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: time.Minute,
		RetryPolicy:         &temporal.RetryPolicy{MaximumAttempts: 8},
	})
}

// withOneAttempt puts options that make one attempt on a context.
func withOneAttempt(ctx workflow.Context) workflow.Context {
	return workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: time.Minute,
		RetryPolicy:         &temporal.RetryPolicy{MaximumAttempts: 1},
	})
}

// HelperOptionsWorkflow takes its options from a function of the package.
func HelperOptionsWorkflow(ctx workflow.Context, orderID string) error {
	var b *Billing
	if err := workflow.ExecuteActivity(withOneAttempt(ctx), b.Charge, orderID).Get(ctx, nil); err != nil {
		return err
	}
	ctx = withBilling(ctx)
	return workflow.ExecuteActivity(ctx, b.Announce, orderID).Get(ctx, nil) // want `workflow.ExecuteActivity \(RetryPolicy MaximumAttempts 8\) repeats .*, which publishes a Kafka message`
}
