// Package remote is a test stub of github.com/prometheus/prometheus@v0.308.1: exported API only, bodies are not real.
package remote

import (
	"bytes"
	"context"
	"net/http"
)

// WriteResponseStats counts what the receiver says it wrote.
type WriteResponseStats struct {
	Samples    int
	Histograms int
	Exemplars  int
	Confirmed  bool
}

// WriteClient sends a batch of samples to a remote time-series database.
type WriteClient interface {
	Store(ctx context.Context, req []byte, retryAttempt int) (WriteResponseStats, error)
	Name() string
	Endpoint() string
}

// Client is the remote read and write client.
type Client struct {
	Client *http.Client
}

// Store POSTs one snappy-compressed write request.
func (c *Client) Store(ctx context.Context, req []byte, attempt int) (WriteResponseStats, error) {
	httpReq, err := http.NewRequest(http.MethodPost, "http://receiver.example/api/v1/write", bytes.NewReader(req))
	if err != nil {
		return WriteResponseStats{}, err
	}
	_, err = c.Client.Do(httpReq.WithContext(ctx))
	return WriteResponseStats{}, err
}

// Name identifies the remote storage.
func (c *Client) Name() string { return "" }

// Endpoint is the URL requests are sent to.
func (c *Client) Endpoint() string { return "" }
