// Package protocol is a test stub of github.com/segmentio/kafka-go@v0.4.51: exported API only, bodies are not real.
package protocol

import (
	"io"
	"time"
)

// Bytes is a payload that can be read once.
type Bytes interface {
	io.ReadCloser
	Len() int
}

// Record is one record of a record set.
type Record struct {
	Offset int64

	Time time.Time

	Key Bytes

	Value Bytes

	Headers []Header
}

// RecordReader is a sequence of records.
type RecordReader interface {
	ReadRecord() (*Record, error)
}
