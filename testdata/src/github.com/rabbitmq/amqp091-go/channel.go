// Package amqp091 is a test stub of github.com/rabbitmq/amqp091-go@v1.16.0: exported API only, bodies are not real.
package amqp091

import (
	"context"
	"sync"
	"time"
)

// Channel is an AMQP channel, on which messages are published.
type Channel struct {
	m sync.Mutex
}

// Publish sends msg to exchange with routing key key.
func (ch *Channel) Publish(exchange, key string, mandatory, immediate bool, msg Publishing) error {
	return nil
}

// PublishWithContext sends msg to exchange with routing key key.
func (ch *Channel) PublishWithContext(ctx context.Context, exchange, key string, mandatory, immediate bool, msg Publishing) error {
	return nil
}

// PublishWithDeferredConfirm sends msg and returns its pending confirmation.
func (ch *Channel) PublishWithDeferredConfirm(exchange, key string, mandatory, immediate bool, msg Publishing) (*DeferredConfirmation, error) {
	return nil, nil
}

// PublishWithDeferredConfirmWithContext sends msg and returns its pending confirmation.
func (ch *Channel) PublishWithDeferredConfirmWithContext(ctx context.Context, exchange, key string, mandatory, immediate bool, msg Publishing) (*DeferredConfirmation, error) {
	return nil, nil
}

// Confirm puts the channel in confirm mode.
func (ch *Channel) Confirm(noWait bool) error { return nil }

// Close closes the channel.
func (ch *Channel) Close() error { return nil }

// Publishing is a message to publish: properties and body.
type Publishing struct {
	Headers Table

	ContentType     string
	ContentEncoding string
	DeliveryMode    uint8
	Priority        uint8
	CorrelationId   string
	ReplyTo         string
	Expiration      string
	MessageId       string
	Timestamp       time.Time
	Type            string
	UserId          string
	AppId           string

	Body []byte
}

// Delivery modes of a Publishing.
const (
	Transient  uint8 = 1
	Persistent uint8 = 2
)

// Table is a field table: message headers and arguments.
type Table map[string]any

// DeferredConfirmation is the pending broker confirmation of one publishing.
type DeferredConfirmation struct {
	DeliveryTag uint64

	done chan struct{}
	ack  bool
}

func (d *DeferredConfirmation) Done() <-chan struct{} { return d.done }

func (d *DeferredConfirmation) Acked() bool { return d.ack }

func (d *DeferredConfirmation) Wait() bool { return d.ack }

func (d *DeferredConfirmation) WaitContext(ctx context.Context) (bool, error) { return d.ack, nil }
