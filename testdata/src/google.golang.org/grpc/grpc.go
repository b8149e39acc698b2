// Package grpc is a test stub of google.golang.org/grpc@v1.83.2: exported API only, bodies are not real.
package grpc

import (
	"context"

	"google.golang.org/grpc/metadata"
)

// ClientConn is a virtual connection to a server.
type ClientConn struct {
	ctx context.Context
}

// NewClient makes a ClientConn for target.
func NewClient(target string, opts ...DialOption) (conn *ClientConn, err error) {
	return &ClientConn{ctx: context.Background()}, nil
}

// Dial is the deprecated NewClient.
func Dial(target string, opts ...DialOption) (*ClientConn, error) { return NewClient(target, opts...) }

// Invoke sends a unary RPC, through the connection's interceptors.
func (cc *ClientConn) Invoke(ctx context.Context, method string, args, reply any, opts ...CallOption) error {
	return nil
}

// Close ends the connection.
func (cc *ClientConn) Close() error { return nil }

type dialOptions struct {
	unaryInt  UnaryClientInterceptor
	streamInt StreamClientInterceptor
}

// DialOption configures a ClientConn.
type DialOption interface {
	apply(*dialOptions)
}

type funcDialOption struct{ f func(*dialOptions) }

func (o *funcDialOption) apply(d *dialOptions) { o.f(d) }

// WithUnaryInterceptor installs one unary client interceptor.
func WithUnaryInterceptor(f UnaryClientInterceptor) DialOption {
	return &funcDialOption{func(d *dialOptions) { d.unaryInt = f }}
}

// WithChainUnaryInterceptor installs unary client interceptors in order.
func WithChainUnaryInterceptor(interceptors ...UnaryClientInterceptor) DialOption {
	return &funcDialOption{func(*dialOptions) {}}
}

// WithStreamInterceptor installs one stream client interceptor.
func WithStreamInterceptor(f StreamClientInterceptor) DialOption {
	return &funcDialOption{func(d *dialOptions) { d.streamInt = f }}
}

// WithDefaultServiceConfig sets the service config, a JSON document.
func WithDefaultServiceConfig(s string) DialOption {
	return &funcDialOption{func(*dialOptions) {}}
}

type callInfo struct{}

type csAttempt struct{}

// CallOption configures one call.
type CallOption interface {
	before(*callInfo) error
	after(*callInfo, *csAttempt)
}

// EmptyCallOption does not alter the call; interceptors embed it to carry
// their own options.
type EmptyCallOption struct{}

func (EmptyCallOption) before(*callInfo) error      { return nil }
func (EmptyCallOption) after(*callInfo, *csAttempt) {}

// UnaryInvoker sends a unary RPC.
type UnaryInvoker func(ctx context.Context, method string, req, reply any, cc *ClientConn, opts ...CallOption) error

// UnaryClientInterceptor intercepts a unary RPC on the client.
type UnaryClientInterceptor func(ctx context.Context, method string, req, reply any, cc *ClientConn, invoker UnaryInvoker, opts ...CallOption) error

// Streamer opens a client stream.
type Streamer func(ctx context.Context, desc *StreamDesc, cc *ClientConn, method string, opts ...CallOption) (ClientStream, error)

// StreamClientInterceptor intercepts the opening of a client stream.
type StreamClientInterceptor func(ctx context.Context, desc *StreamDesc, cc *ClientConn, method string, streamer Streamer, opts ...CallOption) (ClientStream, error)

// StreamHandler serves a stream on the server.
type StreamHandler func(srv any, stream ServerStream) error

// StreamDesc describes a streaming RPC.
type StreamDesc struct {
	StreamName    string
	Handler       StreamHandler
	ServerStreams bool
	ClientStreams bool
}

// ClientStream is the client's side of a stream.
type ClientStream interface {
	Header() (metadata.MD, error)
	Trailer() metadata.MD
	CloseSend() error
	Context() context.Context
	SendMsg(m any) error
	RecvMsg(m any) error
}

// ServerStream is the server's side of a stream.
type ServerStream interface {
	SetHeader(metadata.MD) error
	SendHeader(metadata.MD) error
	SetTrailer(metadata.MD)
	Context() context.Context
	SendMsg(m any) error
	RecvMsg(m any) error
}
