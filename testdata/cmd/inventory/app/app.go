// Package app retries through the module's helper and by hand.
package app

import (
	"context"
	"database/sql"
	"time"

	"example.com/inventory/retryx"
)

// Save appends a row through the helper.
func Save(ctx context.Context, db *sql.DB, id string) error {
	return retryx.Do(ctx, func(ctx context.Context) error {
		_, err := db.ExecContext(ctx, "INSERT INTO orders (id) VALUES ($1)", id)
		return err
	})
}

// Load reads a row, backing off linearly.
func Load(ctx context.Context, db *sql.DB, id string) (string, error) {
	var name string
	var err error
	for i := 1; i <= 3; i++ {
		if err = db.QueryRowContext(ctx, "SELECT name FROM orders WHERE id = $1", id).Scan(&name); err == nil {
			return name, nil
		}
		time.Sleep(time.Duration(i) * 100 * time.Millisecond)
	}
	return "", err
}

// Watch reconnects until it succeeds.
func Watch(connect func() error) {
	for {
		if err := connect(); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}
