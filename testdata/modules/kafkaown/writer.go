// Package kafka stands in for kafka-go's own module: its Writer retries
// the produce requests of its Client, which the builtin rows judge inside
// the library too (own-module), and publishes through its own
// WriteMessages, which they do not.
package kafka

import (
	"context"
	"time"
)

type Client struct{}

type ProduceRequest struct{ Topic string }

type ProduceResponse struct{ Error error }

func (c *Client) Produce(ctx context.Context, req *ProduceRequest) (*ProduceResponse, error) {
	return &ProduceResponse{}, nil
}

type Message struct{ Value []byte }

type Writer struct {
	Topic  string
	client *Client
}

func (w *Writer) WriteMessages(ctx context.Context, msgs ...Message) error { return nil }

// produce sends a batch once.
func (w *Writer) produce(ctx context.Context) (*ProduceResponse, error) {
	return w.client.Produce(ctx, &ProduceRequest{Topic: w.Topic})
}

// writeBatch re-sends a batch after a failed produce: the records the
// leader appended before the acknowledgement was lost are appended again.
func (w *Writer) writeBatch(ctx context.Context) error {
	var err error
	for attempt := 0; attempt < 10; attempt++ { // want `retry loop repeats \(\*kafka.Writer\).produce, which produces records to a Kafka partition`
		if attempt > 0 {
			time.Sleep(time.Duration(attempt*attempt) * 100 * time.Millisecond)
		}
		var res *ProduceResponse
		if res, err = w.produce(ctx); err == nil {
			err = res.Error
		}
		if err == nil {
			return nil
		}
	}
	return err
}

// Negatives.

// A control message the library sends through its own user-facing API is
// its implementation: the row for WriteMessages describes the call to the
// library's users, not to the library.
func (w *Writer) sendMarker(ctx context.Context) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = w.WriteMessages(ctx, Message{}); err == nil {
			return nil
		}
		time.Sleep(time.Duration(attempt+1) * time.Second)
	}
	return err
}
