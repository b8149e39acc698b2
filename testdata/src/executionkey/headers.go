package executionkey

import (
	"bytes"
	"context"
	"net/http"

	"github.com/go-resty/resty/v2"
	"github.com/google/uuid"
	"github.com/nats-io/nats.go"
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

func freshMsgID(js nats.JetStreamContext, body []byte) error {
	_, err := js.Publish("orders", body, nats.MsgId(uuid.NewString())) // want `idempotency key nats.MsgId takes uuid.NewString\(\), a new value on every call`
	return err
}

func inputMsgID(js nats.JetStreamContext, orderID string, body []byte) error {
	_, err := js.Publish("orders", body, nats.MsgId(orderID))
	return err
}

func freshRestyKey(c *resty.Client, body []byte) error {
	_, err := c.R().SetHeader("Idempotency-Key", uuid.New().String()).SetBody(body).Post("https://partner.example/orders") // want `idempotency key Idempotency-Key takes uuid.New\(\), a new value on every call`
	return err
}
