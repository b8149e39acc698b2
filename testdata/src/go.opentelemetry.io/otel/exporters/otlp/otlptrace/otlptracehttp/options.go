// Package otlptracehttp is a test stub of go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracehttp@v1.45.0: exported API only, bodies are not real.
package otlptracehttp

import (
	"context"
	"time"

	"go.opentelemetry.io/otel/exporters/otlp/otlptrace"
	"go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracehttp/internal/otlpconfig"
)

// Option configures the exporter.
type Option interface {
	applyHTTPOption(otlpconfig.Config) otlpconfig.Config
}

type fnOption func(otlpconfig.Config) otlpconfig.Config

func (f fnOption) applyHTTPOption(c otlpconfig.Config) otlpconfig.Config { return f(c) }

// RetryConfig says how a failed export is retried.
type RetryConfig struct {
	Enabled         bool
	InitialInterval time.Duration
	MaxInterval     time.Duration
	MaxElapsedTime  time.Duration
}

// WithRetry sets how a failed export is retried.
func WithRetry(rc RetryConfig) Option {
	return fnOption(func(c otlpconfig.Config) otlpconfig.Config { return c })
}

// WithEndpoint sets the collector's host and port.
func WithEndpoint(endpoint string) Option {
	return fnOption(func(c otlpconfig.Config) otlpconfig.Config { return c })
}

// WithInsecure turns transport security off.
func WithInsecure() Option {
	return fnOption(func(c otlpconfig.Config) otlpconfig.Config { return c })
}

// New makes and starts an exporter.
func New(ctx context.Context, opts ...Option) (*otlptrace.Exporter, error) {
	e := NewUnstarted(opts...)
	return e, e.Start(ctx)
}

// NewUnstarted makes an exporter that is not started.
func NewUnstarted(opts ...Option) *otlptrace.Exporter { return &otlptrace.Exporter{} }
