// Package pester sends webhooks through a github.com/sethgrid/pester
// client, which sends a request again after a 5xx or a lost response.
package pester

import (
	"bytes"
	"context"
	"net/http"

	"github.com/sethgrid/pester"
)

type hook struct {
	url    string
	client *pester.Client
}

func newHook(url string) *hook {
	c := pester.New() // want `pester.New repeats \(\*pester.Client\).Do, which sends an HTTP request: a retry after a lost acknowledgement does it again`
	c.Backoff = pester.LinearJitterBackoff
	return &hook{url: url, client: c}
}

// deliver POSTs the event: a lost response and the client posts it again.
func (h *hook) deliver(ctx context.Context, event []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, h.url, bytes.NewReader(event))
	if err != nil {
		return err
	}
	resp, err := h.client.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

type reader struct{ client *pester.Client }

func newReader() *reader {
	c := pester.New()
	c.Backoff = pester.ExponentialJitterBackoff
	return &reader{client: c}
}

// fetch only GETs: sending it twice changes nothing.
func (r *reader) fetch(url string) error {
	resp, err := r.client.Get(url)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
