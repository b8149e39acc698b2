package realmod

import (
	"context"
	"time"

	"go.opentelemetry.io/otel/exporters/otlp/otlptrace"
	"go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracegrpc"
	"go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracehttp"
)

// Negatives: the OTLP trace exporters retry with jitter, on the errors
// that may clear, until their export's context ends.

func traceExporter(ctx context.Context) (*otlptrace.Exporter, error) {
	return otlptracegrpc.New(ctx, otlptracegrpc.WithEndpoint("collector:4317"), otlptracegrpc.WithRetry(otlptracegrpc.RetryConfig{
		Enabled:         true,
		InitialInterval: time.Second,
		MaxInterval:     10 * time.Second,
	}))
}

func traceExporterHTTP(ctx context.Context) (*otlptrace.Exporter, error) {
	return otlptracehttp.New(ctx, otlptracehttp.WithEndpoint("collector:4318"))
}
