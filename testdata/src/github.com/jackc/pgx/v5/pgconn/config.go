// Package pgconn is a test stub of github.com/jackc/pgx/v5@v5.12.0: exported API only, bodies are not real.
package pgconn

import (
	"context"
	"crypto/tls"
	"net"
	"time"

	"github.com/jackc/pgx/v5/pgconn/ctxwatch"
)

type (
	AfterConnectFunc    func(ctx context.Context, pgconn *PgConn) error
	ValidateConnectFunc func(ctx context.Context, pgconn *PgConn) error
	GetSSLPasswordFunc  func(ctx context.Context) string
)

// Config holds the settings of one connection; made by ParseConfig.
type Config struct {
	Host           string
	Port           uint16
	Database       string
	User           string
	Password       string
	TLSConfig      *tls.Config
	ConnectTimeout time.Duration
	DialFunc       DialFunc
	LookupFunc     LookupFunc
	BuildFrontend  BuildFrontendFunc

	MaxProtocolMessageBodyLen int

	BuildContextWatcherHandler func(*PgConn) ctxwatch.Handler

	RuntimeParams map[string]string

	KerberosSrvName string
	KerberosSpn     string
	Fallbacks       []*FallbackConfig

	SSLNegotiation string
	SSLCertMode    string

	AfterNetConnect func(ctx context.Context, config *Config, conn net.Conn) (net.Conn, error)

	ValidateConnect ValidateConnectFunc
	AfterConnect    AfterConnectFunc
	OnNotice        NoticeHandler
	OnNotification  NotificationHandler
	OnPgError       PgErrorHandler

	OAuthTokenProvider func(context.Context) (string, error)

	MinProtocolVersion string
	MaxProtocolVersion string
	ChannelBinding     string
	RequireAuth        string

	createdByParseConfig bool
}

// FallbackConfig is one more host to try.
type FallbackConfig struct {
	Host      string
	Port      uint16
	TLSConfig *tls.Config
}
