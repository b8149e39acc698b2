// Package pgconn is a test stub of github.com/jackc/pgconn@v1.14.3: exported API only, bodies are not real.
package pgconn

import (
	"context"
	"crypto/tls"
	"time"
)

type AfterConnectFunc func(ctx context.Context, pgconn *PgConn) error
type ValidateConnectFunc func(ctx context.Context, pgconn *PgConn) error
type GetSSLPasswordFunc func(ctx context.Context) string

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
	RuntimeParams  map[string]string

	KerberosSrvName string
	KerberosSpn     string
	Fallbacks       []*FallbackConfig

	ValidateConnect ValidateConnectFunc
	AfterConnect    AfterConnectFunc
	OnNotice        NoticeHandler
	OnNotification  NotificationHandler

	createdByParseConfig bool
}

// FallbackConfig is one more host to try.
type FallbackConfig struct {
	Host      string
	Port      uint16
	TLSConfig *tls.Config
}
