// Package retry is a test stub of github.com/grpc-ecosystem/go-grpc-middleware/v2@v2.3.2: exported API only, bodies are not real.
package retry

import (
	"context"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
)

// DefaultRetriableCodes are the codes retried unless WithCodes says otherwise.
var DefaultRetriableCodes = []codes.Code{codes.ResourceExhausted, codes.Unavailable}

// BackoffFunc returns the wait before an attempt.
type BackoffFunc func(ctx context.Context, attempt uint) time.Duration

// OnRetryCallback is called on each retry.
type OnRetryCallback func(ctx context.Context, attempt uint, err error)

// RetriableFunc says whether an error is retried.
type RetriableFunc func(err error) bool

type options struct {
	max             uint
	perCallTimeout  time.Duration
	includeHeader   bool
	backoffFunc     BackoffFunc
	onRetryCallback OnRetryCallback
	retriableFunc   RetriableFunc
}

// CallOption configures the interceptor, or one call through it.
type CallOption struct {
	grpc.EmptyCallOption
	applyFunc func(opt *options)
}

// Disable is WithMax(0).
func Disable() CallOption { return WithMax(0) }

// WithMax sets the most attempts; 0, the default, turns the retries off.
func WithMax(maxRetries uint) CallOption {
	return CallOption{applyFunc: func(o *options) { o.max = maxRetries }}
}

// WithBackoff sets the wait between attempts.
func WithBackoff(bf BackoffFunc) CallOption {
	return CallOption{applyFunc: func(o *options) { o.backoffFunc = bf }}
}

// WithOnRetryCallback sets a function called on each retry.
func WithOnRetryCallback(fn OnRetryCallback) CallOption {
	return CallOption{applyFunc: func(o *options) { o.onRetryCallback = fn }}
}

// WithCodes sets the codes retried.
func WithCodes(retryCodes ...codes.Code) CallOption {
	return CallOption{applyFunc: func(o *options) {}}
}

// WithPerRetryTimeout bounds each attempt.
func WithPerRetryTimeout(timeout time.Duration) CallOption {
	return CallOption{applyFunc: func(o *options) { o.perCallTimeout = timeout }}
}

// WithRetriable sets the predicate of the errors retried.
func WithRetriable(retriableFunc RetriableFunc) CallOption {
	return CallOption{applyFunc: func(o *options) { o.retriableFunc = retriableFunc }}
}

// BackoffLinear waits the same time before every attempt.
func BackoffLinear(waitBetween time.Duration) BackoffFunc {
	return func(ctx context.Context, attempt uint) time.Duration { return waitBetween }
}

// BackoffLinearWithJitter waits about the same time, within a fraction.
func BackoffLinearWithJitter(waitBetween time.Duration, jitterFraction float64) BackoffFunc {
	return func(ctx context.Context, attempt uint) time.Duration { return waitBetween }
}

// BackoffExponential doubles the wait from scalar.
func BackoffExponential(scalar time.Duration) BackoffFunc {
	return func(ctx context.Context, attempt uint) time.Duration { return scalar }
}

// BackoffExponentialWithJitter doubles the wait from scalar, within a fraction.
func BackoffExponentialWithJitter(scalar time.Duration, jitterFraction float64) BackoffFunc {
	return func(ctx context.Context, attempt uint) time.Duration { return scalar }
}

// BackoffExponentialWithJitterBounded is BackoffExponentialWithJitter capped at maxBound.
func BackoffExponentialWithJitterBounded(scalar time.Duration, jitterFrac float64, maxBound time.Duration) BackoffFunc {
	return func(ctx context.Context, attempt uint) time.Duration { return scalar }
}

// UnaryClientInterceptor retries unary calls as its options say.
func UnaryClientInterceptor(optFuncs ...CallOption) grpc.UnaryClientInterceptor {
	return func(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
		return invoker(ctx, method, req, reply, cc, opts...)
	}
}

// StreamClientInterceptor retries the opening of server streams as its options say.
func StreamClientInterceptor(optFuncs ...CallOption) grpc.StreamClientInterceptor {
	return func(ctx context.Context, desc *grpc.StreamDesc, cc *grpc.ClientConn, method string, streamer grpc.Streamer, opts ...grpc.CallOption) (grpc.ClientStream, error) {
		return streamer(ctx, desc, cc, method, opts...)
	}
}
