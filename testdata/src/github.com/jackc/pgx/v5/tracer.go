// Package pgx is a test stub of github.com/jackc/pgx/v5@v5.12.0: exported API only, bodies are not real.
package pgx

import (
	"context"

	"github.com/jackc/pgx/v5/pgconn"
)

// QueryTracer traces Query, QueryRow and Exec.
type QueryTracer interface {
	TraceQueryStart(ctx context.Context, conn *Conn, data TraceQueryStartData) context.Context
	TraceQueryEnd(ctx context.Context, conn *Conn, data TraceQueryEndData)
}

type TraceQueryStartData struct {
	SQL  string
	Args []any
}

type TraceQueryEndData struct {
	CommandTag pgconn.CommandTag
	Err        error
}
