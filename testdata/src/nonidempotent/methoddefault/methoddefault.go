// Package methoddefault has an SDK's request executor that takes the
// HTTP method from its caller and falls back to POST when the caller
// passes none: each call's method is the caller's, and a HEAD retried is
// no effect while a POST retried is one.
package methoddefault

import (
	"context"
	"net/http"

	"github.com/cenkalti/backoff/v4"
)

type Client struct {
	hc   *http.Client
	base string
}

func (c *Client) newRequest(ctx context.Context, method, path string) (*http.Request, error) {
	if method == "" {
		method = http.MethodPost
	}
	return http.NewRequestWithContext(ctx, method, c.base+path, nil)
}

func (c *Client) execute(ctx context.Context, method, path string) (*http.Response, error) {
	req, err := c.newRequest(ctx, method, path)
	if err != nil {
		return nil, err
	}
	return c.hc.Do(req)
}

// Stat asks for an object's metadata.
func (c *Client) Stat(ctx context.Context, path string) error {
	resp, err := c.execute(ctx, http.MethodHead, path)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Notify posts an event.
func (c *Client) Notify(ctx context.Context, path string) error {
	resp, err := c.execute(ctx, http.MethodPost, path)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func waitForObject(ctx context.Context, c *Client, path string) error {
	return backoff.Retry(func() error { return c.Stat(ctx, path) }, backoff.WithContext(backoff.NewExponentialBackOff(), ctx))
}

func notify(ctx context.Context, c *Client, path string) error {
	return backoff.Retry(func() error { return c.Notify(ctx, path) }, backoff.WithContext(backoff.NewExponentialBackOff(), ctx)) // want `backoff.Retry repeats \(\*methoddefault.Client\).Notify, which sends an HTTP request: a retry after a lost acknowledgement does it again`
}
