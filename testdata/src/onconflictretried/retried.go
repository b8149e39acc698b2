// Package onconflictretried holds the cases of onconflict with scope
// retried: only the appends inside a retry's operation are reported.
package onconflictretried

import (
	"context"
	"database/sql"

	retry "github.com/avast/retry-go/v4"
)

func retried(ctx context.Context, db *sql.DB, id string) error {
	return retry.Do(func() error {
		_, err := db.ExecContext(ctx, `INSERT INTO events (id) VALUES ($1)`, id) // want `INSERT into events appends`
		return err
	})
}

func notRetried(ctx context.Context, db *sql.DB, id string) error {
	_, err := db.ExecContext(ctx, `INSERT INTO events (id) VALUES ($1)`, id)
	return err
}
