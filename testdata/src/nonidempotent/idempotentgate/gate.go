// Package idempotentgate retries through a helper of its own that calls
// the operation once unless the caller says it is idempotent: a caller
// that passes false is never retried, and one that passes true declares
// its operation safe to repeat, which the check trusts.
package idempotentgate

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"net/http"
	"time"
)

var errGaveUp = errors.New("gave up")

func do(ctx context.Context, op func(context.Context) error, idempotent bool) error {
	if !idempotent {
		return op(ctx)
	}
	for attempt := 0; attempt < 4; attempt++ {
		if err := op(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Duration(rand.Int64N(int64(time.Second)))):
		}
	}
	return errGaveUp
}

type Client struct {
	hc   *http.Client
	base string
}

func (c *Client) post(ctx context.Context, path string, body []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	_, err = c.hc.Do(req)
	return err
}

// CreateOrder posts once: the helper does not retry it.
func (c *Client) CreateOrder(ctx context.Context, body []byte) error {
	return do(ctx, func(ctx context.Context) error { return c.post(ctx, "/orders", body) }, false)
}

// Search is a POST that only reads: the caller declares it idempotent.
func (c *Client) Search(ctx context.Context, body []byte) error {
	return do(ctx, func(ctx context.Context) error { return c.post(ctx, "/search", body) }, true)
}

// A helper with no gate retries whatever it is given.
func always(ctx context.Context, op func(context.Context) error) error {
	var err error
	for attempt := 0; attempt < 4; attempt++ {
		if err = op(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Duration(rand.Int64N(int64(time.Second)))):
		}
	}
	return err
}

func (c *Client) CreateInvoice(ctx context.Context, body []byte) error {
	return always(ctx, func(ctx context.Context) error { return c.post(ctx, "/invoices", body) }) // want `always repeats \(\*idempotentgate.Client\).post, which sends an HTTP request`
}

// A flag that is not a gate: verbose only logs, and the helper retries
// on both of its values.
func logged(ctx context.Context, op func(context.Context) error, verbose bool) error {
	var err error
	for attempt := 0; attempt < 4; attempt++ {
		if err = op(ctx); err == nil {
			return nil
		}
		if verbose {
			println("attempt failed:", err.Error())
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Duration(rand.Int64N(int64(time.Second)))):
		}
	}
	return err
}

func (c *Client) CreateRefund(ctx context.Context, body []byte) error {
	return logged(ctx, func(ctx context.Context) error { return c.post(ctx, "/refunds", body) }, true) // want `logged repeats \(\*idempotentgate.Client\).post, which sends an HTTP request`
}

// The gate as a field of the policy the caller passes, with the retry
// loop under it and the single call after it.
type Policy struct {
	Idempotent bool
	Attempts   int
}

func run(ctx context.Context, p Policy, op func(context.Context) error) error {
	if p.Idempotent {
		var err error
		for attempt := 0; attempt < p.Attempts; attempt++ {
			if err = op(ctx); err == nil {
				return nil
			}
			time.Sleep(time.Duration(rand.Int64N(int64(time.Second))))
		}
		return err
	}
	return op(ctx)
}

func (c *Client) CreateShipment(ctx context.Context, body []byte) error {
	return run(ctx, Policy{Attempts: 3}, func(ctx context.Context) error { return c.post(ctx, "/shipments", body) })
}

// A condition that calls a function of another package before the flag.
func guarded(ctx context.Context, op func(context.Context) error, idempotent bool) error {
	if errors.Is(ctx.Err(), context.Canceled) || !idempotent {
		return op(ctx)
	}
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = op(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Duration(rand.Int64N(int64(time.Second))))
	}
	return err
}

func (c *Client) CreateCoupon(ctx context.Context, body []byte) error {
	return guarded(ctx, func(ctx context.Context) error { return c.post(ctx, "/coupons", body) }, false)
}
