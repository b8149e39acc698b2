// Package retryablehttp is a test stub of github.com/hashicorp/go-retryablehttp@v0.7.8: exported API only, bodies are not real.
package retryablehttp

import (
	"context"
	"io"
	"net/http"
	"net/url"
	"sync"
	"time"
)

// ReaderFunc returns a fresh request body for each attempt.
type ReaderFunc func() (io.Reader, error)

// ResponseHandlerFunc checks a response before Do returns it.
type ResponseHandlerFunc func(*http.Response) error

// LenReader is a reader that knows its length.
type LenReader interface {
	Len() int
}

// Request wraps an *http.Request with a rewindable body.
type Request struct {
	body ReaderFunc

	responseHandler ResponseHandlerFunc

	*http.Request
}

func (r *Request) WithContext(ctx context.Context) *Request  { return r }
func (r *Request) SetResponseHandler(fn ResponseHandlerFunc) {}
func (r *Request) BodyBytes() ([]byte, error)                { return nil, nil }
func (r *Request) SetBody(rawBody interface{}) error         { return nil }
func (r *Request) WriteTo(w io.Writer) (int64, error)        { return 0, nil }

func FromRequest(r *http.Request) (*Request, error) { return &Request{Request: r}, nil }

func NewRequest(method, url string, rawBody interface{}) (*Request, error) {
	return &Request{}, nil
}

func NewRequestWithContext(ctx context.Context, method, url string, rawBody interface{}) (*Request, error) {
	return &Request{}, nil
}

// Logger is the plain logger Client.Logger may hold.
type Logger interface {
	Printf(string, ...interface{})
}

// LeveledLogger is the structured logger Client.Logger may hold.
type LeveledLogger interface {
	Error(msg string, keysAndValues ...interface{})
	Info(msg string, keysAndValues ...interface{})
	Debug(msg string, keysAndValues ...interface{})
	Warn(msg string, keysAndValues ...interface{})
}

// RequestLogHook is called before each attempt with the attempt number.
type RequestLogHook func(Logger, *http.Request, int)

// ResponseLogHook is called with each response.
type ResponseLogHook func(Logger, *http.Response)

// CheckRetry decides whether to retry after an attempt.
type CheckRetry func(ctx context.Context, resp *http.Response, err error) (bool, error)

// Backoff computes the wait before the next attempt.
type Backoff func(min, max time.Duration, attemptNum int, resp *http.Response) time.Duration

// ErrorHandler is called when the retries are used up.
type ErrorHandler func(resp *http.Response, err error, numTries int) (*http.Response, error)

// PrepareRetry is called on the request before each retry.
type PrepareRetry func(req *http.Request) error

// Client is an HTTP client that retries. NewClient sets RetryWaitMin 1s,
// RetryWaitMax 30s, RetryMax 4, DefaultRetryPolicy and DefaultBackoff.
type Client struct {
	HTTPClient *http.Client
	Logger     interface{}

	RetryWaitMin time.Duration
	RetryWaitMax time.Duration
	RetryMax     int

	RequestLogHook RequestLogHook

	ResponseLogHook ResponseLogHook

	CheckRetry CheckRetry

	Backoff Backoff

	ErrorHandler ErrorHandler

	PrepareRetry PrepareRetry

	loggerInit sync.Once
	clientInit sync.Once
}

func NewClient() *Client { return &Client{} }

func DefaultRetryPolicy(ctx context.Context, resp *http.Response, err error) (bool, error) {
	return false, nil
}

func ErrorPropagatedRetryPolicy(ctx context.Context, resp *http.Response, err error) (bool, error) {
	return false, nil
}

func DefaultBackoff(min, max time.Duration, attemptNum int, resp *http.Response) time.Duration {
	return 0
}

func LinearJitterBackoff(min, max time.Duration, attemptNum int, resp *http.Response) time.Duration {
	return 0
}

func RateLimitLinearJitterBackoff(min, max time.Duration, attemptNum int, resp *http.Response) time.Duration {
	return 0
}

func PassthroughErrorHandler(resp *http.Response, err error, _ int) (*http.Response, error) {
	return resp, err
}

func (c *Client) Do(req *Request) (*http.Response, error) { return nil, nil }

func Get(url string) (*http.Response, error)             { return nil, nil }
func (c *Client) Get(url string) (*http.Response, error) { return nil, nil }

func Head(url string) (*http.Response, error)             { return nil, nil }
func (c *Client) Head(url string) (*http.Response, error) { return nil, nil }

func Post(url, bodyType string, body interface{}) (*http.Response, error) { return nil, nil }
func (c *Client) Post(url, bodyType string, body interface{}) (*http.Response, error) {
	return nil, nil
}

func PostForm(url string, data url.Values) (*http.Response, error) { return nil, nil }
func (c *Client) PostForm(url string, data url.Values) (*http.Response, error) {
	return nil, nil
}

func (c *Client) StandardClient() *http.Client { return &http.Client{} }
