// Package store writes orders, events and counters.
package store

import (
	"context"
	"database/sql"
)

// AppendOrder inserts an order: a second execution inserts it again.
func AppendOrder(ctx context.Context, db *sql.DB, id string) error {
	_, err := db.ExecContext(ctx, "INSERT INTO orders (id) VALUES ($1)", id)
	return err
}

// SaveOrder appends through AppendOrder.
func SaveOrder(ctx context.Context, db *sql.DB, id string) error {
	if err := AppendOrder(ctx, db, id); err != nil {
		return err
	}
	return AppendLine(ctx, db, id)
}

// AppendLine inserts an order line.
func AppendLine(ctx context.Context, db *sql.DB, id string) error {
	_, err := db.ExecContext(ctx, "INSERT INTO order_lines (order_id) VALUES ($1)", id)
	return err
}
