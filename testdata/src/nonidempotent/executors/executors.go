// Package executors holds request executors: one function sends every
// request of an SDK and retries it, so a POST is re-sent as readily as a
// GET.
package executors

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"net/http"
	"time"

	retry "github.com/avast/retry-go/v4"

	"example.com/forward"
)

type Client struct {
	hc        *http.Client
	transport http.RoundTripper
	base      string
}

func jitter() time.Duration { return time.Duration(rand.Int64N(int64(time.Second))) }

var errGaveUp = errors.New("gave up")

// Do re-sends the caller's request on any error: a POST whose response
// was lost is sent again.
func (c *Client) Do(req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 4; attempt++ { // want `retry loop re-sends requests of any method through \(\*http.Client\).Do, POST included, with no idempotency key: a retry after a lost response sends a POST or PATCH again; retry only idempotent methods, or set an idempotency key derived from the input`
		resp, err := c.hc.Do(req)
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		time.Sleep(jitter())
	}
	return nil, errGaveUp
}

// Call takes the method from its caller and builds the request anew for
// each attempt.
func (c *Client) Call(ctx context.Context, method, path string, body []byte) (*http.Response, error) {
	for attempt := 0; attempt < 4; attempt++ { // want `retry loop re-sends requests of any method through \(\*http.Client\).Do`
		req, err := http.NewRequestWithContext(ctx, method, c.base+path, bytes.NewReader(body))
		if err != nil {
			return nil, err
		}
		resp, err := c.hc.Do(req)
		if err == nil {
			return resp, nil
		}
		time.Sleep(jitter())
	}
	return nil, errGaveUp
}

// Perform retries through a method of its own that sends on the
// transport, as transport libraries do.
func (c *Client) Perform(req *http.Request) (*http.Response, error) {
	req = req.WithContext(context.WithoutCancel(req.Context()))
	for attempt := 0; attempt < 3; attempt++ { // want `retry loop re-sends requests of any method through \(\*executors.Client\).roundTrip`
		res, err := c.roundTrip(req)
		if err == nil {
			return res, nil
		}
		time.Sleep(jitter())
	}
	return nil, errGaveUp
}

func (c *Client) roundTrip(req *http.Request) (*http.Response, error) {
	return c.transport.RoundTrip(req)
}

// Retried re-sends the caller's request through a retry library.
func Retried(ctx context.Context, hc *http.Client, req *http.Request) error {
	return retry.Do(func() error { // want `retry.Do re-sends requests of any method through \(\*http.Client\).Do`
		resp, err := hc.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}, retry.Context(ctx))
}

// ThroughSDK retries another package's forwarder with its caller's
// request.
func ThroughSDK(c *forward.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ { // want `retry loop re-sends requests of any method through \(\*forward.Client\).Send`
		resp, err := c.Send(req)
		if err == nil {
			return resp, nil
		}
		time.Sleep(jitter())
	}
	return nil, errGaveUp
}

// A method check that does not decide the retry: the POST is still
// re-sent.
func (c *Client) DoJSON(req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 4; attempt++ { // want `retry loop re-sends requests of any method`
		if req.Method == http.MethodPost {
			req.Header.Set("Content-Type", "application/json")
		}
		resp, err := c.hc.Do(req)
		if err == nil {
			return resp, nil
		}
		time.Sleep(jitter())
	}
	return nil, errGaveUp
}

// POSTs sent through another package's forwarder, retried.
func CreateOrder(ctx context.Context, c *forward.Client, body []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://shop.example/orders", bytes.NewReader(body))
	if err != nil {
		return err
	}
	return retry.Do(func() error { // want `retry.Do repeats \(\*forward.Client\).Send, which sends an HTTP request`
		resp, err := c.Send(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

// Negatives.

// GETOnly goes round again only for a GET or a HEAD.
func (c *Client) GETOnly(req *http.Request) (*http.Response, error) {
	for attempt := 0; ; attempt++ {
		resp, err := c.hc.Do(req)
		if err == nil {
			return resp, nil
		}
		if req.Method != http.MethodGet && req.Method != http.MethodHead || attempt == 3 {
			return nil, err
		}
		time.Sleep(jitter())
	}
}

var idempotent = map[string]bool{http.MethodGet: true, http.MethodHead: true, http.MethodPut: true, http.MethodDelete: true}

// Allowlisted retries the idempotent methods only.
func (c *Client) Allowlisted(req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 4; attempt++ {
		resp, err := c.hc.Do(req)
		if err == nil {
			return resp, nil
		}
		if !idempotent[req.Method] {
			return nil, err
		}
		time.Sleep(jitter())
	}
	return nil, errGaveUp
}

// Checked asks a predicate of the package, which reads the method.
func (c *Client) Checked(req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 4; attempt++ {
		resp, err := c.hc.Do(req)
		if err == nil {
			return resp, nil
		}
		if !retryable(req, err) {
			return nil, err
		}
		time.Sleep(jitter())
	}
	return nil, errGaveUp
}

func retryable(req *http.Request, err error) bool {
	switch req.Method {
	case http.MethodGet, http.MethodHead, http.MethodOptions:
		return !errors.Is(err, context.Canceled)
	}
	return false
}

// Health builds its own GET in every attempt.
func (c *Client) Health(ctx context.Context) error {
	for attempt := 0; attempt < 4; attempt++ {
		req, err := c.newRequest(ctx, http.MethodGet, "/health")
		if err != nil {
			return err
		}
		resp, err := c.hc.Do(req)
		if err == nil {
			return resp.Body.Close()
		}
		time.Sleep(jitter())
	}
	return errGaveUp
}

func (c *Client) newRequest(ctx context.Context, method, path string) (*http.Request, error) {
	return http.NewRequestWithContext(ctx, method, c.base+path, nil)
}

// Forward sends the caller's request once: no retry, nothing to report,
// and no effect for its callers.
func (c *Client) Forward(req *http.Request) (*http.Response, error) {
	return c.hc.Do(req)
}

// RetryStatus retries a GET through the forwarder.
func (c *Client) RetryStatus(ctx context.Context) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.base+"/status", nil)
	if err != nil {
		return err
	}
	return retry.Do(func() error {
		resp, err := c.Forward(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}
