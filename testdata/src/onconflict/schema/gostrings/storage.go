// Package gostrings holds the cases of onconflict whose schema is kept in
// Go string literals of another package of the module.
package gostrings

import (
	"context"
	"database/sql"

	retry "github.com/avast/retry-go/v4"
)

// The subscription is unique per user and feed: a second execution fails.
func subscribe(ctx context.Context, db *sql.DB, userID int, url string) error {
	return retry.Do(func() error {
		_, err := db.ExecContext(ctx, `INSERT INTO subscriptions (user_id, feed_url) VALUES ($1, $2)`, userID, url)
		return err
	})
}

// Every fetch attempt is a new row: a retry of the write logs it twice.
func logFetch(ctx context.Context, db *sql.DB, url string, attempt int) error {
	return retry.Do(func() error {
		_, err := db.ExecContext(ctx, `INSERT INTO fetch_log (feed_url, attempt) VALUES ($1, $2)`, url, attempt) // want `INSERT into fetch_log appends \(no ON CONFLICT; no key of fetch_log comes from the input: PRIMARY KEY \(id\) is made by the execution \(id: serial\)\), retried by retry.Do`
		return err
	})
}

// A table no migration defines: its keys are unknown, and the message
// says so.
func remember(ctx context.Context, db *sql.DB, key string) error {
	return retry.Do(func() error {
		_, err := db.ExecContext(ctx, `INSERT INTO seen (key) VALUES ($1)`, key) // want `INSERT into seen appends \(no ON CONFLICT; no migration defines seen, so its keys are unknown\), retried by retry.Do`
		return err
	})
}

// The table's key, written in pieces, comes from the input.
func markSeen(ctx context.Context, db *sql.DB, feedID int, hash string) error {
	return retry.Do(func() error {
		_, err := db.ExecContext(ctx, `INSERT INTO seen_items (feed_id, hash) VALUES ($1, $2)`, feedID, hash)
		return err
	})
}
