// Package proto is a test stub of github.com/redis/go-redis/v9@v9.23.0: exported API only, bodies are not real.
package proto

import "io"

type writer interface {
	io.Writer
	io.ByteWriter
	WriteString(s string) (n int, err error)
}

// Writer writes RESP commands.
type Writer struct {
	writer

	lenBuf []byte
	numBuf []byte
}

// NewWriter returns a Writer on wr.
func NewWriter(wr writer) *Writer { return &Writer{writer: wr} }

// WriteArgs writes one command, its name and arguments, as a RESP array.
func (w *Writer) WriteArgs(args []interface{}) error { return nil }

// WriteArg writes one argument of a command.
func (w *Writer) WriteArg(v interface{}) error { return nil }
