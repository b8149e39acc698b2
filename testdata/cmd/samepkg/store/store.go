// Package store retries its own append: one defect, one report, by
// onconflict at the INSERT unless onconflict is off.
package store

import (
	"context"
	"database/sql"
	"errors"
	"math/rand/v2"
	"time"
)

var errBusy = errors.New("busy")

func appendOrder(ctx context.Context, db *sql.DB, id string) error {
	_, err := db.ExecContext(ctx, `INSERT INTO orders (id) VALUES ($1)`, id)
	return err
}

// Save retries the append three times, on a busy database only.
func Save(ctx context.Context, db *sql.DB, id string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = appendOrder(ctx, db, id); err == nil || !errors.Is(err, errBusy) {
			return err
		}
		time.Sleep(rand.N(time.Second))
	}
	return err
}
