// Package kafka is a test stub of github.com/segmentio/kafka-go@v0.4.51: exported API only, bodies are not real.
package kafka

import (
	"context"
	"net"
	"sync"
	"time"
)

// Writer writes messages to Kafka; configure it with a struct literal.
type Writer struct {
	Addr net.Addr

	Topic string

	Balancer Balancer

	MaxAttempts int

	WriteBackoffMin time.Duration

	WriteBackoffMax time.Duration

	BatchSize int

	BatchBytes int64

	BatchTimeout time.Duration

	ReadTimeout time.Duration

	WriteTimeout time.Duration

	RequiredAcks RequiredAcks

	Async bool

	Completion func(messages []Message, err error)

	Compression Compression

	Logger Logger

	ErrorLogger Logger

	Transport RoundTripper

	AllowAutoTopicCreation bool

	mutex  sync.Mutex
	closed bool
}

// WriteMessages writes msgs, retrying each batch up to MaxAttempts times.
func (w *Writer) WriteMessages(ctx context.Context, msgs ...Message) error { return nil }

// Close flushes pending writes and closes the writer.
func (w *Writer) Close() error { return nil }

// RequiredAcks is how many replica acknowledgements a write waits for.
type RequiredAcks int

const (
	RequireNone RequiredAcks = 0
	RequireOne  RequiredAcks = 1
	RequireAll  RequiredAcks = -1
)

func (acks RequiredAcks) String() string { return "" }

// Logger is the logging interface of readers and writers.
type Logger interface {
	Printf(string, ...interface{})
}

// LoggerFunc adapts a printf-like function to Logger.
type LoggerFunc func(string, ...interface{})

func (f LoggerFunc) Printf(msg string, args ...interface{}) { f(msg, args...) }

// TCP returns the address of brokers reached over TCP.
func TCP(address ...string) net.Addr { return nil }
