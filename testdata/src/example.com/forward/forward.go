// want package:"effects"

// Package forward sends requests its callers build: the functions that
// pass a request on have no effect of their own; a call of one has the
// effect of the request it passes.
package forward

import (
	"bytes"
	"context"
	"net/http"
)

type Client struct {
	hc   *http.Client
	base string
}

// Send sends the caller's request, whatever its method.
func (c *Client) Send(req *http.Request) (*http.Response, error) { // want Send:`sends the caller's request, from parameter 0 \(\(\*http.Client\).Do\)`
	return c.hc.Do(req)
}

// SendCtx derives a request from the caller's and sends it through Send.
func (c *Client) SendCtx(ctx context.Context, req *http.Request) (*http.Response, error) { // want SendCtx:`sends the caller's request, from parameter 1 \(\(\*forward.Client\).Send → \(\*http.Client\).Do\)`
	return c.Send(req.WithContext(ctx))
}

// Call builds the request with the caller's method.
func (c *Client) Call(ctx context.Context, method, path string, body []byte) (*http.Response, error) { // want Call:`sends the caller's request, from parameter 1`
	req, err := c.newRequest(ctx, method, path, body)
	if err != nil {
		return nil, err
	}
	return c.Send(req)
}

func (c *Client) newRequest(ctx context.Context, method, path string, body []byte) (*http.Request, error) {
	return http.NewRequestWithContext(ctx, method, c.base+path, bytes.NewReader(body))
}

// CreateOrder POSTs through the forwarders: an effect.
func (c *Client) CreateOrder(ctx context.Context, body []byte) error { // want CreateOrder:`external: sends an HTTP request \(\(\*forward.Client\).Call → \(\*forward.Client\).Send → \(\*http.Client\).Do\)`
	resp, err := c.Call(ctx, http.MethodPost, "/orders", body)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Order GETs through them: none.
func (c *Client) Order(ctx context.Context, id string) error {
	resp, err := c.Call(ctx, http.MethodGet, "/orders/"+id, nil)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Refund builds the POST with a builder of the package and sends it.
func (c *Client) Refund(ctx context.Context, body []byte) error { // want Refund:`external: sends an HTTP request \(\(\*forward.Client\).Send → \(\*http.Client\).Do\)`
	req, err := c.newRequest(ctx, "POST", "/refunds", body)
	if err != nil {
		return err
	}
	resp, err := c.Send(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
