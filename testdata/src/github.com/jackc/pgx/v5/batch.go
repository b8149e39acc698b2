// Package pgx is a test stub of github.com/jackc/pgx/v5@v5.12.0: exported API only, bodies are not real.
package pgx

import "github.com/jackc/pgx/v5/pgconn"

// QueuedQuery is a query queued in a Batch.
type QueuedQuery struct {
	SQL       string
	Arguments []any
	Fn        batchItemFunc
	sd        *pgconn.StatementDescription
}

type batchItemFunc func(br BatchResults) error

func (qq *QueuedQuery) Query(fn func(rows Rows) error) {}

func (qq *QueuedQuery) QueryRow(fn func(row Row) error) {}

func (qq *QueuedQuery) Exec(fn func(ct pgconn.CommandTag) error) {}

// Batch bundles queries sent in one round trip.
type Batch struct {
	QueuedQueries []*QueuedQuery

	txOptions *TxOptions
}

func (b *Batch) BeginTx(txOptions TxOptions) {}

// Queue adds query to the batch.
func (b *Batch) Queue(query string, arguments ...any) *QueuedQuery {
	qq := &QueuedQuery{SQL: query, Arguments: arguments}
	b.QueuedQueries = append(b.QueuedQueries, qq)
	return qq
}

func (b *Batch) Len() int { return len(b.QueuedQueries) }

// BatchResults reads the results of a sent Batch, in order.
type BatchResults interface {
	Exec() (pgconn.CommandTag, error)
	Query() (Rows, error)
	QueryRow() Row
	Close() error
	Tx() Tx
}
