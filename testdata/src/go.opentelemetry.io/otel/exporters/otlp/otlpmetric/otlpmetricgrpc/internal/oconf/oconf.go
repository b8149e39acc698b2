// Package oconf holds the exporter's configuration, for the stub of its
// package only.
package oconf

// Config is the exporter's configuration.
type Config struct{}
