package app

import (
	"context"
	"database/sql"
	"time"

	"example.com/determinism/store"
)

// SaveForever retries the append with neither jitter nor a bound.
func SaveForever(ctx context.Context, db *sql.DB, id string) error {
	for {
		if err := store.SaveOrder(ctx, db, id); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
}
