// Package store appends orders.
package store

import (
	"context"
	"database/sql"
)

// AppendOrder inserts an order.
func AppendOrder(ctx context.Context, db *sql.DB, id string) error {
	_, err := db.ExecContext(ctx, "INSERT INTO orders (id) VALUES ($1)", id)
	return err
}
