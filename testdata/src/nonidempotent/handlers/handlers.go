// Package handlers retries through handlers it cannot see: the next stage
// of a pipeline, the next function of a middleware chain, a transport
// held as a function value. Each takes a request and answers with its
// response, so each sends it, whatever stage or function it turns out to
// be.
package handlers

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"net/http"
	"time"

	"example.com/pipeline"
)

func jitter() time.Duration { return time.Duration(rand.Int64N(int64(time.Second))) }

var errExhausted = errors.New("attempts exhausted")

// RetryStage is a pipeline stage that hands every request on again after
// a failure, whatever its method.
type RetryStage struct{ attempts int }

func (s *RetryStage) Handle(r *pipeline.Request) (*http.Response, error) {
	var lastErr error
	for i := 0; i < s.attempts; i++ { // want `retry loop re-sends requests of any method through \(\*pipeline.Request\).Next, POST included, with no idempotency key`
		resp, err := r.Copy().Next()
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		lastErr = err
		time.Sleep(jitter())
	}
	return nil, lastErr
}

// RoundTrip is the shape of a transport held as a function value.
type RoundTrip func(*http.Request) (*http.Response, error)

// Client sends through whatever chain it was built with.
type Client struct {
	send RoundTrip
	base string
}

// Execute re-sends the caller's request through the chain.
func (c *Client) Execute(req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ { // want `retry loop re-sends requests of any method through c.send`
		resp, err := c.send(req.Clone(req.Context()))
		if err == nil {
			return resp, nil
		}
		time.Sleep(jitter())
	}
	return nil, errExhausted
}

// Submit builds a POST and re-sends it through the chain.
func (c *Client) Submit(ctx context.Context, body []byte) error {
	for attempt := 0; attempt < 3; attempt++ { // want `retry loop repeats c.send, which sends an HTTP request`
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+"/jobs", bytes.NewReader(body))
		if err != nil {
			return err
		}
		resp, err := c.send(req)
		if err == nil {
			return resp.Body.Close()
		}
		time.Sleep(jitter())
	}
	return errExhausted
}

// Replay goes round while a predicate of the outcome says retry and
// attempts remain, re-sending the caller's request through the chain.
func (c *Client) Replay(req *http.Request) (*http.Response, error) {
	var resp *http.Response
	var err error
	for attempt := 0; ; attempt++ { // want `retry loop re-sends requests of any method through c.send`
		resp, err = c.send(req.Clone(req.Context()))
		if !retryable(resp, err) || attempt >= 3 {
			break
		}
		time.Sleep(jitter())
	}
	return resp, err
}

func retryable(resp *http.Response, err error) bool {
	return err != nil || resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500
}

// withRetries runs op again while its failure says retry: the flag is
// set from the error, then the caller's hooks may overrule it.
func withRetries(op func() (*http.Response, error), hooks ...func(error) bool) error {
	for attempt := 0; attempt < 4; attempt++ {
		_, err := op()
		again := err != nil && !errors.Is(err, context.Canceled)
		for _, hook := range hooks {
			if again = hook(err); again {
				break
			}
		}
		if !again {
			return err
		}
		time.Sleep(jitter())
	}
	return errExhausted
}

// Deliver re-sends the caller's request through the helper.
func (c *Client) Deliver(req *http.Request) error {
	return withRetries(func() (*http.Response, error) { // want `withRetries re-sends requests of any method through c.send`
		return c.send(req)
	})
}

// Negatives.

// SafeStage hands a request on again only when its method is idempotent.
type SafeStage struct{}

func (SafeStage) Handle(r *pipeline.Request) (*http.Response, error) {
	for attempt := 0; ; attempt++ {
		resp, err := r.Copy().Next()
		if err == nil {
			return resp, nil
		}
		if m := r.Raw().Method; m != http.MethodGet && m != http.MethodHead || attempt == 2 {
			return nil, err
		}
		time.Sleep(jitter())
	}
}

// Status re-sends a GET through the chain.
func (c *Client) Status(ctx context.Context) error {
	for attempt := 0; attempt < 3; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.base+"/status", nil)
		if err != nil {
			return err
		}
		resp, err := c.send(req)
		if err == nil {
			return resp.Body.Close()
		}
		time.Sleep(jitter())
	}
	return errExhausted
}

// Validated retries a check that looks at the request and sends nothing:
// a function value that answers with an error only is no transport.
func Validated(r *pipeline.Request, check func(*pipeline.Request) error) error {
	for attempt := 0; attempt < 3; attempt++ {
		if err := r.Observe(check); err == nil {
			return nil
		}
		time.Sleep(jitter())
	}
	return errExhausted
}

// Retrying wraps the next function of a middleware chain. The request
// is the parameter of a function literal: which requests it gets depends
// on who calls the handler Retrying returns (a transport a websocket dial
// uses gets its GET upgrade only), which cannot be told here: silent.
func Retrying(next RoundTrip) RoundTrip {
	return func(req *http.Request) (*http.Response, error) {
		for attempt := 0; ; attempt++ {
			resp, err := next(req)
			if err == nil || attempt == 3 {
				return resp, err
			}
			time.Sleep(jitter())
		}
	}
}
