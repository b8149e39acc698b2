// Package pester is a test stub of github.com/sethgrid/pester@v1.2.0: exported API only, bodies are not real.
package pester

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/url"
	"sync"
	"time"
)

var ErrUnexpectedMethod = errors.New("unexpected client method, must be one of Do, Get, Head, Post, or PostFrom")

var ErrReadingBody = errors.New("error reading body")

var ErrReadingRequestBody = errors.New("error reading request body")

// Client sends each request up to MaxRetries times, waiting Backoff(i)
// after a transport error or a 5xx.
type Client struct {
	hc *http.Client

	Transport     http.RoundTripper
	CheckRedirect func(req *http.Request, via []*http.Request) error
	Jar           http.CookieJar
	Timeout       time.Duration

	Concurrency    int
	MaxRetries     int
	Backoff        BackoffStrategy
	KeepLog        bool
	LogHook        LogHook
	ContextLogHook ContextLogHook

	SuccessReqNum   int
	SuccessRetryNum int

	wg *sync.WaitGroup

	sync.Mutex
	ErrLog         []ErrEntry
	RetryOnHTTP429 bool
}

// ErrEntry records one failed attempt.
type ErrEntry struct {
	Time    time.Time
	Method  string
	URL     string
	Verb    string
	Request int
	Retry   int
	Attempt int
	Err     error
}

// New returns a client with DefaultClient's settings.
func New() *Client { return &Client{} }

// NewExtendedClient is New sending through hc.
func NewExtendedClient(hc *http.Client) *Client { return &Client{hc: hc} }

type LogHook func(e ErrEntry)

type ContextLogHook func(ctx context.Context, e ErrEntry)

// BackoffStrategy is the wait before retry n.
type BackoffStrategy func(retry int) time.Duration

var DefaultClient = &Client{Concurrency: 1, MaxRetries: 3, Backoff: DefaultBackoff, ErrLog: []ErrEntry{}}

func DefaultBackoff(_ int) time.Duration           { return time.Second }
func ExponentialBackoff(i int) time.Duration       { return time.Duration(1<<uint(i)) * time.Second }
func ExponentialJitterBackoff(i int) time.Duration { return time.Second }
func LinearBackoff(i int) time.Duration            { return time.Duration(i) * time.Second }
func LinearJitterBackoff(i int) time.Duration      { return time.Second }

func (c *Client) Wait()                                                 {}
func (c *Client) LogString() string                                     { return "" }
func (c *Client) FormatError(e ErrEntry) string                         { return "" }
func (c *Client) LogErrCount() int                                      { return 0 }
func (c *Client) EmbedHTTPClient(hc *http.Client)                       { c.hc = hc }
func (c *Client) Do(req *http.Request) (resp *http.Response, err error) { return nil, nil }
func (c *Client) Get(url string) (resp *http.Response, err error)       { return nil, nil }
func (c *Client) Head(url string) (resp *http.Response, err error)      { return nil, nil }
func (c *Client) SetRetryOnHTTP429(flag bool)                           { c.RetryOnHTTP429 = flag }
func (c *Client) PostForm(url string, data url.Values) (resp *http.Response, err error) {
	return nil, nil
}
func (c *Client) Post(url string, bodyType string, body io.Reader) (resp *http.Response, err error) {
	return nil, nil
}

func Do(req *http.Request) (resp *http.Response, err error) { return nil, nil }
func Get(url string) (resp *http.Response, err error)       { return nil, nil }
func Head(url string) (resp *http.Response, err error)      { return nil, nil }
func Post(url string, bodyType string, body io.Reader) (resp *http.Response, err error) {
	return nil, nil
}
func PostForm(url string, data url.Values) (resp *http.Response, err error) { return nil, nil }
