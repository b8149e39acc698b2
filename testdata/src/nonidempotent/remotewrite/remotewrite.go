// Package remotewrite ships samples to a remote-write receiver under a
// retry: the receiver stores a sample by its series and timestamp, so a
// batch sent twice stores nothing twice. An event posted to a store that
// keeps every request is judged as ever.
package remotewrite

import (
	"bytes"
	"context"
	"net/http"

	retry "github.com/avast/retry-go/v4"
	"github.com/prometheus/prometheus/storage/remote"
)

type Shipper struct {
	wc     remote.WriteClient
	direct *remote.Client
	hc     *http.Client
}

func (s *Shipper) Ship(ctx context.Context, batch []byte) error {
	attempt := 0
	return retry.Do(func() error {
		_, err := s.wc.Store(ctx, batch, attempt)
		attempt++
		return err
	})
}

func (s *Shipper) ShipDirect(ctx context.Context, batch []byte) error {
	return retry.Do(func() error {
		_, err := s.direct.Store(ctx, batch, 0)
		return err
	})
}

// The near miss: an event store appends every POST it receives.
func (s *Shipper) RecordEvent(ctx context.Context, event []byte) error {
	return retry.Do(func() error { // want `retry.Do repeats \(\*http.Client\).Do, which sends an HTTP request`
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://events.example/api/v1/events", bytes.NewReader(event))
		if err != nil {
			return err
		}
		_, err = s.hc.Do(req)
		return err
	})
}
