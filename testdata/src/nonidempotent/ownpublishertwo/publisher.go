// Package ownpublishertwo has two real implementations of its publisher
// interface, one that publishes and one that only logs: which one a
// call runs is not known here, and the check stays silent.
package ownpublishertwo

import (
	"context"
	"log"

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

type logPublisher struct{}

func (logPublisher) Publish(ctx context.Context, subject string, body []byte) error {
	log.Printf("%s: %s", subject, body)
	return nil
}

type Service struct{ publisher Publisher }

func New(nc *nats.Conn, dryRun bool) *Service {
	if dryRun {
		return &Service{publisher: logPublisher{}}
	}
	return &Service{publisher: &natsPublisher{nc: nc}}
}

func (s *Service) OrderPlaced(ctx context.Context, body []byte) error {
	return retry.Do(func() error {
		return s.publisher.Publish(ctx, "orders.placed", body)
	})
}
