// Package configured holds the cases of onconflict whose schema comes
// from the configuration's schema globs.
package configured

import (
	"context"
	"database/sql"

	retry "github.com/avast/retry-go/v4"
)

func post(ctx context.Context, db *sql.DB, id string, cents int64) error {
	return retry.Do(func() error {
		_, err := db.ExecContext(ctx, `INSERT INTO ledger (entry_id, cents) VALUES ($1, $2)`, id, cents)
		return err
	})
}

func publish(ctx context.Context, db *sql.DB, topic string) error {
	return retry.Do(func() error {
		_, err := db.ExecContext(ctx, `INSERT INTO outbox (topic) VALUES ($1)`, topic) // want `INSERT into outbox appends \(no ON CONFLICT; no key of outbox comes from the input: PRIMARY KEY \(id\) is made by the execution \(id: serial\)\)`
		return err
	})
}
