// Package otlptrace is a test stub of go.opentelemetry.io/otel/exporters/otlp/otlptrace@v1.45.0: exported API only, bodies are not real.
package otlptrace

import "context"

// Exporter exports spans through its client, which retries as configured.
type Exporter struct {
	started bool
}

// Start starts the exporter's client.
func (e *Exporter) Start(ctx context.Context) error { e.started = true; return nil }

// Shutdown flushes and stops the exporter.
func (e *Exporter) Shutdown(ctx context.Context) error { return nil }
