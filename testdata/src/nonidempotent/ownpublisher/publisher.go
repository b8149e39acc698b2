// Package ownpublisher publishes through an interface of its own, which
// it implements once for real; a generated mock and a test's fake
// implement it too. The doubles never run in production: the call
// publishes, as its one real implementation does.
package ownpublisher

import (
	"context"

	retry "github.com/avast/retry-go/v4"
	"github.com/nats-io/nats.go"
)

type Publisher interface {
	Publish(ctx context.Context, subject string, body []byte) error
}

type natsPublisher struct{ nc *nats.Conn }

func (p *natsPublisher) Publish(ctx context.Context, subject string, body []byte) error {
	return p.nc.Publish(subject, body)
}

type Service struct{ publisher Publisher }

func New(nc *nats.Conn) *Service { return &Service{publisher: &natsPublisher{nc: nc}} }

func (s *Service) OrderPlaced(ctx context.Context, body []byte) error {
	return retry.Do(func() error { // want `retry.Do repeats \(\*ownpublisher.natsPublisher\).Publish, which publishes a NATS message`
		return s.publisher.Publish(ctx, "orders.placed", body)
	})
}
