// Package pgxpool is a test stub of github.com/jackc/pgx/v5@v5.12.0: exported API only, bodies are not real.
package pgxpool

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// Pool is a concurrency-safe pool of connections.
type Pool struct {
	config *Config
}

// ShouldPingParams are passed to Config.ShouldPing.
type ShouldPingParams struct {
	Conn         *pgx.Conn
	IdleDuration time.Duration
}

// Config configures a Pool; made by ParseConfig.
type Config struct {
	ConnConfig *pgx.ConnConfig

	BeforeConnect func(context.Context, *pgx.ConnConfig) error
	AfterConnect  func(context.Context, *pgx.Conn) error
	BeforeAcquire func(context.Context, *pgx.Conn) bool
	PrepareConn   func(context.Context, *pgx.Conn) (bool, error)
	AfterRelease  func(*pgx.Conn) bool
	BeforeClose   func(*pgx.Conn)
	ShouldPing    func(context.Context, ShouldPingParams) bool

	MaxConnLifetime       time.Duration
	MaxConnLifetimeJitter time.Duration
	MaxConnIdleTime       time.Duration
	PingTimeout           time.Duration
	MaxConns              int32
	MinConns              int32
	MinIdleConns          int32
	HealthCheckPeriod     time.Duration

	createdByParseConfig bool
}

func (c *Config) Copy() *Config { n := *c; return &n }

func (c *Config) ConnString() string { return "" }

func New(ctx context.Context, connString string) (*Pool, error) { return nil, nil }

func NewWithConfig(ctx context.Context, config *Config) (*Pool, error) { return nil, nil }

func ParseConfig(connString string) (*Config, error) { return nil, nil }

func (p *Pool) Close() {}

func (p *Pool) Acquire(ctx context.Context) (c *Conn, err error) { return nil, nil }

func (p *Pool) AcquireFunc(ctx context.Context, f func(*Conn) error) error { return nil }

func (p *Pool) Reset() {}

func (p *Pool) Config() *Config { return p.config }

func (p *Pool) Exec(ctx context.Context, sql string, arguments ...any) (pgconn.CommandTag, error) {
	return pgconn.CommandTag{}, nil
}

func (p *Pool) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) { return nil, nil }

func (p *Pool) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row { return nil }

func (p *Pool) SendBatch(ctx context.Context, b *pgx.Batch) pgx.BatchResults { return nil }

func (p *Pool) Begin(ctx context.Context) (pgx.Tx, error) { return nil, nil }

func (p *Pool) BeginTx(ctx context.Context, txOptions pgx.TxOptions) (pgx.Tx, error) { return nil, nil }

func (p *Pool) CopyFrom(ctx context.Context, tableName pgx.Identifier, columnNames []string, rowSrc pgx.CopyFromSource) (int64, error) {
	return 0, nil
}

func (p *Pool) Ping(ctx context.Context) error { return nil }
