package realmod

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"
)

// Refund asks the payment provider to refund an order, with no
// idempotency key.
func Refund(ctx context.Context, orderID string) error {
	body, err := json.Marshal(map[string]string{"order": orderID})
	if err != nil {
		return err
	}
	resp, err := http.Post("https://pay.example/v1/refunds", "application/json", bytes.NewReader(body))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// ParseRefund decodes a refund request: a malformed one never parses.
func ParseRefund(ctx context.Context, raw []byte) (string, error) {
	var r struct{ Order string }
	if err := json.Unmarshal(raw, &r); err != nil {
		return "", err
	}
	return r.Order, nil
}

// RefundWorkflow runs both under Temporal's default RetryPolicy.
func RefundWorkflow(ctx workflow.Context, raw []byte) error {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{StartToCloseTimeout: time.Minute})
	var orderID string
	if err := workflow.ExecuteActivity(ctx, ParseRefund, raw).Get(ctx, &orderID); err != nil { // finding: catchall, unbounded
		return err
	}
	return workflow.ExecuteActivity(ctx, Refund, orderID).Get(ctx, nil) // finding: nonidempotent, unbounded
}

// RefundOnceWorkflow makes one attempt.
func RefundOnceWorkflow(ctx workflow.Context, orderID string) error {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: time.Minute,
		RetryPolicy:         &temporal.RetryPolicy{MaximumAttempts: 1},
	})
	return workflow.ExecuteActivity(ctx, Refund, orderID).Get(ctx, nil)
}

// Capture charges an order; the workflow that dispatches it lives in
// another service.
func Capture(ctx context.Context, orderID string) error {
	resp, err := http.Post("https://pay.example/v1/captures", "application/json", bytes.NewReader([]byte(orderID)))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// RegisterActivities registers the refund activities, which the
// workflows above dispatch, and Capture, which nothing here does.
func RegisterActivities(w worker.Worker) {
	w.RegisterActivity(Refund)
	w.RegisterActivity(ParseRefund)
	w.RegisterActivity(Capture) // finding: nonidempotent
}
