// Package sqlitemodernc talks to SQLite through modernc.org/sqlite.
package sqlitemodernc

import (
	"context"
	"database/sql"

	_ "modernc.org/sqlite"
)

func appendEntry(ctx context.Context, db *sql.DB, msg string) error {
	_, err := db.ExecContext(ctx, "INSERT INTO journal (msg) VALUES (?)", msg) // want `INSERT OR REPLACE`
	return err
}

func tagOnce(ctx context.Context, db *sql.DB, post, tag string) error {
	_, err := db.ExecContext(ctx, "INSERT OR IGNORE INTO post_tags (post_id, tag) VALUES (?, ?)", post, tag)
	return err
}
