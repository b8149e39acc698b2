// Package sender is an HTTP client library with a retry helper of its
// own, which its configuration pack names as retry entry points: Backoff
// and BackoffContext. Its executor sends every request of its callers
// through Backoff, whatever the request's method, so a POST whose
// response was lost is sent again. Its entry points that run one another,
// and a wrapper that hands its caller's operation on, are the library's
// implementation, not uses of it.
package sender

import (
	"bytes"
	"context"
	"math/rand/v2"
	"net/http"
	"time"
)

// Backoff runs op until it succeeds or attempts run out, waiting a
// doubling delay, half of it random, between attempts.
func Backoff(op func() error, attempts int) error {
	var err error
	delay := 100 * time.Millisecond
	for i := 0; i < attempts; i++ {
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(delay/2 + time.Duration(rand.Int64N(int64(delay/2))))
		delay *= 2
	}
	return err
}

type Client struct {
	hc *http.Client
}

type Request struct {
	client *Client
	ctx    context.Context
	body   []byte
}

func (c *Client) NewRequest(ctx context.Context, body []byte) *Request {
	return &Request{client: c, ctx: ctx, body: body}
}

// Execute sends the request with the method its caller chose, through
// the library's own Backoff: a use of the entry point, judged as any.
func (r *Request) Execute(method, url string) (*http.Response, error) {
	var resp *http.Response
	err := Backoff(func() error { // want `Backoff re-sends requests of any method through \(\*http.Client\).Do, POST included, with no idempotency key`
		req, err := http.NewRequestWithContext(r.ctx, method, url, bytes.NewReader(r.body))
		if err != nil {
			return err
		}
		resp, err = r.client.hc.Do(req)
		return err
	}, 3)
	return resp, err
}

// Post is how callers send a POST: through Execute.
func (r *Request) Post(url string) (*http.Response, error) {
	return r.Execute(http.MethodPost, url)
}

// Negatives.

// BackoffContext is an entry point too: it runs Backoff with an
// operation that stops when the context ends. One entry point delegating
// to another is the library's implementation.
func BackoffContext(ctx context.Context, op func() error, attempts int) error {
	return Backoff(func() error {
		if err := ctx.Err(); err != nil {
			return err
		}
		return op()
	}, attempts)
}

// Retry is no entry point of the pack, but it only hands its caller's
// operation on: the library's machinery.
func Retry(op func() error) error {
	return Backoff(op, 5)
}

// RetryContext hands its caller's operation on, wrapped.
func RetryContext(ctx context.Context, op func(context.Context) error) error {
	return BackoffContext(ctx, func() error { return op(ctx) }, 5)
}

// Get sends a GET through the library's own Backoff: a use of it, and a
// GET is safe to send again.
func (c *Client) Get(ctx context.Context, url string) (*http.Response, error) {
	var resp *http.Response
	err := Backoff(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return err
		}
		resp, err = c.hc.Do(req)
		return err
	}, 3)
	return resp, err
}

// A Task keeps the operation its caller gave it; running it hands that
// operation on.
type Task struct {
	run func() error
}

func NewTask(run func() error) *Task { return &Task{run: run} }

func (t *Task) Run() error {
	return Backoff(t.run, 3)
}

func (t *Task) RunLogged() error {
	return Backoff(func() error { return t.run() }, 3)
}

// Logged hands on its caller's operation inside a wrapper of its own.
func Logged(op func() error) error {
	return Backoff(withLog(op), 3)
}

func withLog(op func() error) func() error {
	return func() error {
		err := op()
		if err != nil {
			println("attempt failed:", err.Error())
		}
		return err
	}
}
