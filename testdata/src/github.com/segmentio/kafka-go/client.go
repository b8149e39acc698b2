// Package kafka is a test stub of github.com/segmentio/kafka-go@v0.4.51: exported API only, bodies are not real.
package kafka

import (
	"context"
	"net"
	"time"

	"github.com/segmentio/kafka-go/protocol"
)

// RecordReader is a sequence of records.
type RecordReader = protocol.RecordReader

// Client sends requests of the Kafka protocol to brokers, one call each.
type Client struct {
	Addr net.Addr

	Timeout time.Duration

	Transport RoundTripper
}

// ProduceRequest is the input of Client.Produce.
type ProduceRequest struct {
	Addr net.Addr

	Topic string

	Partition int

	RequiredAcks RequiredAcks

	MessageVersion int

	TransactionalID string

	Records RecordReader

	Compression Compression
}

// ProduceResponse is the output of Client.Produce.
type ProduceResponse struct {
	Throttle time.Duration

	Error error

	BaseOffset int64

	LogAppendTime time.Time

	LogStartOffset int64

	RecordErrors map[int]error
}

// Produce sends one produce request to the leader of a partition.
func (c *Client) Produce(ctx context.Context, req *ProduceRequest) (*ProduceResponse, error) {
	return nil, nil
}
