package executionkey

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/avast/retry-go/v4"
	"github.com/google/uuid"
)

// A key made once, before the retry's closure: every attempt sends the
// same one, so the server deduplicates the retries.
func keyBeforeRetryClosure(ctx context.Context, c *http.Client, body []byte) error {
	key := uuid.NewString()
	return retry.Do(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://partner.example/charges", bytes.NewReader(body))
		if err != nil {
			return err
		}
		req.Header.Set("Idempotency-Key", key)
		_, err = c.Do(req)
		return err
	})
}

// The near miss: the key is made inside the closure, anew at every
// attempt.
func keyInsideRetryClosure(ctx context.Context, c *http.Client, body []byte) error {
	return retry.Do(func() error {
		key := uuid.NewString()
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://partner.example/charges", bytes.NewReader(body))
		if err != nil {
			return err
		}
		req.Header.Set("Idempotency-Key", key) // want `idempotency key Idempotency-Key takes uuid.NewString\(\), a new value on every call`
		_, err = c.Do(req)
		return err
	})
}

// A key made before a hand-written retry loop is the same on every pass.
func keyBeforeRetryLoop(ctx context.Context, c *http.Client, body []byte) error {
	key := uuid.New().String()
	for attempt := 0; attempt < 3; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://partner.example/charges", bytes.NewReader(body))
		if err != nil {
			return err
		}
		req.Header.Set("Idempotency-Key", key)
		if _, err = c.Do(req); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("gave up")
}

// Made at the top of the loop's body: a new key on every pass.
func keyInsideRetryLoop(ctx context.Context, c *http.Client, body []byte) error {
	for attempt := 0; attempt < 3; attempt++ {
		key := uuid.New().String()
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://partner.example/charges", bytes.NewReader(body))
		if err != nil {
			return err
		}
		req.Header.Set("Idempotency-Key", key) // want `idempotency key Idempotency-Key takes uuid.New\(\), a new value on every call`
		if _, err = c.Do(req); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("gave up")
}

// Assigned before the closure and made again inside it: the attempt's
// own value is the one sent.
func keyRemadeInsideRetryClosure(ctx context.Context, c *http.Client, body []byte) error {
	key := uuid.NewString()
	return retry.Do(func() error {
		key = uuid.NewString()
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://partner.example/charges", bytes.NewReader(body))
		if err != nil {
			return err
		}
		req.Header.Set("Idempotency-Key", key) // want `idempotency key Idempotency-Key takes uuid.NewString\(\), a new value on every call`
		_, err = c.Do(req)
		return err
	})
}
