// Package executorkeyonce builds every request with an idempotency key,
// the caller's or one made for the request, before its executor retries
// it: every attempt re-sends the same key, so the server deduplicates
// them, whatever the key was made from.
package executorkeyonce

import (
	"context"
	"errors"
	"math/rand/v2"
	"net/http"
	"time"

	"github.com/google/uuid"
)

type Params struct{ IdempotencyKey *string }

type Backend struct{ hc *http.Client }

func (b *Backend) NewRequest(ctx context.Context, method, url string, p *Params) (*http.Request, error) {
	req, err := http.NewRequestWithContext(ctx, method, url, nil)
	if err != nil {
		return nil, err
	}
	switch {
	case p != nil && p.IdempotencyKey != nil:
		req.Header.Add("Idempotency-Key", *p.IdempotencyKey)
	case method == http.MethodPost:
		req.Header.Add("Idempotency-Key", uuid.NewString())
	}
	return req, nil
}

func (b *Backend) Do(req *http.Request) (*http.Response, error) {
	for retry := 0; retry < 3; retry++ {
		resp, err := b.hc.Do(req)
		if err == nil {
			return resp, nil
		}
		time.Sleep(time.Duration(rand.Int64N(int64(time.Second))))
	}
	return nil, errors.New("gave up")
}
