package upload

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// Presign signs a URL with the date of the attempt, through helpers that
// build the scope and the key: the date is the signature's, and a retry
// must sign afresh.
func Presign(ctx context.Context, c *http.Client, endpoint string, secret []byte) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		t := time.Now().UTC()
		q := url.Values{}
		q.Set("X-Credential", "key/"+scopeOf(t))
		q.Set("X-Signature", string(signingKey(secret, t)))
		req, rerr := http.NewRequestWithContext(ctx, http.MethodGet, endpoint+"?"+q.Encode(), nil)
		if rerr != nil {
			return rerr
		}
		var resp *http.Response
		if resp, err = c.Do(req); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

func scopeOf(t time.Time) string {
	return strings.Join([]string{t.Format("20060102"), "eu-west-1", "storage"}, "/")
}

func signingKey(secret []byte, t time.Time) []byte {
	return sum(sum(secret, []byte(t.Format("20060102"))), []byte("request"))
}

func sum(key, data []byte) []byte {
	h := hmac.New(sha256.New, key)
	h.Write(data)
	return h.Sum(nil)
}
