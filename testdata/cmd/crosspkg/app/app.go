// Package app retries the store's append.
package app

import (
	"context"
	"database/sql"
	"math/rand/v2"
	"time"

	"example.com/crosspkg/store"
)

// Save retries the append three times.
func Save(ctx context.Context, db *sql.DB, id string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = store.AppendOrder(ctx, db, id); err == nil {
			return nil
		}
		time.Sleep(rand.N(time.Second))
	}
	return err
}
