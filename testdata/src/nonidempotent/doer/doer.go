// Package doer hides its HTTP client behind its own interface, as SDKs
// do to let callers swap the transport: a call through it sends a request
// as (*http.Client).Do does.
package doer

import (
	"math/rand/v2"
	"net/http"
	"time"
)

type httpClient interface {
	Do(*http.Request) (*http.Response, error)
}

// retryClient wraps another client and retries what it sends.
type retryClient struct {
	client httpClient
}

var _ httpClient = (*retryClient)(nil)

func newClient() httpClient { return &retryClient{client: &http.Client{}} }

func (c *retryClient) Do(req *http.Request) (*http.Response, error) {
	var lastErr error
	for attempt := range 3 { // want `retry loop re-sends requests of any method through \(doer.httpClient\).Do, POST included, with no idempotency key`
		if attempt > 0 && req.GetBody != nil {
			body, err := req.GetBody()
			if err != nil {
				return nil, err
			}
			req.Body = body
		}
		resp, err := c.client.Do(req)
		if err == nil && resp.StatusCode < http.StatusInternalServerError {
			return resp, nil
		}
		lastErr = err
		time.Sleep(rand.N(time.Duration(attempt+1) * time.Second))
	}
	return nil, lastErr
}

// getOnly retries only what it may repeat.
func (c *retryClient) getOnly(req *http.Request) (*http.Response, error) {
	var lastErr error
	for attempt := range 3 {
		resp, err := c.client.Do(req)
		if err == nil || req.Method != http.MethodGet {
			return resp, err
		}
		lastErr = err
		time.Sleep(rand.N(time.Duration(attempt+1) * time.Second))
	}
	return nil, lastErr
}
