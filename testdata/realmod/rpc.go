package realmod

import (
	"time"

	grpc_retry "github.com/grpc-ecosystem/go-grpc-middleware/retry"
	"github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/retry"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
)

// dialPayments retries the payment service's calls at fixed intervals:
// every client that failed in one outage comes back at the same moment.
func dialPayments(addr string) (*grpc.ClientConn, error) {
	return grpc.NewClient(addr, grpc.WithUnaryInterceptor(grpc_retry.UnaryClientInterceptor(
		grpc_retry.WithCodes(codes.Unavailable, codes.ResourceExhausted),
		grpc_retry.WithMax(5),
		grpc_retry.WithBackoff(grpc_retry.BackoffLinear(time.Second)), // finding: nojitter
	)))
}

// dialEvents doubles its waits, in step with every other client.
func dialEvents(addr string) (*grpc.ClientConn, error) {
	return grpc.NewClient(addr, grpc.WithChainUnaryInterceptor(retry.UnaryClientInterceptor(
		retry.WithMax(4),
		retry.WithBackoff(retry.BackoffExponential(200*time.Millisecond)), // finding: nojitter
	)))
}

// Negatives.

// dialInventory keeps the interceptor's jittered default.
func dialInventory(addr string) (*grpc.ClientConn, error) {
	return grpc.NewClient(addr, grpc.WithUnaryInterceptor(retry.UnaryClientInterceptor(retry.WithMax(3))))
}

// dialLedger installs the interceptor without WithMax: it retries nothing.
func dialLedger(addr string) (*grpc.ClientConn, error) {
	return grpc.NewClient(addr, grpc.WithUnaryInterceptor(retry.UnaryClientInterceptor(
		retry.WithBackoff(retry.BackoffLinear(time.Second)),
	)))
}
