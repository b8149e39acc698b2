// Package goose holds the cases of onconflict with goose migrations: a
// file's down section is not the schema.
package goose

import (
	"context"
	"database/sql"

	retry "github.com/avast/retry-go/v4"
)

// The outbox id is made by the database on every execution.
func publish(ctx context.Context, db *sql.DB, topic string, body []byte) error {
	return retry.Do(func() error {
		_, err := db.ExecContext(ctx, `INSERT INTO outbox (topic, body) VALUES ($1, $2)`, topic, body) // want `INSERT into outbox appends \(no ON CONFLICT; no key of outbox comes from the input: PRIMARY KEY \(id\) is made by the execution \(id: DEFAULT gen_random_uuid\(\)\)\), retried by retry.Do`
		return err
	})
}

// The inbox is keyed by the message and the consumer: a redelivered
// message is rejected, not stored twice.
func receive(ctx context.Context, db *sql.DB, messageID, consumer string) error {
	return retry.Do(func() error {
		_, err := db.ExecContext(ctx, `INSERT INTO inbox (message_id, consumer) VALUES ($1, $2)`, messageID, consumer)
		return err
	})
}
