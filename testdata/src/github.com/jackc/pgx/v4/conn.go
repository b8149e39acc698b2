// Package pgx is a test stub of github.com/jackc/pgx/v4@v4.18.3: exported API only, bodies are not real.
package pgx

import (
	"context"
	"errors"

	"github.com/jackc/pgconn"
	"github.com/jackc/pgconn/stmtcache"
	"github.com/jackc/pgproto3/v2"
)

// ConnConfig holds the options of a connection; made by ParseConfig.
type ConnConfig struct {
	pgconn.Config
	Logger   Logger
	LogLevel LogLevel

	connString string

	BuildStatementCache BuildStatementCacheFunc

	PreferSimpleProtocol bool

	createdByParseConfig bool
}

func (cc *ConnConfig) Copy() *ConnConfig { c := *cc; return &c }

func (cc *ConnConfig) ConnString() string { return cc.connString }

type BuildStatementCacheFunc func(conn *pgconn.PgConn) stmtcache.Cache

// Conn is a single PostgreSQL connection, not safe for concurrent use.
type Conn struct {
	pgConn *pgconn.PgConn
	config *ConnConfig
}

// Identifier is a possibly qualified SQL identifier, such as {"schema", "table"}.
type Identifier []string

func (ident Identifier) Sanitize() string { return "" }

var ErrNoRows = errors.New("no rows in result set")

var ErrInvalidLogLevel = errors.New("invalid log level")

func Connect(ctx context.Context, connString string) (*Conn, error) { return nil, nil }

func ConnectConfig(ctx context.Context, connConfig *ConnConfig) (*Conn, error) { return nil, nil }

func ParseConfig(connString string) (*ConnConfig, error) { return nil, nil }

func (c *Conn) Close(ctx context.Context) error { return nil }

func (c *Conn) Prepare(ctx context.Context, name, sql string) (sd *pgconn.StatementDescription, err error) {
	return nil, nil
}

func (c *Conn) Deallocate(ctx context.Context, name string) error { return nil }

func (c *Conn) IsClosed() bool { return false }

func (c *Conn) Ping(ctx context.Context) error { return nil }

func (c *Conn) PgConn() *pgconn.PgConn { return c.pgConn }

func (c *Conn) Config() *ConnConfig { return c.config }

// Exec runs sql, which may hold several statements when it has no arguments.
func (c *Conn) Exec(ctx context.Context, sql string, arguments ...interface{}) (pgconn.CommandTag, error) {
	return nil, nil
}

// QuerySimpleProtocol, as the first query argument, picks the simple protocol.
type QuerySimpleProtocol bool

func (c *Conn) Query(ctx context.Context, sql string, args ...interface{}) (Rows, error) {
	return nil, nil
}

func (c *Conn) QueryRow(ctx context.Context, sql string, args ...interface{}) Row { return nil }

// QueryFuncRow is the argument of the QueryFunc callback.
type QueryFuncRow interface {
	FieldDescriptions() []pgproto3.FieldDescription
	RawValues() [][]byte
}

// QueryFunc runs sql and calls f for each row after scanning it into scans.
func (c *Conn) QueryFunc(ctx context.Context, sql string, args []interface{}, scans []interface{}, f func(QueryFuncRow) error) (pgconn.CommandTag, error) {
	return nil, nil
}

func (c *Conn) SendBatch(ctx context.Context, b *Batch) BatchResults { return nil }
