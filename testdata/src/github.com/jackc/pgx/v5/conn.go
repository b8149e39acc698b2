// Package pgx is a test stub of github.com/jackc/pgx/v5@v5.12.0: exported API only, bodies are not real.
package pgx

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgtype"
)

// ConnConfig holds the options of a connection; made by ParseConfig.
type ConnConfig struct {
	pgconn.Config

	Tracer QueryTracer

	connString string

	StatementCacheCapacity   int
	DescriptionCacheCapacity int
	DefaultQueryExecMode     QueryExecMode

	createdByParseConfig bool
}

func (cc *ConnConfig) Copy() *ConnConfig  { c := *cc; return &c }
func (cc *ConnConfig) ConnString() string { return cc.connString }

// Conn is a single PostgreSQL connection, not safe for concurrent use.
type Conn struct {
	pgConn  *pgconn.PgConn
	config  *ConnConfig
	typeMap *pgtype.Map
}

// Identifier is a possibly qualified SQL identifier, such as {"schema", "table"}.
type Identifier []string

func (ident Identifier) Sanitize() string { return "" }

var (
	ErrNoRows      = errors.New("no rows in result set")
	ErrTooManyRows = errors.New("too many rows in result set")
)

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

func (c *Conn) TypeMap() *pgtype.Map { return c.typeMap }

func (c *Conn) Config() *ConnConfig { return c.config }

// Exec runs sql, which may hold several statements when it has no arguments.
func (c *Conn) Exec(ctx context.Context, sql string, arguments ...any) (pgconn.CommandTag, error) {
	return pgconn.CommandTag{}, nil
}

// QueryExecMode picks how a query is sent; it may be passed as the first query argument.
type QueryExecMode int32

const (
	_ QueryExecMode = iota
	QueryExecModeCacheStatement
	QueryExecModeCacheDescribe
	QueryExecModeDescribeExec
	QueryExecModeExec
	QueryExecModeSimpleProtocol
)

func (m QueryExecMode) String() string { return "" }

// QueryRewriter, passed as the first query argument, rewrites the query and its arguments.
type QueryRewriter interface {
	RewriteQuery(ctx context.Context, conn *Conn, sql string, args []any) (newSQL string, newArgs []any, err error)
}

func (c *Conn) Query(ctx context.Context, sql string, args ...any) (Rows, error) { return nil, nil }

func (c *Conn) QueryRow(ctx context.Context, sql string, args ...any) Row { return nil }

func (c *Conn) SendBatch(ctx context.Context, b *Batch) BatchResults { return nil }
