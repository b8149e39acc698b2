// Package compress is a test stub of github.com/segmentio/kafka-go@v0.4.51: exported API only, bodies are not real.
package compress

// Compression is the compression applied to a record set.
type Compression int8

const (
	None   Compression = 0
	Gzip   Compression = 1
	Snappy Compression = 2
	Lz4    Compression = 3
	Zstd   Compression = 4
)

func (c Compression) String() string { return "" }
