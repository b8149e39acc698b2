// Package asynqtasks handles tasks that asynq retries when their handler
// fails: 25 retries unless the task was enqueued with asynq.MaxRetry.
package asynqtasks

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"net/http"

	"example.com/billing/tasks"
	"example.com/warehouse/export"
	"github.com/hibiken/asynq"
)

const (
	TypeWelcome = "user:welcome"
	TypeCharge  = "order:charge"
	TypeReceipt = "order:receipt"
	TypeRefund  = "order:refund"
	TypeLookup  = "user:lookup"
)

type chargePayload struct {
	Order  string
	Amount int
}

// sendWelcome posts the welcome e-mail: a retry after a lost response
// sends it twice.
func sendWelcome(ctx context.Context, t *asynq.Task) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://mail.example/send", bytes.NewReader(t.Payload()))
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// ChargeProcessor charges the card of an order.
type ChargeProcessor struct {
	client *http.Client
}

func (p *ChargeProcessor) ProcessTask(ctx context.Context, t *asynq.Task) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://pay.example/charges", bytes.NewReader(t.Payload()))
	if err != nil {
		return err
	}
	resp, err := p.client.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// refund posts the refund with a key taken from the task's payload: the
// payment service applies a repeated key once.
func refund(ctx context.Context, t *asynq.Task) error {
	var p chargePayload
	if err := json.Unmarshal(t.Payload(), &p); err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://pay.example/refunds", bytes.NewReader(t.Payload()))
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", "refund-"+p.Order)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// lookup only reads.
func lookup(ctx context.Context, t *asynq.Task) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "https://users.example/"+string(t.Payload()), nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// sendReceipt posts the receipt; its tasks are enqueued with
// asynq.MaxRetry(0), so asynq runs it once.
func sendReceipt(ctx context.Context, t *asynq.Task) error {
	resp, err := http.Post("https://mail.example/receipts", "application/json", bytes.NewReader(t.Payload()))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// sendDigest posts the digest; package tasks builds its tasks with
// asynq.MaxRetry(0).
func sendDigest(ctx context.Context, t *asynq.Task) error {
	resp, err := http.Post("https://mail.example/digest", "application/json", bytes.NewReader(t.Payload()))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// sendDunning posts the reminder; package tasks builds its tasks with
// the default retries.
func sendDunning(ctx context.Context, t *asynq.Task) error {
	resp, err := http.Post("https://mail.example/dunning", "application/json", bytes.NewReader(t.Payload()))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Enqueue submits the tasks of this package.
func Enqueue(c *asynq.Client, order []byte) error {
	if _, err := c.Enqueue(asynq.NewTask(TypeCharge, order, asynq.MaxRetry(3))); err != nil {
		return err
	}
	receipt := asynq.NewTask(TypeReceipt, order)
	_, err := c.Enqueue(receipt, asynq.MaxRetry(0))
	return err
}

// Register registers the handlers of this package.
func Register(mux *asynq.ServeMux) {
	mux.HandleFunc(TypeWelcome, sendWelcome)            // want `mux.HandleFunc \(asynq retries a failed task up to 25 times by default\) repeats \(\*http.Client\).Do, which sends an HTTP request: a retry after a lost acknowledgement does it again; send an idempotency key derived from the input, or do not retry`
	mux.Handle(TypeCharge, &ChargeProcessor{})          // want `mux.Handle \(asynq.MaxRetry\(3\) at asynqtasks.go:\d+\) repeats \(\*http.Client\).Do`
	mux.HandleFunc(tasks.TypeDunning, sendDunning)      // want `mux.HandleFunc \(asynq retries a failed task up to 25 times by default\) repeats http.Post`
	mux.Handle(TypeRefund, asynq.HandlerFunc(refund))   // keyed from the payload
	mux.HandleFunc(TypeLookup, lookup)                  // a read
	mux.HandleFunc(TypeReceipt, sendReceipt)            // enqueued with MaxRetry(0)
	mux.HandleFunc(tasks.TypeDigest, sendDigest)        // built with MaxRetry(0) in package tasks
	mux.Handle("user:", asynq.HandlerFunc(sendWelcome)) // want `mux.Handle \(asynq retries a failed task up to 25 times by default\) repeats \(\*http.Client\).Do`
}

// Serve runs a server whose one handler appends the day's export.
func Serve(srv *asynq.Server, db *sql.DB) error {
	return srv.Run(asynq.HandlerFunc(func(ctx context.Context, t *asynq.Task) error { // want `srv.Run \(asynq retries a failed task up to 25 times by default\) repeats export.Day, which inserts into daily_orders`
		return export.Day(ctx, db, string(t.Payload()))
	}))
}

// ServeMux runs a server with the mux: its handlers are registered on it
// and judged there.
func ServeMux(srv *asynq.Server, mux *asynq.ServeMux) error {
	return srv.Run(mux)
}

// ServeAny runs a handler of a type it cannot see.
func ServeAny(srv *asynq.Server, h asynq.Handler) error {
	return srv.Start(h)
}
