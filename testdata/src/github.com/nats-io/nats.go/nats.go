// Package nats is a test stub of github.com/nats-io/nats.go@v1.55.0: exported API only, bodies are not real.
package nats

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"net"
	"net/http"
	"net/url"
	"sync"
	"time"
)

const DefaultURL = "nats://127.0.0.1:4222"

var errStub = errors.New("nats stub: not implemented")

// Options configures a connection; Connect's Option functions set them.
type Options struct {
	Url string

	InProcessServer InProcessConnProvider

	Servers []string

	NoRandomize bool

	NoEcho bool

	Name string

	Verbose bool

	Pedantic bool

	Secure bool

	TLSConfig *tls.Config

	TLSCertCB TLSCertHandler

	TLSHandshakeFirst bool

	RootCAsCB RootCAsHandler

	AllowReconnect bool

	MaxReconnect int

	ReconnectWait time.Duration

	CustomReconnectDelayCB ReconnectDelayHandler

	ReconnectJitter time.Duration

	ReconnectJitterTLS time.Duration

	Timeout time.Duration

	DrainTimeout time.Duration

	FlusherTimeout time.Duration

	ReconnectOnFlusherError bool

	PingInterval time.Duration

	MaxPingsOut int

	ClosedCB ConnHandler

	DisconnectedCB ConnHandler

	DisconnectedErrCB ConnErrHandler

	ConnectedCB ConnHandler

	ReconnectedCB ConnHandler

	DiscoveredServersCB ConnHandler

	AsyncErrorCB ErrHandler

	ReconnectErrCB ConnErrHandler

	ReconnectToServerCB ReconnectToServerHandler

	ReconnectBufSize int

	SubChanLen int

	UserJWT UserJWTHandler

	Nkey string

	SignatureCB SignatureHandler

	User string

	Password string

	UserInfo UserInfoCB

	Token string

	TokenHandler AuthTokenHandler

	Dialer *net.Dialer

	AllowMultipathTCP *bool

	CustomDialer CustomDialer

	UseOldRequestStyle bool

	NoCallbacksAfterClientClose bool

	LameDuckModeHandler ConnHandler

	RetryOnFailedConnect bool

	Compression bool

	ProxyPath string

	InboxPrefix string

	IgnoreAuthErrorAbort bool

	SkipHostLookup bool

	PermissionErrOnSubscribe bool

	WebSocketConnectionHeaders http.Header

	WebSocketConnectionHeadersHandler WebSocketHeadersHandler

	SkipSubjectValidation bool

	IgnoreDiscoveredServers bool

	WriteBufferSize int
}

// Option sets one of the Options of Connect.
type Option func(*Options) error

type (
	ConnHandler              func(*Conn)
	ConnErrHandler           func(*Conn, error)
	ErrHandler               func(*Conn, *Subscription, error)
	UserJWTHandler           func() (string, error)
	UserInfoCB               func() (string, string)
	TLSCertHandler           func() (tls.Certificate, error)
	RootCAsHandler           func() (*x509.CertPool, error)
	SignatureHandler         func([]byte) ([]byte, error)
	AuthTokenHandler         func() string
	ReconnectDelayHandler    func(attempts int) time.Duration
	ReconnectToServerHandler func([]Server, ServerInfo) (*Server, time.Duration)
	WebSocketHeadersHandler  func() (http.Header, error)
)

// CustomDialer dials the connection to a server.
type CustomDialer interface {
	Dial(network, address string) (net.Conn, error)
}

// InProcessConnProvider provides an in-process connection to a server.
type InProcessConnProvider interface {
	InProcessConn() (net.Conn, error)
}

// Server is a server of the pool a connection reconnects over.
type Server struct {
	URL        *url.URL
	Reconnects int
	didConnect bool
	lastErr    error
}

// ServerInfo is the INFO a server sends.
type ServerInfo struct {
	ID              string
	Name            string
	Proto           int
	Version         string
	Host            string
	Port            int
	Headers         bool
	AuthRequired    bool
	TLSRequired     bool
	TLSAvailable    bool
	MaxPayload      int64
	CID             uint64
	ClientIP        string
	Nonce           string
	Cluster         string
	ConnectURLs     []string
	LameDuckMode    bool
	JetStream       bool
	IsSystemAccount bool
	RemoteAccount   string
	JSApiLevel      int
	Domain          string
}

