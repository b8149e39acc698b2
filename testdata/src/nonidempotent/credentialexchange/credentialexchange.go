// Package credentialexchange fetches OAuth2 tokens under a retry: a token
// endpoint issues a new token for every request and changes nothing a
// second request would duplicate, so these retries are safe. A POST to
// any other path is judged as ever.
package credentialexchange

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/avast/retry-go/v4"
	"golang.org/x/oauth2"
	"golang.org/x/oauth2/clientcredentials"
)

func exchangeCode(ctx context.Context, conf *oauth2.Config, code string) (*oauth2.Token, error) {
	var tok *oauth2.Token
	err := retry.Do(func() error {
		var err error
		tok, err = conf.Exchange(ctx, code)
		return err
	})
	return tok, err
}

func passwordGrant(ctx context.Context, conf *oauth2.Config, user, password string) error {
	return retry.Do(func() error {
		_, err := conf.PasswordCredentialsToken(ctx, user, password)
		return err
	})
}

func clientCredentials(ctx context.Context, conf *clientcredentials.Config) error {
	return retry.Do(func() error {
		_, err := conf.Token(ctx)
		return err
	})
}

func fromSource(ts oauth2.TokenSource) error {
	return retry.Do(func() error {
		_, err := ts.Token()
		return err
	})
}

// A token request written by hand, to the issuer's token path.
func handWrittenTokenRequest(ctx context.Context, c *http.Client, issuer string, form url.Values) error {
	return retry.Do(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, issuer+"/oauth/token", strings.NewReader(form.Encode()))
		if err != nil {
			return err
		}
		_, err = c.Do(req)
		return err
	})
}

func formattedTokenURL(realm string, form url.Values) error {
	return retry.Do(func() error {
		_, err := http.PostForm(fmt.Sprintf("https://sso.example/realms/%s/protocol/openid-connect/token", realm), form)
		return err
	})
}

const stsURL = "https://sts.example/v1/token?grant_type=token-exchange"

func constantTokenURL(c *http.Client, form url.Values) error {
	return retry.Do(func() error {
		_, err := c.PostForm(stsURL, form)
		return err
	})
}

// Near misses: a POST that creates a token the user keeps (an API token
// resource), and a URL that is the token path on one branch only.

func createAPIToken(c *http.Client, base string, body *strings.Reader) error {
	return retry.Do(func() error { // want `retry.Do repeats \(\*http.Client\).Post, which sends an HTTP POST`
		_, err := c.Post(base+"/api/tokens", "application/json", body)
		return err
	})
}

func tokenOrCharge(ctx context.Context, c *http.Client, base string, charge bool) error {
	target := base + "/token"
	if charge {
		target = base + "/charges"
	}
	return retry.Do(func() error { // want `retry.Do repeats \(\*http.Client\).Do, which sends an HTTP request`
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, target, nil)
		if err != nil {
			return err
		}
		_, err = c.Do(req)
		return err
	})
}

func tokenURLFromCaller(c *http.Client, tokenURL string, form url.Values) error {
	return retry.Do(func() error { // want `retry.Do repeats http.PostForm, which sends an HTTP POST`
		_, err := http.PostForm(tokenURL, form)
		return err
	})
}

// The token path with the grant in its query, added after it: the path
// is still the token endpoint's.
func tokenURLWithQuery(c *http.Client, base string, form url.Values) error {
	tokenURL := base + "/oauth2/v1/token"
	tokenURL += "?" + form.Encode()
	req, err := http.NewRequest(http.MethodPost, tokenURL, nil)
	if err != nil {
		return err
	}
	return retry.Do(func() error {
		_, err := c.Do(req)
		return err
	})
}

func tokenURLQueryInline(c *http.Client, base string, form url.Values) error {
	return retry.Do(func() error {
		_, err := c.Post(base+"/oauth/token?"+form.Encode(), "application/x-www-form-urlencoded", nil)
		return err
	})
}

// A query added to another path leaves it that path.
func chargeWithQuery(c *http.Client, base string, form url.Values) error {
	target := base + "/charges"
	target += "?" + form.Encode()
	return retry.Do(func() error { // want `retry.Do repeats \(\*http.Client\).Post, which sends an HTTP POST`
		_, err := c.Post(target, "application/json", nil)
		return err
	})
}
