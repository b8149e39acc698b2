// Package otlpconfig holds the exporter's configuration, for the stub of
// its package only.
package otlpconfig

// Config is the exporter's configuration.
type Config struct{}
