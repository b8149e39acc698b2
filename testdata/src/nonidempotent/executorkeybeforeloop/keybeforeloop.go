// Package executorkeybeforeloop makes the idempotency key of a request
// once, before its executor's retry loop, and sets it inside the loop:
// every attempt carries the same key, so the server deduplicates them.
package executorkeybeforeloop

import (
	"errors"
	"math/rand/v2"
	"net/http"
	"time"

	"github.com/google/uuid"
)

type Client struct{ hc *http.Client }

func (c *Client) Do(req *http.Request) (*http.Response, error) {
	key := uuid.NewString()
	for attempt := 0; attempt < 4; attempt++ {
		req.Header.Set("Idempotency-Key", key)
		resp, err := c.hc.Do(req)
		if err == nil {
			return resp, nil
		}
		time.Sleep(time.Duration(rand.Int64N(int64(time.Second))))
	}
	return nil, errors.New("gave up")
}
