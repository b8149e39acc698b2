// Package executorkeyed re-sends its caller's requests with an
// idempotency key from the caller: the server deduplicates the attempts.
package executorkeyed

import (
	"errors"
	"math/rand/v2"
	"net/http"
	"time"
)

type Client struct{ hc *http.Client }

func (c *Client) Do(req *http.Request, key string) (*http.Response, error) {
	req.Header.Set("Idempotency-Key", key)
	for attempt := 0; attempt < 4; attempt++ {
		resp, err := c.hc.Do(req)
		if err == nil {
			return resp, nil
		}
		time.Sleep(time.Duration(rand.Int64N(int64(time.Second))))
	}
	return nil, errors.New("gave up")
}
