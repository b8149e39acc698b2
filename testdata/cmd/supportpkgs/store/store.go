// Package store is the product's database access.
package store

import (
	"context"
	"database/sql"
)

// Ping says whether the database answers.
func Ping(ctx context.Context, db *sql.DB) error {
	return db.PingContext(ctx)
}
