// Package otlpmetricgrpc is a test stub of go.opentelemetry.io/otel/exporters/otlp/otlpmetric/otlpmetricgrpc@v1.45.0: exported API only, bodies are not real.
package otlpmetricgrpc

import (
	"context"
	"time"

	"go.opentelemetry.io/otel/exporters/otlp/otlpmetric/otlpmetricgrpc/internal/oconf"
)

// Option configures the exporter.
type Option interface {
	applyGRPCOption(oconf.Config) oconf.Config
}

type fnOption func(oconf.Config) oconf.Config

func (f fnOption) applyGRPCOption(c oconf.Config) oconf.Config { return f(c) }

// RetryConfig says how a failed export is retried.
type RetryConfig struct {
	Enabled         bool
	InitialInterval time.Duration
	MaxInterval     time.Duration
	MaxElapsedTime  time.Duration
}

// WithRetry sets how a failed export is retried.
func WithRetry(settings RetryConfig) Option {
	return fnOption(func(c oconf.Config) oconf.Config { return c })
}

// WithEndpoint sets the collector's host and port.
func WithEndpoint(endpoint string) Option {
	return fnOption(func(c oconf.Config) oconf.Config { return c })
}

// Exporter exports metrics, retrying as configured.
type Exporter struct{}

// New makes an exporter.
func New(ctx context.Context, options ...Option) (*Exporter, error) { return &Exporter{}, nil }
