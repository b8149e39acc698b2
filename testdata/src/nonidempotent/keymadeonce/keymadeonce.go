// Package keymadeonce sends POSTs under a retry with an idempotency key
// made by the execution (a random UUID): made once before the retry, it
// is the same on every attempt, and the server deduplicates them; made
// inside the retried operation, it is new on every attempt, and no key.
package keymadeonce

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/avast/retry-go/v4"
	"github.com/google/uuid"
)

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

func keyInsideRetryClosure(ctx context.Context, c *http.Client, body []byte) error {
	return retry.Do(func() error { // want `retry.Do repeats \(\*http.Client\).Do, which sends an HTTP request`
		key := uuid.NewString()
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://partner.example/charges", bytes.NewReader(body))
		if err != nil {
			return err
		}
		req.Header.Set("Idempotency-Key", key)
		_, err = c.Do(req)
		return err
	})
}

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

func keyInsideRetryLoop(ctx context.Context, c *http.Client, body []byte) error {
	for attempt := 0; attempt < 3; attempt++ { // want `retry loop repeats \(\*http.Client\).Do, which sends an HTTP request`
		key := uuid.New().String()
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

// The request is made once, before the retry, with its key: the retry
// re-sends that very request.
func requestBeforeRetryClosure(ctx context.Context, c *http.Client, body []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://partner.example/charges", bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", uuid.NewString())
	return retry.Do(func() error {
		_, err := c.Do(req)
		return err
	})
}

// A key made once by the function is new on every call of it: a caller
// that retries send re-sends the charge with a new key.
func send(ctx context.Context, c *http.Client, body []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://partner.example/charges", bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", uuid.NewString())
	_, err = c.Do(req)
	return err
}

func retrySend(ctx context.Context, c *http.Client, body []byte) error {
	return retry.Do(func() error { return send(ctx, c, body) }) // want `retry.Do repeats keymadeonce.send, which sends an HTTP request`
}
