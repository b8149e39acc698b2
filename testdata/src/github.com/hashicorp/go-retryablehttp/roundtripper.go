// Package retryablehttp is a test stub of github.com/hashicorp/go-retryablehttp@v0.7.8: exported API only, bodies are not real.
package retryablehttp

import (
	"net/http"
	"sync"
)

// RoundTripper is an http.RoundTripper that retries through Client.
type RoundTripper struct {
	Client *Client

	once sync.Once
}

func (rt *RoundTripper) RoundTrip(req *http.Request) (*http.Response, error) { return nil, nil }
