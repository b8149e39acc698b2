// Package temporal runs activities that can fail for good, under
// Temporal's RetryPolicy, which retries every error it is not told is
// non-retryable.
package temporal

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"

	"catchall/temporal/labels"
)

type shipment struct {
	Carrier string `json:"carrier"`
}

// Ship decodes the order's shipment: a malformed one fails on every
// attempt.
func Ship(ctx context.Context, raw []byte) error {
	var s shipment
	if err := json.Unmarshal(raw, &s); err != nil {
		return err
	}
	return book(ctx, s)
}

func book(ctx context.Context, s shipment) error {
	if s.Carrier == "" {
		return errors.New("no carrier")
	}
	return nil
}

// ShipMarked says so: the malformed shipment fails once.
func ShipMarked(ctx context.Context, raw []byte) error {
	var s shipment
	if err := json.Unmarshal(raw, &s); err != nil {
		return temporal.NewNonRetryableApplicationError("malformed shipment", "MalformedShipment", err)
	}
	return book(ctx, s)
}

// ShipOptioned marks it through the error's options.
func ShipOptioned(ctx context.Context, raw []byte) error {
	var s shipment
	if err := json.Unmarshal(raw, &s); err != nil {
		return temporal.NewApplicationErrorWithOptions("malformed shipment", "MalformedShipment", temporal.ApplicationErrorOptions{NonRetryable: true, Cause: err})
	}
	return book(ctx, s)
}

// Ping has no terminal error to speak of.
func Ping(ctx context.Context) error { return nil }

var options = workflow.ActivityOptions{StartToCloseTimeout: time.Minute, ScheduleToCloseTimeout: time.Hour}

// ShipWorkflow retries the decoding error until its deadline.
func ShipWorkflow(ctx workflow.Context, raw []byte) error {
	ctx = workflow.WithActivityOptions(ctx, options)
	return workflow.ExecuteActivity(ctx, Ship, raw).Get(ctx, nil) // want `workflow.ExecuteActivity \(Temporal's default RetryPolicy: unlimited attempts within ScheduleToCloseTimeout\) retries every error, terminal ones included \(its operation can fail with a JSON decoding error from json.Unmarshal\): .*; return temporal.NewNonRetryableApplicationError\(\.\.\., err\) for terminal errors`
}

// Negatives.

func ShipMarkedWorkflow(ctx workflow.Context, raw []byte) error {
	ctx = workflow.WithActivityOptions(ctx, options)
	if err := workflow.ExecuteActivity(ctx, ShipMarked, raw).Get(ctx, nil); err != nil {
		return err
	}
	return workflow.ExecuteActivity(ctx, ShipOptioned, raw).Get(ctx, nil)
}

// ShipTypedWorkflow lists the decoding error's type as non-retryable.
func ShipTypedWorkflow(ctx workflow.Context, raw []byte) error {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: time.Minute,
		RetryPolicy:         &temporal.RetryPolicy{MaximumAttempts: 10, NonRetryableErrorTypes: []string{"SyntaxError"}},
	})
	return workflow.ExecuteActivity(ctx, Ship, raw).Get(ctx, nil)
}

// PingWorkflow retries an activity with no terminal error.
func PingWorkflow(ctx workflow.Context) error {
	ctx = workflow.WithActivityOptions(ctx, options)
	return workflow.ExecuteActivity(ctx, Ping).Get(ctx, nil)
}

// ShipOnceWorkflow makes one attempt.
func ShipOnceWorkflow(ctx workflow.Context, raw []byte) error {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: time.Minute,
		RetryPolicy:         &temporal.RetryPolicy{MaximumAttempts: 1},
	})
	return workflow.ExecuteActivity(ctx, Ship, raw).Get(ctx, nil)
}

// LabelWorkflow dispatches another package's activity, whose marks are
// not read here.
func LabelWorkflow(ctx workflow.Context, raw []byte) error {
	ctx = workflow.WithActivityOptions(ctx, options)
	return workflow.ExecuteActivity(ctx, labels.Print, raw).Get(ctx, nil)
}

// ShipChecked marks the malformed shipment through a helper of the
// package, returned through a variable.
func ShipChecked(ctx context.Context, raw []byte) error {
	var s shipment
	err := json.Unmarshal(raw, &s)
	if err != nil {
		err = malformed(err)
		return err
	}
	return book(ctx, s)
}

func malformed(err error) error {
	return temporal.NewNonRetryableApplicationError("malformed shipment", "MalformedShipment", err)
}

// ShipRetryable says NonRetryable: false: the decoding error is retried.
func ShipRetryable(ctx context.Context, raw []byte) error {
	var s shipment
	if err := json.Unmarshal(raw, &s); err != nil {
		return temporal.NewApplicationErrorWithOptions("malformed shipment", "MalformedShipment", temporal.ApplicationErrorOptions{NonRetryable: false, Cause: err})
	}
	return book(ctx, s)
}

func ShipCheckedWorkflow(ctx workflow.Context, raw []byte) error {
	ctx = workflow.WithActivityOptions(ctx, options)
	return workflow.ExecuteActivity(ctx, ShipChecked, raw).Get(ctx, nil)
}

func ShipRetryableWorkflow(ctx workflow.Context, raw []byte) error {
	ctx = workflow.WithActivityOptions(ctx, options)
	return workflow.ExecuteActivity(ctx, ShipRetryable, raw).Get(ctx, nil) // want `workflow.ExecuteActivity \(Temporal's default RetryPolicy: unlimited attempts within ScheduleToCloseTimeout\) retries every error, terminal ones included \(its operation can fail with a JSON decoding error from json.Unmarshal\)`
}
