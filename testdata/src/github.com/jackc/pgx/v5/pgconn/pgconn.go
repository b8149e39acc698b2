// Package pgconn is a test stub of github.com/jackc/pgx/v5@v5.12.0: exported API only, bodies are not real.
package pgconn

import (
	"context"
	"io"
	"net"

	"github.com/jackc/pgx/v5/pgproto3"
)

// Notice is a notice response from the server.
type Notice PgError

// Notification is a LISTEN/NOTIFY message.
type Notification struct {
	PID     uint32
	Channel string
	Payload string
}

type DialFunc func(ctx context.Context, network, addr string) (net.Conn, error)

type LookupFunc func(ctx context.Context, host string) (addrs []string, err error)

type BuildFrontendFunc func(r io.Reader, w io.Writer) *pgproto3.Frontend

type PgErrorHandler func(*PgConn, *PgError) bool

type NoticeHandler func(*PgConn, *Notice)

type NotificationHandler func(*PgConn, *Notification)

// PgConn is a low-level PostgreSQL connection; opaque here.
type PgConn struct{}

// CommandTag is the status text of a completed statement, like "UPDATE 1".
type CommandTag struct {
	s string
}

func NewCommandTag(s string) CommandTag { return CommandTag{s: s} }

func (ct CommandTag) RowsAffected() int64 { return 0 }
func (ct CommandTag) String() string      { return ct.s }
func (ct CommandTag) Insert() bool        { return false }
func (ct CommandTag) Update() bool        { return false }
func (ct CommandTag) Delete() bool        { return false }
func (ct CommandTag) Select() bool        { return false }

// FieldDescription describes one result column.
type FieldDescription struct {
	Name                 string
	TableOID             uint32
	TableAttributeNumber uint16
	DataTypeOID          uint32
	DataTypeSize         int16
	TypeModifier         int32
	Format               int16
}

// StatementDescription describes a prepared statement.
type StatementDescription struct {
	Name      string
	SQL       string
	ParamOIDs []uint32
	Fields    []FieldDescription
}
