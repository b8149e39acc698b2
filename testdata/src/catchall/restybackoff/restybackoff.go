// Package restybackoff runs operations through resty's Backoff helper,
// which retries every error its operation returns unless RetryConditions
// replaces that condition.
package restybackoff

import (
	"encoding/json"

	"github.com/go-resty/resty/v2"
)

type Quote struct{ Price int }

// The default condition retries a decoding error as readily as a
// timeout.
func fetchQuote(c *resty.Client, url string) (*Quote, error) {
	var q Quote
	err := resty.Backoff(func() (*resty.Response, error) { // want `resty.Backoff retries every error, terminal ones included \(its operation can fail with a JSON decoding error from json.Unmarshal\)`
		resp, err := c.R().Get(url)
		if err != nil {
			return resp, err
		}
		return resp, json.Unmarshal(resp.Body(), &q)
	}, resty.Retries(5))
	return &q, err
}

// Negatives.

// RetryConditions decides which responses and errors go round.
func fetchQuoteClassified(c *resty.Client, url string) (*Quote, error) {
	var q Quote
	transient := func(r *resty.Response, err error) bool { return r != nil && r.StatusCode() == 503 }
	err := resty.Backoff(func() (*resty.Response, error) {
		resp, err := c.R().Get(url)
		if err != nil {
			return resp, err
		}
		return resp, json.Unmarshal(resp.Body(), &q)
	}, resty.RetryConditions([]resty.RetryConditionFunc{transient}))
	return &q, err
}
