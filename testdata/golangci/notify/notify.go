// Package notify sends a webhook. What Send does reaches deliver as a fact
// across the package boundary.
package notify

import (
	"bytes"
	"context"
	"net/http"
)

// Send posts body to url.
func Send(ctx context.Context, c *http.Client, url string, body []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
