// Package metadata is a test stub of google.golang.org/grpc@v1.83.2: exported API only, bodies are not real.
package metadata

// MD is a mapping from metadata keys to values.
type MD map[string][]string
