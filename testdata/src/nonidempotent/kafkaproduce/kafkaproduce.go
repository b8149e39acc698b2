// Package kafkaproduce ships audit records with kafka-go's Client, one
// produce request at a time: a produce that reached the leader before its
// acknowledgement was lost appends the records to the partition again
// when it is retried.
package kafkaproduce

import (
	"context"
	"net"
	"time"

	"github.com/segmentio/kafka-go"
)

type shipper struct {
	client *kafka.Client
	topic  string
}

// ship produces one batch to a partition.
func (s *shipper) ship(ctx context.Context, partition int) error {
	res, err := s.client.Produce(ctx, &kafka.ProduceRequest{
		Topic:        s.topic,
		Partition:    partition,
		RequiredAcks: kafka.RequireAll,
	})
	if err != nil {
		return err
	}
	return res.Error
}

func (s *shipper) shipWithRetry(ctx context.Context, partition int) error {
	var err error
	for attempt := 0; attempt < 5; attempt++ { // want `retry loop repeats \(\*kafkaproduce.shipper\).ship, which produces records to a Kafka partition: a retry after a lost acknowledgement does it again`
		if err = s.ship(ctx, partition); err == nil {
			return nil
		}
		time.Sleep(time.Duration(attempt+1) * 200 * time.Millisecond)
	}
	return err
}

func produceDirect(ctx context.Context, c *kafka.Client, topic string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ { // want `retry loop repeats \(\*kafka.Client\).Produce, which produces records to a Kafka partition`
		var res *kafka.ProduceResponse
		res, err = c.Produce(ctx, &kafka.ProduceRequest{Topic: topic})
		if err == nil && res.Error == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Negatives.

// A dial checks that the broker answers: dialling again changes nothing.
func (s *shipper) reachable(ctx context.Context, addr string) error {
	var d net.Dialer
	var lastErr error
	for attempt := 0; attempt < 5; attempt++ {
		conn, err := d.DialContext(ctx, "tcp", addr)
		if err == nil {
			return conn.Close()
		}
		lastErr = err
		time.Sleep(time.Duration(attempt+1) * 100 * time.Millisecond)
	}
	return lastErr
}

// Only the dial is retried; the produce that follows runs once.
func (s *shipper) shipOnceReachable(ctx context.Context, addr string) error {
	if err := s.reachable(ctx, addr); err != nil {
		return err
	}
	return s.ship(ctx, 0)
}
