package app

import (
	"context"
	"database/sql"
	"time"

	"example.com/determinism/store"
)

// Events retries an event written through the DBTX interface.
func Events(ctx context.Context, db *sql.DB, kind string) error {
	for {
		if err := store.Event(ctx, db, kind); err == nil {
			return nil
		}
		time.Sleep(3 * time.Second)
	}
}
