// Package kafka is a test stub of github.com/segmentio/kafka-go@v0.4.51: exported API only, bodies are not real.
package kafka

import (
	"time"

	"github.com/segmentio/kafka-go/compress"
	"github.com/segmentio/kafka-go/protocol"
)

// Message is a Kafka message, written by a Writer or read by a Reader.
type Message struct {
	Topic string

	Partition     int
	Offset        int64
	HighWaterMark int64
	Key           []byte
	Value         []byte
	Headers       []Header

	WriterData interface{}

	Time time.Time
}

// Header is a message header.
type Header = protocol.Header

// Compression is the compression codec of a Writer.
type Compression = compress.Compression

const (
	Gzip   Compression = compress.Gzip
	Snappy Compression = compress.Snappy
	Lz4    Compression = compress.Lz4
	Zstd   Compression = compress.Zstd
)
