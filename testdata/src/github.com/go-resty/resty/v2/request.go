// Package resty is a test stub of github.com/go-resty/resty/v2@v2.17.2: exported API only, bodies are not real.
package resty

import (
	"context"
	"net/http"
	"net/url"
	"time"
)

// Request is one HTTP request, sent with the retries of its Client.
type Request struct {
	URL           string
	Method        string
	Token         string
	AuthScheme    string
	QueryParam    url.Values
	FormData      url.Values
	PathParams    map[string]string
	RawPathParams map[string]string
	Header        http.Header
	Time          time.Time
	Body          interface{}
	Result        interface{}
	Error         interface{}
	RawRequest    *http.Request
	SRV           *SRVRecord
	UserInfo      *User
	Cookies       []*http.Cookie
	Debug         bool

	Attempt int

	ctx    context.Context
	client *Client
}

// SRVRecord names a DNS SRV record to resolve the host from.
type SRVRecord struct {
	Service string
	Domain  string
}

func (r *Request) SetContext(ctx context.Context) *Request { r.ctx = ctx; return r }

func (r *Request) SetHeader(header, value string) *Request { return r }

func (r *Request) SetHeaders(headers map[string]string) *Request { return r }

func (r *Request) SetQueryParam(param, value string) *Request { return r }

func (r *Request) SetBody(body interface{}) *Request { r.Body = body; return r }

func (r *Request) SetResult(res interface{}) *Request { return r }

func (r *Request) SetError(err interface{}) *Request { return r }

func (r *Request) SetAuthToken(token string) *Request { return r }

func (r *Request) SetPathParam(param, value string) *Request { return r }

func (r *Request) Get(url string) (*Response, error) { return r.Execute(MethodGet, url) }

func (r *Request) Post(url string) (*Response, error) { return r.Execute(MethodPost, url) }

func (r *Request) Put(url string) (*Response, error) { return r.Execute(MethodPut, url) }

func (r *Request) Delete(url string) (*Response, error) { return r.Execute(MethodDelete, url) }

func (r *Request) Patch(url string) (*Response, error) { return r.Execute(MethodPatch, url) }

// Send executes the request with its Method and URL.
func (r *Request) Send() (*Response, error) { return r.Execute(r.Method, r.URL) }

// Execute sends the request, retrying as its Client is configured to.
func (r *Request) Execute(method, url string) (*Response, error) {
	return &Response{Request: r}, nil
}
