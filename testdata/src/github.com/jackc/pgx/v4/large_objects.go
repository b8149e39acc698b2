// Package pgx is a test stub of github.com/jackc/pgx/v4@v4.18.3: exported API only, bodies are not real.
package pgx

// LargeObjects gives access to the large object API inside a transaction.
type LargeObjects struct {
	tx Tx
}
