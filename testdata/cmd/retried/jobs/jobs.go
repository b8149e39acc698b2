// Package jobs holds the tasks Airflow runs.
package jobs

import (
	"bytes"
	"context"
	"net/http"
)

// Exporter sends the day's orders to the partner.
type Exporter struct {
	client *http.Client
	url    string
}

// Run POSTs the batch with no idempotency key: each retry sends it again.
func (e *Exporter) Run(ctx context.Context, batch []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, e.url, bytes.NewReader(batch))
	if err != nil {
		return err
	}
	resp, err := e.client.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Preview is the same POST, run by hand: nothing retries it.
func (e *Exporter) Preview(ctx context.Context, batch []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, e.url, bytes.NewReader(batch))
	if err != nil {
		return err
	}
	resp, err := e.client.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
