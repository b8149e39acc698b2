// Package grpcinterceptors holds gRPC clients that retry through the
// retry interceptors of go-grpc-middleware, v2 and v1.
package grpcinterceptors

import (
	"time"

	grpc_retry "github.com/grpc-ecosystem/go-grpc-middleware/retry"
	"github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/retry"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
)

// A fixed wait: every client that failed together retries together.
func linear(addr string) (*grpc.ClientConn, error) {
	return grpc.NewClient(addr, grpc.WithUnaryInterceptor(retry.UnaryClientInterceptor(
		retry.WithMax(5),
		retry.WithBackoff(retry.BackoffLinear(time.Second)), // want `retry.BackoffLinear\(time.Second\) gives the retry at line \d+ no jitter: .*; use retry.BackoffLinearWithJitter or retry.BackoffExponentialWithJitter`
	)))
}

// Doubling waits, in step.
func exponential(addr string) (*grpc.ClientConn, error) {
	interceptor := retry.StreamClientInterceptor(retry.WithBackoff(retry.BackoffExponential(100*time.Millisecond)), retry.WithMax(3)) // want `retry.BackoffExponential\(100\*time.Millisecond\) gives the retry at line \d+ no jitter`
	return grpc.NewClient(addr, grpc.WithStreamInterceptor(interceptor))
}

// A jitter fraction of 0 is no jitter.
func zeroFraction(addr string) (*grpc.ClientConn, error) {
	return grpc.NewClient(addr, grpc.WithUnaryInterceptor(retry.UnaryClientInterceptor(
		retry.WithMax(4),
		retry.WithBackoff(retry.BackoffExponentialWithJitter(50*time.Millisecond, 0)), // want `retry.BackoffExponentialWithJitter\(\.\.\.\) gives the retry at line \d+ no jitter: .*; add a random component to the delay`
	)))
}

// v1, as the grpc_retry package.
func v1Linear(addr string) (*grpc.ClientConn, error) {
	return grpc.Dial(addr, grpc.WithUnaryInterceptor(grpc_retry.UnaryClientInterceptor(
		grpc_retry.WithCodes(codes.Unavailable, codes.ResourceExhausted),
		grpc_retry.WithMax(5),
		grpc_retry.WithBackoff(grpc_retry.BackoffLinear(time.Second)), // want `grpc_retry.BackoffLinear\(time.Second\) gives the retry at line \d+ no jitter: .*; use grpc_retry.BackoffLinearWithJitter`
	)))
}

// Negatives.

// The default wait has jitter.
func defaultBackoff(addr string) (*grpc.ClientConn, error) {
	return grpc.NewClient(addr, grpc.WithUnaryInterceptor(retry.UnaryClientInterceptor(retry.WithMax(3))))
}

// The jittered waits.
func jittered(addr string) (*grpc.ClientConn, error) {
	return grpc.NewClient(addr, grpc.WithChainUnaryInterceptor(
		retry.UnaryClientInterceptor(retry.WithMax(3), retry.WithBackoff(retry.BackoffExponentialWithJitter(100*time.Millisecond, 0.2))),
		grpc_retry.UnaryClientInterceptor(grpc_retry.WithMax(3), grpc_retry.WithBackoff(grpc_retry.BackoffLinearWithJitter(time.Second, 0.1))),
	))
}

// Without WithMax the interceptor retries nothing, whatever its backoff.
func noMax(addr string) (*grpc.ClientConn, error) {
	return grpc.NewClient(addr, grpc.WithUnaryInterceptor(retry.UnaryClientInterceptor(
		retry.WithBackoff(retry.BackoffLinear(time.Second)),
	)))
}

// WithMax(1) is one attempt.
func oneAttempt(addr string) (*grpc.ClientConn, error) {
	return grpc.NewClient(addr, grpc.WithUnaryInterceptor(grpc_retry.UnaryClientInterceptor(
		grpc_retry.WithMax(1),
		grpc_retry.WithBackoff(grpc_retry.BackoffLinear(time.Second)),
	)))
}
