// Package clients holds clients configured to retry: a resty client made
// to retry by SetRetryCount, gRPC retry interceptors and OTLP
// exporters, each listed as a client site, and the same clients left
// without retries, which are none.
package clients

import (
	"context"
	"time"

	"github.com/go-resty/resty/v2"
	"github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/retry"
	"go.opentelemetry.io/otel/exporters/otlp/otlpmetric/otlpmetricgrpc"
	"go.opentelemetry.io/otel/exporters/otlp/otlpmetric/otlpmetrichttp"
	"go.opentelemetry.io/otel/exporters/otlp/otlptrace"
	"go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracegrpc"
	"go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracehttp"
	"google.golang.org/grpc"
)

// restyRetrying: SetRetryCount(3) makes the client retry.
func restyRetrying() *resty.Client { return resty.New().SetRetryCount(3) }

// restyOff: 0 is resty's default, no retries.
func restyOff() *resty.Client { return resty.New().SetRetryCount(0) }

// interceptor: WithMax(4) is four attempts.
func interceptor(addr string) (*grpc.ClientConn, error) {
	return grpc.NewClient(addr, grpc.WithUnaryInterceptor(retry.UnaryClientInterceptor(retry.WithMax(4))))
}

// interceptorOff: without WithMax the interceptor retries nothing.
func interceptorOff(addr string) (*grpc.ClientConn, error) {
	return grpc.NewClient(addr, grpc.WithUnaryInterceptor(retry.UnaryClientInterceptor()))
}

// exporterDefault: the exporter retries by default.
func exporterDefault(ctx context.Context) (*otlptrace.Exporter, error) {
	return otlptracegrpc.New(ctx, otlptracegrpc.WithEndpoint("collector:4317"))
}

// exporterNoElapsed: a RetryConfig without MaxElapsedTime has no
// elapsed-time cap; the export's context still ends it.
func exporterNoElapsed() *otlptrace.Exporter {
	return otlptracehttp.NewUnstarted(otlptracehttp.WithRetry(otlptracehttp.RetryConfig{Enabled: true, InitialInterval: time.Second}))
}

// exporterOff: Enabled false turns the retries off.
func exporterOff(ctx context.Context) (*otlptrace.Exporter, error) {
	return otlptracehttp.New(ctx, otlptracehttp.WithRetry(otlptracehttp.RetryConfig{Enabled: false}))
}

// metricsDefault: the metric exporter retries by default too.
func metricsDefault(ctx context.Context) (*otlpmetricgrpc.Exporter, error) {
	return otlpmetricgrpc.New(ctx, otlpmetricgrpc.WithEndpoint("collector:4317"))
}

// metricsOff: a RetryConfig literal without Enabled turns them off.
func metricsOff(ctx context.Context) (*otlpmetrichttp.Exporter, error) {
	return otlpmetrichttp.New(ctx, otlpmetrichttp.WithRetry(otlpmetrichttp.RetryConfig{InitialInterval: time.Second}))
}
