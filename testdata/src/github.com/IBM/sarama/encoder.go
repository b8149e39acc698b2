// Package sarama is a test stub of github.com/IBM/sarama@v1.61.1: exported API only, bodies are not real.
package sarama

// Encoder is a message key or value.
type Encoder interface {
	Encode() ([]byte, error)
	Length() int
}

// StringEncoder is an Encoder of a string.
type StringEncoder string

func (s StringEncoder) Encode() ([]byte, error) { return []byte(s), nil }

func (s StringEncoder) Length() int { return len(s) }

// ByteEncoder is an Encoder of a byte slice.
type ByteEncoder []byte

func (b ByteEncoder) Encode() ([]byte, error) { return b, nil }

func (b ByteEncoder) Length() int { return len(b) }

// RecordHeader is one record header, a key and a value.
type RecordHeader struct {
	Key   []byte
	Value []byte
}
