// Package pgx is a test stub of github.com/jackc/pgx/v4@v4.18.3: exported API only, bodies are not real.
package pgx

import (
	"github.com/jackc/pgconn"
	"github.com/jackc/pgproto3/v2"
)

// Rows is the result set of a query.
type Rows interface {
	Close()
	Err() error
	CommandTag() pgconn.CommandTag
	FieldDescriptions() []pgproto3.FieldDescription
	Next() bool
	Scan(dest ...interface{}) error
	Values() ([]interface{}, error)
	RawValues() [][]byte
}

// Row is the single row of QueryRow.
type Row interface {
	Scan(dest ...interface{}) error
}
