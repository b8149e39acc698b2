// Package sqlmigrate holds the cases of onconflict with sql-migrate
// files: a later file's down section drops nothing in force.
package sqlmigrate

import (
	"context"
	"database/sql"

	retry "github.com/avast/retry-go/v4"
)

// The delivery id comes from the caller: a second execution fails.
func deliver(ctx context.Context, db *sql.DB, id, endpoint string) error {
	return retry.Do(func() error {
		_, err := db.ExecContext(ctx, `INSERT INTO webhook_deliveries (delivery_id, endpoint) VALUES ($1, $2)`, id, endpoint)
		return err
	})
}

// Every attempt row gets an identity id.
func attempt(ctx context.Context, db *sql.DB, id string) error {
	return retry.Do(func() error {
		_, err := db.ExecContext(ctx, `INSERT INTO webhook_attempts (delivery_id) VALUES ($1)`, id) // want `INSERT into webhook_attempts appends \(no ON CONFLICT; no key of webhook_attempts comes from the input: PRIMARY KEY \(id\) is made by the execution \(id: identity\)\)`
		return err
	})
}
