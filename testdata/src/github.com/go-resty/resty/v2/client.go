// Package resty is a test stub of github.com/go-resty/resty/v2@v2.17.2: exported API only, bodies are not real.
package resty

import (
	"net/http"
	"net/url"
	"reflect"
	"time"
)

// HTTP method names.
const (
	MethodGet     = "GET"
	MethodPost    = "POST"
	MethodPut     = "PUT"
	MethodDelete  = "DELETE"
	MethodPatch   = "PATCH"
	MethodHead    = "HEAD"
	MethodOptions = "OPTIONS"
)

// Client holds the settings shared by the requests it makes, retries included.
type Client struct {
	BaseURL               string
	HostURL               string
	QueryParam            url.Values
	FormData              url.Values
	PathParams            map[string]string
	RawPathParams         map[string]string
	Header                http.Header
	UserInfo              *User
	Token                 string
	AuthScheme            string
	Cookies               []*http.Cookie
	Error                 reflect.Type
	Debug                 bool
	DisableWarn           bool
	AllowGetMethodPayload bool
	RetryCount            int
	RetryWaitTime         time.Duration
	RetryMaxWaitTime      time.Duration
	RetryConditions       []RetryConditionFunc
	RetryHooks            []OnRetryFunc
	RetryAfter            RetryAfterFunc
	RetryResetReaders     bool
	JSONMarshal           func(v interface{}) ([]byte, error)
	JSONUnmarshal         func(data []byte, v interface{}) error
	XMLMarshal            func(v interface{}) ([]byte, error)
	XMLUnmarshal          func(data []byte, v interface{}) error

	HeaderAuthorizationKey string
	ResponseBodyLimit      int

	httpClient *http.Client
}

// User is basic-auth credentials.
type User struct {
	Username, Password string
}

// New creates a Client.
func New() *Client { return &Client{Header: http.Header{}} }

// R makes a Request of the client.
func (c *Client) R() *Request { return &Request{client: c, Header: http.Header{}} }

// NewRequest is R.
func (c *Client) NewRequest() *Request { return c.R() }

func (c *Client) SetBaseURL(url string) *Client { return c }

func (c *Client) SetHeader(header, value string) *Client { return c }

func (c *Client) SetHeaders(headers map[string]string) *Client { return c }

func (c *Client) SetTimeout(timeout time.Duration) *Client { return c }

// SetRetryCount sets how many times a failed request is retried.
func (c *Client) SetRetryCount(count int) *Client { c.RetryCount = count; return c }

func (c *Client) SetRetryWaitTime(waitTime time.Duration) *Client { return c }

func (c *Client) SetRetryMaxWaitTime(maxWaitTime time.Duration) *Client { return c }

func (c *Client) SetRetryAfter(callback RetryAfterFunc) *Client { return c }

// AddRetryCondition adds a condition under which a request is retried.
func (c *Client) AddRetryCondition(condition RetryConditionFunc) *Client { return c }

func (c *Client) AddRetryHook(hook OnRetryFunc) *Client { return c }

type (
	// RetryConditionFunc reports whether a request is retried.
	RetryConditionFunc func(*Response, error) bool

	// OnRetryFunc is called before each retry.
	OnRetryFunc func(*Response, error)

	// RetryAfterFunc returns the wait before the next retry.
	RetryAfterFunc func(*Client, *Response) (time.Duration, error)
)
