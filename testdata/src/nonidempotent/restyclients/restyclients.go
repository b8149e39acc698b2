// Package restyclients holds resty clients made to retry by
// SetRetryCount: every request sent through one afterwards is retried,
// whatever its method.
package restyclients

import (
	"context"
	"time"

	"github.com/go-resty/resty/v2"
)

// A client configured and used in one chain.
func chainedPost(c *resty.Client, url string, body []byte) error {
	_, err := c.SetRetryCount(3).R().SetBody(body).Post(url) // want `c.SetRetryCount repeats \(\*resty.Request\).Post, which sends an HTTP POST: a retry after a lost acknowledgement does it again`
	return err
}

// A client configured by a statement of its own, then used.
func configuredThenPosted(ctx context.Context, url string, body []byte) error {
	c := resty.New()
	c.SetRetryCount(2).SetRetryWaitTime(time.Second) // want `c.SetRetryCount repeats \(\*resty.Request\).Patch, which sends an HTTP PATCH`
	_, err := c.R().SetContext(ctx).SetBody(body).Patch(url)
	return err
}

// A service keeps the retrying client in a field; another method posts.
type Notifier struct{ http *resty.Client }

func NewNotifier() *Notifier {
	n := &Notifier{http: resty.New().SetTimeout(5 * time.Second)}
	n.http.SetRetryCount(5) // want `n.http.SetRetryCount repeats \(\*resty.Request\).Post, which sends an HTTP POST`
	return n
}

func (n *Notifier) Send(url string, body []byte) error {
	_, err := n.http.R().SetBody(body).Post(url)
	return err
}

// Negatives.

// SetRetryCount(0) is resty's default: no retries.
func countZero(url string, body []byte) error {
	c := resty.New().SetRetryCount(0)
	_, err := c.R().SetBody(body).Post(url)
	return err
}

// A retrying client that only reads.
func retriedGet(url string) error {
	c := resty.New().SetRetryCount(3)
	_, err := c.R().Get(url)
	return err
}

// A POST with an idempotency key from the input is safe to send twice.
func keyedPost(c *resty.Client, id, url string, body []byte) error {
	_, err := c.SetRetryCount(3).R().SetHeader("Idempotency-Key", id).SetBody(body).Post(url)
	return err
}

// A client never made to retry.
func plainPost(url string, body []byte) error {
	_, err := resty.New().R().SetBody(body).Post(url)
	return err
}

// API is the project's own client over resty.
type API struct{ r *resty.Client }

// SetRetryCount hands its caller's count to resty: the caller chooses
// whether the client retries, so the retry is judged where it is set
// with a count (NewAPI), not in the setter.
func (a *API) SetRetryCount(n int) *API {
	a.r.SetRetryCount(n)
	return a
}

// Notify posts an event through the client.
func (a *API) Notify(url string, body []byte) error {
	_, err := a.r.R().SetBody(body).Post(url)
	return err
}
