// Package pgproto3 is a test stub of github.com/jackc/pgx/v5@v5.12.0: exported API only, bodies are not real.
package pgproto3

// Frontend is the client side of the wire protocol; opaque here.
type Frontend struct{}
