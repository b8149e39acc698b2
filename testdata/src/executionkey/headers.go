package executionkey

import (
	"bytes"
	"context"
	"net/http"

	"github.com/google/uuid"
)

func freshHeader(ctx context.Context, c *http.Client, body []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://partner.example/charges", bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", uuid.NewString()) // want `idempotency key Idempotency-Key takes uuid.NewString\(\), a new value on every call, so a retried request is a new request to the server; derive the key from the input`
	_, err = c.Do(req)
	return err
}

func inputHeader(ctx context.Context, c *http.Client, chargeID string, body []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://partner.example/charges", bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", chargeID)
	req.Header.Set("X-Request-Id", uuid.NewString())
	_, err = c.Do(req)
	return err
}
