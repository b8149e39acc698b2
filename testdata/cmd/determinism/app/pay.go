package app

import (
	"context"
	"database/sql"
	"time"

	"example.com/determinism/store"
)

// Pay retries a payment keyed by the database.
func Pay(ctx context.Context, db *sql.DB, amount int) error {
	for i := 0; i < 4; i++ {
		if err := store.Pay(ctx, db, amount); err == nil {
			return nil
		}
		time.Sleep(2 * time.Second)
	}
	return nil
}
