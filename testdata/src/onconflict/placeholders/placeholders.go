// Package placeholders imports no driver: the placeholders decide the
// dialect. ? is MySQL's or SQLite's, and the remedy is a form both
// accept; $n is PostgreSQL's.
package placeholders

import (
	"context"
	"database/sql"
)

func questionMarks(ctx context.Context, db *sql.DB, msg string) error {
	_, err := db.ExecContext(ctx, "INSERT INTO journal (msg) VALUES (?)", msg) // want `INSERT into journal appends \(no conflict clause; no schema found, so the table.s keys are unknown\): .*; replace on a unique key from the input \(REPLACE INTO, which MySQL and SQLite both accept\)`
	return err
}

func dollars(ctx context.Context, db *sql.DB, msg string) error {
	_, err := db.ExecContext(ctx, "INSERT INTO journal (msg) VALUES ($1)", msg) // want `INSERT into journal appends \(no ON CONFLICT; no schema found, so the table.s keys are unknown\): .*; merge on a key from the input \(ON CONFLICT \(key\) DO UPDATE\)`
	return err
}

// Negatives: either dialect's forms.

func mysqlIgnore(ctx context.Context, db *sql.DB, post, tag string) error {
	_, err := db.ExecContext(ctx, "INSERT IGNORE INTO post_tags (post_id, tag) VALUES (?, ?)", post, tag)
	return err
}

func sqliteIgnore(ctx context.Context, db *sql.DB, post, tag string) error {
	_, err := db.ExecContext(ctx, "INSERT OR IGNORE INTO post_tags (post_id, tag) VALUES (?, ?)", post, tag)
	return err
}

func replaceInto(ctx context.Context, db *sql.DB, name, value string) error {
	_, err := db.ExecContext(ctx, "REPLACE INTO settings (name, value) VALUES (?, ?)", name, value)
	return err
}
