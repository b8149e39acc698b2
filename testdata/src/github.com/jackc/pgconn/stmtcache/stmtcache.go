// Package stmtcache is a test stub of github.com/jackc/pgconn@v1.14.3: exported API only, bodies are not real.
package stmtcache

import (
	"context"

	"github.com/jackc/pgconn"
)

const (
	ModePrepare = iota
	ModeDescribe
)

// Cache caches prepared statement descriptions.
type Cache interface {
	Get(ctx context.Context, sql string) (*pgconn.StatementDescription, error)
	Clear(ctx context.Context) error
	StatementErrored(sql string, err error)
	Len() int
	Cap() int
	Mode() int
}
