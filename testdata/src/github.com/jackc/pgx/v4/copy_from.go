// Package pgx is a test stub of github.com/jackc/pgx/v4@v4.18.3: exported API only, bodies are not real.
package pgx

import "context"

func CopyFromRows(rows [][]interface{}) CopyFromSource { return nil }

func CopyFromSlice(length int, next func(int) ([]interface{}, error)) CopyFromSource { return nil }

// CopyFromSource yields the rows that CopyFrom sends.
type CopyFromSource interface {
	Next() bool
	Values() ([]interface{}, error)
	Err() error
}

// CopyFrom copies rows into tableName with the COPY protocol.
func (c *Conn) CopyFrom(ctx context.Context, tableName Identifier, columnNames []string, rowSrc CopyFromSource) (int64, error) {
	return 0, nil
}
