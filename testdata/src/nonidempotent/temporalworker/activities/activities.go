// Package activities holds a shop's Temporal activities.
package activities

import (
	"context"
	"net/http"
	"strings"
)

// Mailer sends the shop's e-mails through a provider's HTTP API.
type Mailer struct{ hc *http.Client }

// SendReceipt posts a receipt e-mail, with no idempotency key.
func (m *Mailer) SendReceipt(ctx context.Context, orderID string) error {
	return m.post(ctx, "https://mail.example/v1/send", `{"template":"receipt","order":"`+orderID+`"}`)
}

// SendInvoice posts an invoice e-mail, with no idempotency key.
func (m *Mailer) SendInvoice(ctx context.Context, orderID string) error {
	return m.post(ctx, "https://mail.example/v1/send", `{"template":"invoice","order":"`+orderID+`"}`)
}

// Bounces reads the provider's bounce list.
func (m *Mailer) Bounces(ctx context.Context) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "https://mail.example/v1/bounces", nil)
	if err != nil {
		return err
	}
	resp, err := m.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (m *Mailer) post(ctx context.Context, url, body string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, strings.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := m.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Notify posts a push notification, with no idempotency key.
func Notify(ctx context.Context, userID string) error {
	resp, err := http.Post("https://push.example/v1/notify", "application/json", strings.NewReader(`{"user":"`+userID+`"}`))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Audit posts an audit record, with no idempotency key.
func Audit(ctx context.Context, what string) error {
	resp, err := http.Post("https://audit.example/v1/records", "application/json", strings.NewReader(what))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
