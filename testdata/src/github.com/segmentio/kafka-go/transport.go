// Package kafka is a test stub of github.com/segmentio/kafka-go@v0.4.51: exported API only, bodies are not real.
package kafka

import (
	"context"
	"net"

	"github.com/segmentio/kafka-go/protocol"
)

// Request is a message sent to a broker.
type Request = protocol.Message

// Response is a message a broker sends back.
type Response = protocol.Message

// RoundTripper sends requests to brokers.
type RoundTripper interface {
	RoundTrip(context.Context, net.Addr, Request) (Response, error)
}
