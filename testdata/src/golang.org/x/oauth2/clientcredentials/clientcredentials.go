// Package clientcredentials is a test stub of golang.org/x/oauth2@v0.36.0: exported API only, bodies are not real.
package clientcredentials

import (
	"context"
	"net/http"
	"net/url"
	"strings"

	"golang.org/x/oauth2"
)

// Config is a client-credentials grant's configuration.
type Config struct {
	ClientID       string
	ClientSecret   string
	TokenURL       string
	Scopes         []string
	EndpointParams url.Values
	AuthStyle      oauth2.AuthStyle
}

// Token POSTs the client's credentials to the token endpoint.
func (c *Config) Token(ctx context.Context) (*oauth2.Token, error) {
	req, err := http.NewRequestWithContext(ctx, "POST", c.TokenURL, strings.NewReader(c.ClientID))
	if err != nil {
		return nil, err
	}
	if _, err := http.DefaultClient.Do(req); err != nil {
		return nil, err
	}
	return &oauth2.Token{}, nil
}

// TokenSource returns a source of tokens of c, reused until they expire.
func (c *Config) TokenSource(ctx context.Context) oauth2.TokenSource { return nil }

// Client returns an HTTP client that authorizes its requests with tokens
// of c.
func (c *Config) Client(ctx context.Context) *http.Client { return nil }
