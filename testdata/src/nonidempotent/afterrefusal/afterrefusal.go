// Package afterrefusal sends a POST again only when the service has
// answered that it did not act on the last one: a 401 before the token
// is renewed, a 429. No attempt follows a silence, so none can repeat an
// order the service took. A loop that also goes round on an error of the
// call, or on a 5xx, can.
package afterrefusal

import (
	"bytes"
	"errors"
	"net/http"
	"time"
)

type tokens struct{}

func (tokens) renew() {}

// placeRenewing goes round only on a 401: the service refused the
// order before it looked at it.
func placeRenewing(c *http.Client, t tokens, order []byte) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ {
		resp, err := c.Post("https://shop.example.com/orders", "application/json", bytes.NewReader(order))
		if err != nil {
			return nil, err
		}
		if resp.StatusCode != http.StatusUnauthorized {
			return resp, nil
		}
		resp.Body.Close()
		t.renew()
		time.Sleep(time.Second)
	}
	return nil, errors.New("still unauthorized")
}

// placeAfterErrors goes round on an error of the call too: the order
// may have been taken before the connection dropped.
func placeAfterErrors(c *http.Client, order []byte) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ { // want `retry loop repeats \(\*http\.Client\)\.Post, which sends an HTTP POST`
		resp, err := c.Post("https://shop.example.com/orders", "application/json", bytes.NewReader(order))
		if err == nil && resp.StatusCode != http.StatusTooManyRequests {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return nil, errors.New("no answer")
}

// placeUntilAvailable goes round on a 503: the service may have acted
// before it failed.
func placeUntilAvailable(c *http.Client, order []byte) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ { // want `retry loop repeats \(\*http\.Client\)\.Post, which sends an HTTP POST`
		resp, err := c.Post("https://shop.example.com/orders", "application/json", bytes.NewReader(order))
		if err != nil {
			return nil, err
		}
		if resp.StatusCode != http.StatusServiceUnavailable {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return nil, errors.New("unavailable")
}

// placeThrottled calls itself again only on a 429 in a switch on the
// status, with a pause the caller chose before every request, the
// first included: a retry by recursion after refusals alone.
func placeThrottled(c *http.Client, order []byte, pause time.Duration, tries int) error {
	if pause > 0 {
		time.Sleep(pause)
	}
	resp, err := c.Post("https://shop.example.com/orders", "application/json", bytes.NewReader(order))
	if err != nil {
		return err
	}
	resp.Body.Close()
	switch resp.StatusCode {
	case http.StatusOK, http.StatusCreated:
		return nil
	case http.StatusTooManyRequests:
		if tries >= 5 {
			return errors.New("throttled")
		}
		return placeThrottled(c, order, pause, tries+1)
	default:
		return errors.New(resp.Status)
	}
}
