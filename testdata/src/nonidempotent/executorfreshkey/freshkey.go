// Package executorfreshkey makes a new idempotency key in every attempt:
// the server sees a new request each time, so the key deduplicates
// nothing.
package executorfreshkey

import (
	"errors"
	"math/rand/v2"
	"net/http"
	"time"

	"github.com/google/uuid"
)

type Client struct{ hc *http.Client }

func (c *Client) Do(req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 4; attempt++ { // want `retry loop re-sends requests of any method through \(\*http.Client\).Do, POST included, with no idempotency key`
		req.Header.Set("Idempotency-Key", uuid.NewString())
		resp, err := c.hc.Do(req)
		if err == nil {
			return resp, nil
		}
		time.Sleep(time.Duration(rand.Int64N(int64(time.Second))))
	}
	return nil, errors.New("gave up")
}
