// Package pgx is a test stub of github.com/jackc/pgx/v4@v4.18.3: exported API only, bodies are not real.
package pgx

import "github.com/jackc/pgconn"

type batchItem struct {
	query     string
	arguments []interface{}
}

// Batch bundles queries sent in one round trip.
type Batch struct {
	items []*batchItem
}

// Queue adds query to the batch.
func (b *Batch) Queue(query string, arguments ...interface{}) {
	b.items = append(b.items, &batchItem{query: query, arguments: arguments})
}

func (b *Batch) Len() int { return len(b.items) }

// BatchResults reads the results of a sent Batch, in order.
type BatchResults interface {
	Exec() (pgconn.CommandTag, error)
	Query() (Rows, error)
	QueryRow() Row
	QueryFunc(scans []interface{}, f func(QueryFuncRow) error) (pgconn.CommandTag, error)
	Close() error
}
