// Package orders places orders through the store.
package orders

import (
	"context"
	"database/sql"

	"example.com/parity/store"
)

// Place records a new order.
func Place(ctx context.Context, db *sql.DB, id string) error {
	return store.AppendOrder(ctx, db, id)
}
