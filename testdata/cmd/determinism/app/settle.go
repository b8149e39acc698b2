package app

import (
	"context"
	"database/sql"
	"time"

	"example.com/determinism/store"
)

// Settle retries the settlement, which books and writes the ledger.
func Settle(ctx context.Context, db *sql.DB, id string) error {
	for {
		if err := store.Settle(ctx, db, id); err == nil {
			return nil
		}
		time.Sleep(500 * time.Millisecond)
	}
}
