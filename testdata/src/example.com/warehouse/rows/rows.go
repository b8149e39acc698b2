// Package rows writes a day's order counts to the warehouse.
package rows

import (
	"context"
	"database/sql"
)

// Append adds the day's count as a new row: a second run adds another.
func Append(ctx context.Context, db *sql.DB, day string, n int) error {
	_, err := db.ExecContext(ctx, `INSERT INTO daily_orders (day, n) VALUES ($1, $2)`, day, n)
	return err
}

// Put replaces the day's count, keyed on the day it is given.
func Put(ctx context.Context, db *sql.DB, day string, n int) error {
	_, err := db.ExecContext(ctx, `INSERT INTO daily_orders (day, n) VALUES ($1, $2) ON CONFLICT (day) DO UPDATE SET n = excluded.n`, day, n)
	return err
}
