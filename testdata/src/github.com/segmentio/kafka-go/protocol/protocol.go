// Package protocol is a test stub of github.com/segmentio/kafka-go@v0.4.51: exported API only, bodies are not real.
package protocol

// ApiKey identifies a Kafka API.
type ApiKey int16

// Message is a Kafka protocol request or response.
type Message interface {
	ApiKey() ApiKey
}

// Header is a record header, a key and a value.
type Header struct {
	Key   string
	Value []byte
}
