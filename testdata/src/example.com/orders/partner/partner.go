// want package:"effects"

// Package partner calls a partner's API.
package partner

import (
	"bytes"
	"context"
	"net/http"

	"github.com/google/uuid"
)

// Notify POSTs the order with no idempotency key.
func Notify(ctx context.Context, c *http.Client, body []byte) error { // want Notify:`external: sends an HTTP request`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://partner.example/orders", bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// NotifyKeyed sends the order id as the idempotency key.
func NotifyKeyed(ctx context.Context, c *http.Client, orderID string, body []byte) error {
	req, err := http.NewRequestWithContext(ctx, "POST", "https://partner.example/orders", bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", orderID)
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// NotifyFreshKey sends a key made by the execution: no key at all.
func NotifyFreshKey(ctx context.Context, c *http.Client, body []byte) error { // want NotifyFreshKey:`external`
	req, err := http.NewRequestWithContext(ctx, "POST", "https://partner.example/orders", bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", uuid.NewString())
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Status GETs the order's status.
func Status(ctx context.Context, c *http.Client, id string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "https://partner.example/orders/"+id, nil)
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// PostForm posts a form.
func PostForm(c *http.Client, url string) error { // want PostForm:`external: sends an HTTP POST`
	resp, err := c.PostForm(url, nil)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
