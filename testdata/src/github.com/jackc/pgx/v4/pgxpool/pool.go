// Package pgxpool is a test stub of github.com/jackc/pgx/v4@v4.18.3: exported API only, bodies are not real.
package pgxpool

import (
	"context"
	"time"

	"github.com/jackc/pgconn"
	"github.com/jackc/pgx/v4"
)

// Pool is a concurrency-safe pool of connections.
type Pool struct {
	config *Config
}

// Config configures a Pool; made by ParseConfig.
type Config struct {
	ConnConfig *pgx.ConnConfig

	BeforeConnect func(context.Context, *pgx.ConnConfig) error
	AfterConnect  func(context.Context, *pgx.Conn) error
	BeforeAcquire func(context.Context, *pgx.Conn) bool
	AfterRelease  func(*pgx.Conn) bool

	MaxConnLifetime       time.Duration
	MaxConnLifetimeJitter time.Duration
	MaxConnIdleTime       time.Duration
	MaxConns              int32
	MinConns              int32
	HealthCheckPeriod     time.Duration
	LazyConnect           bool

	createdByParseConfig bool
}

func (c *Config) Copy() *Config { n := *c; return &n }

func (c *Config) ConnString() string { return "" }

func Connect(ctx context.Context, connString string) (*Pool, error) { return nil, nil }

func ConnectConfig(ctx context.Context, config *Config) (*Pool, error) { return nil, nil }

func ParseConfig(connString string) (*Config, error) { return nil, nil }

func (p *Pool) Close() {}

func (p *Pool) Acquire(ctx context.Context) (*Conn, error) { return nil, nil }

func (p *Pool) AcquireFunc(ctx context.Context, f func(*Conn) error) error { return nil }

func (p *Pool) Config() *Config { return p.config }

func (p *Pool) Exec(ctx context.Context, sql string, arguments ...interface{}) (pgconn.CommandTag, error) {
	return nil, nil
}

func (p *Pool) Query(ctx context.Context, sql string, args ...interface{}) (pgx.Rows, error) {
	return nil, nil
}

func (p *Pool) QueryRow(ctx context.Context, sql string, args ...interface{}) pgx.Row { return nil }

func (p *Pool) QueryFunc(ctx context.Context, sql string, args []interface{}, scans []interface{}, f func(pgx.QueryFuncRow) error) (pgconn.CommandTag, error) {
	return nil, nil
}

func (p *Pool) SendBatch(ctx context.Context, b *pgx.Batch) pgx.BatchResults { return nil }

func (p *Pool) Begin(ctx context.Context) (pgx.Tx, error) { return nil, nil }

func (p *Pool) BeginTx(ctx context.Context, txOptions pgx.TxOptions) (pgx.Tx, error) { return nil, nil }

func (p *Pool) BeginFunc(ctx context.Context, f func(pgx.Tx) error) error { return nil }

func (p *Pool) BeginTxFunc(ctx context.Context, txOptions pgx.TxOptions, f func(pgx.Tx) error) error {
	return nil
}

func (p *Pool) CopyFrom(ctx context.Context, tableName pgx.Identifier, columnNames []string, rowSrc pgx.CopyFromSource) (int64, error) {
	return 0, nil
}

func (p *Pool) Ping(ctx context.Context) error { return nil }
