// Package sqlite holds the onconflict cases of a package that talks to
// SQLite: its remedies are SQLite's, and SQLite's own merges are
// accepted.
package sqlite

import (
	"context"
	"database/sql"

	_ "github.com/mattn/go-sqlite3"
)

func appendEntry(ctx context.Context, db *sql.DB, msg string) error {
	_, err := db.ExecContext(ctx, "INSERT INTO journal (msg) VALUES (?)", msg) // want `INSERT into journal appends \(no ON CONFLICT; no schema found, so the table.s keys are unknown\): a second execution after a lost acknowledgement writes the rows again; merge on a key from the input \(ON CONFLICT \(key\) DO UPDATE, or INSERT OR REPLACE\) or replace the unit \(delete then insert in one transaction\)`
	return err
}

// OR ROLLBACK and OR ABORT say what a failure does, not how a duplicate
// merges.
func appendOrRollback(ctx context.Context, db *sql.DB, msg string) error {
	_, err := db.ExecContext(ctx, "INSERT OR ROLLBACK INTO journal (msg) VALUES (?1)", msg) // want `INSERT into journal appends`
	return err
}

func appendOrAbort(ctx context.Context, db *sql.DB, msg string) error {
	_, err := db.ExecContext(ctx, "INSERT OR ABORT INTO journal (msg) VALUES (?)", msg) // want `INSERT into journal appends`
	return err
}

// Negatives: SQLite's merges and replacements.

func tagOnce(ctx context.Context, db *sql.DB, post, tag string) error {
	_, err := db.ExecContext(ctx, "INSERT OR IGNORE INTO post_tags (post_id, tag) VALUES (?, ?)", post, tag)
	return err
}

func putSetting(ctx context.Context, db *sql.DB, name, value string) error {
	_, err := db.ExecContext(ctx, "INSERT OR REPLACE INTO settings (name, value) VALUES (?, ?)", name, value)
	return err
}

func putCache(ctx context.Context, db *sql.DB, key string, value []byte) error {
	_, err := db.ExecContext(ctx, "REPLACE INTO cache (key, value) VALUES (?1, ?2)", key, value)
	return err
}

func upsertCounter(ctx context.Context, db *sql.DB, name string, n int) error {
	_, err := db.ExecContext(ctx, `INSERT INTO totals (name, n) VALUES (?, ?)
		ON CONFLICT (name) DO UPDATE SET n = excluded.n`, name, n)
	return err
}

func markOnce(ctx context.Context, db *sql.DB, id string) error {
	_, err := db.ExecContext(ctx, "INSERT INTO marks (id) VALUES (?) ON CONFLICT DO NOTHING", id)
	return err
}
