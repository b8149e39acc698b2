// Package mocks holds a hand-written double of the publisher, for the
// tests of the packages that use one.
package mocks

import "context"

type Publisher struct{ Sent [][]byte }

func (p *Publisher) Publish(ctx context.Context, subject string, body []byte) error {
	p.Sent = append(p.Sent, body)
	return nil
}
