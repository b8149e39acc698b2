// Package pgconn is a test stub of github.com/jackc/pgconn@v1.14.3: exported API only, bodies are not real.
package pgconn

import (
	"context"
	"io"
	"net"

	"github.com/jackc/pgproto3/v2"
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

type BuildFrontendFunc func(r io.Reader, w io.Writer) Frontend

type NoticeHandler func(*PgConn, *Notice)

type NotificationHandler func(*PgConn, *Notification)

// Frontend receives messages from the server.
type Frontend interface {
	Receive() (pgproto3.BackendMessage, error)
}

// PgConn is a low-level PostgreSQL connection; opaque here.
type PgConn struct{}

// CommandTag is the status text of a completed statement, like "UPDATE 1".
type CommandTag []byte

func (ct CommandTag) RowsAffected() int64 { return 0 }
func (ct CommandTag) String() string      { return string(ct) }
func (ct CommandTag) Insert() bool        { return false }
func (ct CommandTag) Update() bool        { return false }
func (ct CommandTag) Delete() bool        { return false }
func (ct CommandTag) Select() bool        { return false }

// StatementDescription describes a prepared statement.
type StatementDescription struct {
	Name      string
	SQL       string
	ParamOIDs []uint32
	Fields    []pgproto3.FieldDescription
}
