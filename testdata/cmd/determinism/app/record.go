package app

import (
	"context"
	"database/sql"
	"math/rand/v2"
	"time"

	"example.com/determinism/store"
)

// RecordThrice retries the counter and the append three times.
func RecordThrice(ctx context.Context, db *sql.DB, page, id string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = store.Record(ctx, db, page, id); err == nil {
			return nil
		}
		time.Sleep(rand.N(time.Second))
	}
	return err
}
