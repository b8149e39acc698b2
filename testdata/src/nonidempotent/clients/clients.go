// Package clients holds retrying clients built as literals, kept in
// struct fields, returned by constructors and wrapped as *http.Client:
// every request through them is retried, whatever its method.
package clients

import (
	"context"
	"net/http"

	"github.com/hashicorp/go-retryablehttp"
)

// Request is the SDK's own request: its caller chooses the method.
type Request struct {
	Method string
	URL    string
	Body   []byte
}

func (r *Request) toRetryable() (*retryablehttp.Request, error) {
	return retryablehttp.NewRequest(r.Method, r.URL, r.Body)
}

type Client struct {
	hc         *http.Client
	maxRetries int
}

// RawRequest builds its retrying client in place, as vault/api does.
func (c *Client) RawRequest(ctx context.Context, r *Request) (*http.Response, error) {
	req, err := r.toRetryable()
	if err != nil {
		return nil, err
	}
	client := &retryablehttp.Client{ // want `retryablehttp.Client re-sends requests of any method through \(\*retryablehttp.Client\).Do, POST included, with no idempotency key: a retry after a lost response sends a POST or PATCH again; retry only idempotent methods, or set an idempotency key derived from the input`
		HTTPClient:   c.hc,
		RetryMax:     c.maxRetries,
		Backoff:      retryablehttp.LinearJitterBackoff,
		CheckRetry:   retryablehttp.DefaultRetryPolicy,
		ErrorHandler: retryablehttp.PassthroughErrorHandler,
	}
	return client.Do(req.WithContext(ctx))
}

// API keeps its client in a field; the calls it makes hand it on to
// another struct, whose method sends them, as go-tfe does.
type API struct{ http *retryablehttp.Client }

type call struct {
	req  *retryablehttp.Request
	http *retryablehttp.Client
}

func NewAPI(hc *http.Client) *API {
	a := &API{}
	a.http = &retryablehttp.Client{ // want `retryablehttp.Client re-sends requests of any method through \(\*retryablehttp.Client\).Do`
		HTTPClient: hc,
		RetryMax:   10,
		Backoff:    retryablehttp.LinearJitterBackoff,
		CheckRetry: a.checkRetry,
	}
	return a
}

func (a *API) checkRetry(ctx context.Context, resp *http.Response, err error) (bool, error) {
	if err != nil {
		return true, nil
	}
	return resp.StatusCode >= 500, nil
}

func (a *API) NewCall(method, url string) (*call, error) {
	req, err := retryablehttp.NewRequest(method, url, nil)
	if err != nil {
		return nil, err
	}
	return &call{req: req, http: a.http}, nil
}

func (c *call) Do(ctx context.Context) error {
	resp, err := c.http.Do(c.req.WithContext(ctx))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Gateway sends its callers' requests through the client's StandardClient,
// an *http.Client whose transport retries.
type Gateway struct{ hc *http.Client }

func NewGateway() *Gateway {
	rc := retryablehttp.NewClient() // want `retryablehttp.NewClient re-sends requests of any method through \(\*http.Client\).Do`
	rc.Backoff = retryablehttp.LinearJitterBackoff
	return &Gateway{hc: rc.StandardClient()}
}

func (g *Gateway) Forward(req *http.Request) (*http.Response, error) {
	return g.hc.Do(req)
}

// newPlain returns the client; the Writer that holds it sends any method.
func newPlain() *retryablehttp.Client {
	rc := retryablehttp.NewClient() // want `retryablehttp.NewClient re-sends requests of any method through \(\*retryablehttp.Client\).Do`
	rc.Backoff = retryablehttp.LinearJitterBackoff
	return rc
}

type Writer struct{ rc *retryablehttp.Client }

func NewWriter() *Writer { return &Writer{rc: newPlain()} }

func (w *Writer) Send(req *retryablehttp.Request) (*http.Response, error) {
	return w.rc.Do(req)
}

// Negatives.

// Status builds a client that only ever GETs.
type Status struct{ rc *retryablehttp.Client }

func NewStatus() *Status {
	rc := retryablehttp.NewClient()
	rc.Backoff = retryablehttp.LinearJitterBackoff
	return &Status{rc: rc}
}

func (s *Status) Health(ctx context.Context, url string) error {
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := s.rc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// newSafe retries only what reads: its CheckRetry looks at the method.
func newSafe() *retryablehttp.Client {
	rc := retryablehttp.NewClient()
	rc.Backoff = retryablehttp.LinearJitterBackoff
	rc.CheckRetry = func(ctx context.Context, resp *http.Response, err error) (bool, error) {
		if resp != nil && resp.Request.Method != http.MethodGet {
			return false, err
		}
		return retryablehttp.DefaultRetryPolicy(ctx, resp, err)
	}
	return rc
}

type Reader struct{ rc *retryablehttp.Client }

func NewReader() *Reader { return &Reader{rc: newSafe()} }

func (r *Reader) Send(req *retryablehttp.Request) (*http.Response, error) {
	return r.rc.Do(req)
}

// A literal with a method-aware policy of the package.
func (c *Client) ReadOnly(r *Request) (*http.Response, error) {
	req, err := r.toRetryable()
	if err != nil {
		return nil, err
	}
	client := &retryablehttp.Client{
		HTTPClient: c.hc,
		RetryMax:   3,
		Backoff:    retryablehttp.LinearJitterBackoff,
		CheckRetry: readsOnly,
	}
	return client.Do(req)
}

func readsOnly(ctx context.Context, resp *http.Response, err error) (bool, error) {
	if resp == nil || resp.Request.Method != http.MethodGet {
		return false, err
	}
	return resp.StatusCode >= 500, nil
}
