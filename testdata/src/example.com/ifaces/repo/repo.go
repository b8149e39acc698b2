// Package repo declares the interface that package foreign implements.
package repo

import "context"

type Payment struct {
	ID     string
	Amount int
}

// Ledger records payments; implementations live elsewhere.
type Ledger interface {
	Record(ctx context.Context, p Payment) error
}
