// Package requeue holds redeliveries: handlers that send a failed message
// back to its queue after a pause, counting the round trips in the
// message.
package requeue

import "context"

// Headers are a message's string headers.
type Headers map[string]string

func (h Headers) Get(key string) string { return h[key] }

func (h Headers) Set(key, value string) { h[key] = value }

// Message is a broker's message, with a context for one delivery.
type Message struct {
	Body    []byte
	Headers Headers
	ctx     context.Context
}

func (m *Message) Context() context.Context { return m.ctx }

// Sender sends messages to a queue.
type Sender interface {
	Send(queue string, m *Message) error
}

const roundTrips = "round-trips"