// Statistics counts the traffic of a connection.
type Statistics struct {
	InMsgs     uint64
	OutMsgs    uint64
	InBytes    uint64
	OutBytes   uint64
	Reconnects uint64
}

// Conn is a connection to a NATS server.
type Conn struct {
	Statistics
	mu sync.RWMutex

	Opts Options
}

// Connect connects to the servers at url, a comma-separated list.
func Connect(url string, options ...Option) (*Conn, error) { return nil, errStub }

func Name(name string) Option { return func(o *Options) error { o.Name = name; return nil } }

func ReconnectWait(t time.Duration) Option {
	return func(o *Options) error { o.ReconnectWait = t; return nil }
}

func MaxReconnects(max int) Option {
	return func(o *Options) error { o.MaxReconnect = max; return nil }
}

func Timeout(t time.Duration) Option { return func(o *Options) error { o.Timeout = t; return nil } }

func RetryOnFailedConnect(retry bool) Option {
	return func(o *Options) error { o.RetryOnFailedConnect = retry; return nil }
}

// Publish publishes data to subj, at most once: core NATS has no acknowledgement.
func (nc *Conn) Publish(subj string, data []byte) error { return nil }

// PublishMsg publishes m, with its headers.
func (nc *Conn) PublishMsg(m *Msg) error { return nil }

// PublishRequest publishes data to subj with reply as the reply subject.
func (nc *Conn) PublishRequest(subj, reply string, data []byte) error { return nil }

// Request publishes data to subj and waits up to timeout for one reply.
func (nc *Conn) Request(subj string, data []byte, timeout time.Duration) (*Msg, error) {
	return nil, errStub
}

// RequestWithContext publishes data to subj and waits for one reply.
func (nc *Conn) RequestWithContext(ctx context.Context, subj string, data []byte) (*Msg, error) {
	return nil, errStub
}

// RequestMsg publishes msg and waits up to timeout for one reply.
func (nc *Conn) RequestMsg(msg *Msg, timeout time.Duration) (*Msg, error) { return nil, errStub }

// RequestMsgWithContext publishes msg and waits for one reply.
func (nc *Conn) RequestMsgWithContext(ctx context.Context, msg *Msg) (*Msg, error) {
	return nil, errStub
}

// Subscribe calls cb for each message on subj.
func (nc *Conn) Subscribe(subj string, cb MsgHandler) (*Subscription, error) { return nil, errStub }

// Flush waits until the server has processed everything published so far.
func (nc *Conn) Flush() error { return nil }

func (nc *Conn) FlushTimeout(timeout time.Duration) (err error) { return nil }

func (nc *Conn) Close() {}

func (nc *Conn) Drain() error { return nil }

func (nc *Conn) IsConnected() bool { return true }

// Header is the headers of a message.
type Header map[string][]string

func (h Header) Add(key, value string) { h[key] = append(h[key], value) }

func (h Header) Set(key, value string) { h[key] = []string{value} }

func (h Header) Get(key string) string {
	if v := h[key]; len(v) > 0 {
		return v[0]
	}
	return ""
}

func (h Header) Values(key string) []string { return h[key] }

func (h Header) Del(key string) { delete(h, key) }

// Msg is a message published or received.
type Msg struct {
	Subject string
	Reply   string
	Header  Header
	Data    []byte
	Sub     *Subscription
	next    *Msg
}

// NewMsg returns a message for subject with empty headers.
func NewMsg(subject string) *Msg { return &Msg{Subject: subject, Header: Header{}} }

// Respond publishes data to the message's reply subject.
func (m *Msg) Respond(data []byte) error { return nil }

// MsgHandler is called with each message of a subscription.
type MsgHandler func(msg *Msg)

// Subscription is interest in a subject.
type Subscription struct {
	mu  sync.Mutex
	sid int64

	Subject string

	Queue string
}
