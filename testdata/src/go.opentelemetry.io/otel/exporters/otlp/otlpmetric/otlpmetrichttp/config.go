// Package otlpmetrichttp is a test stub of go.opentelemetry.io/otel/exporters/otlp/otlpmetric/otlpmetrichttp@v1.45.0: exported API only, bodies are not real.
package otlpmetrichttp

import (
	"context"
	"time"

	"go.opentelemetry.io/otel/exporters/otlp/otlpmetric/otlpmetrichttp/internal/oconf"
)

// Option configures the exporter.
type Option interface {
	applyHTTPOption(oconf.Config) oconf.Config
}

type fnOption func(oconf.Config) oconf.Config

func (f fnOption) applyHTTPOption(c oconf.Config) oconf.Config { return f(c) }

// RetryConfig says how a failed export is retried.
type RetryConfig struct {
	Enabled         bool
	InitialInterval time.Duration
	MaxInterval     time.Duration
	MaxElapsedTime  time.Duration
}

// WithRetry sets how a failed export is retried.
func WithRetry(rc RetryConfig) Option {
	return fnOption(func(c oconf.Config) oconf.Config { return c })
}

// WithEndpoint sets the collector's host and port.
func WithEndpoint(endpoint string) Option {
	return fnOption(func(c oconf.Config) oconf.Config { return c })
}

// Exporter exports metrics, retrying as configured.
type Exporter struct{}

// New makes an exporter.
func New(_ context.Context, opts ...Option) (*Exporter, error) { return &Exporter{}, nil }
