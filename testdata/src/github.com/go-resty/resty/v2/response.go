// Package resty is a test stub of github.com/go-resty/resty/v2@v2.17.2: exported API only, bodies are not real.
package resty

import (
	"net/http"
	"time"
)

// Response is the response to a Request.
type Response struct {
	Request     *Request
	RawResponse *http.Response

	body       []byte
	size       int64
	receivedAt time.Time
}

func (r *Response) Body() []byte { return r.body }

func (r *Response) Status() string { return "" }

func (r *Response) StatusCode() int { return 0 }

func (r *Response) Result() interface{} { return nil }

func (r *Response) Error() interface{} { return nil }

func (r *Response) Header() http.Header { return http.Header{} }

func (r *Response) String() string { return string(r.body) }

func (r *Response) IsSuccess() bool { return true }

func (r *Response) IsError() bool { return false }
