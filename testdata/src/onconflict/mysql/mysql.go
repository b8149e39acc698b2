// Package mysql holds the onconflict cases of a package that talks to
// MySQL: its remedies are MySQL's, and MySQL's own merges are accepted.
package mysql

import (
	"context"
	"database/sql"

	_ "github.com/go-sql-driver/mysql"
)

func recordVisit(ctx context.Context, db *sql.DB, page string, at int64) error {
	_, err := db.ExecContext(ctx, "INSERT INTO visits (page, seen_at) VALUES (?, ?)", page, at) // want `INSERT into visits appends \(no ON DUPLICATE KEY UPDATE; no schema found, so the table.s keys are unknown\): a second execution after a lost acknowledgement writes the rows again; merge on a unique key from the input \(INSERT \.\.\. ON DUPLICATE KEY UPDATE\) or replace the unit \(delete then insert in one transaction\)`
	return err
}

func rollUp(ctx context.Context, db *sql.DB, day string) error {
	_, err := db.ExecContext(ctx, "INSERT INTO `daily_totals` (`day`, `total`) SELECT `day`, SUM(amount) FROM payments WHERE `day` = ? GROUP BY `day`", day) // want `INSERT into daily_totals appends \(INSERT \.\.\. SELECT without ON DUPLICATE KEY UPDATE; no schema found, so the table.s keys are unknown\)`
	return err
}

// The words are inside a literal: the INSERT still appends.
func saveNote(ctx context.Context, db *sql.DB, body string) error {
	_, err := db.ExecContext(ctx, "INSERT INTO notes (body, tag) VALUES (?, 'ON DUPLICATE KEY UPDATE')", body) // want `INSERT into notes appends`
	return err
}

// A column named ignore is not INSERT IGNORE.
func addRule(ctx context.Context, db *sql.DB, name string, skip bool) error {
	_, err := db.ExecContext(ctx, "INSERT INTO rules (name, `ignore`) VALUES (?, ?)", name, skip) // want `INSERT into rules appends`
	return err
}

// Negatives: MySQL's merges and replacements.

func upsertOrder(ctx context.Context, db *sql.DB, id string, amount int) error {
	_, err := db.ExecContext(ctx, `INSERT INTO orders (order_id, amount) VALUES (?, ?)
		ON DUPLICATE KEY UPDATE amount = VALUES(amount)`, id, amount)
	return err
}

func upsertWithAlias(ctx context.Context, db *sql.DB, id string, amount int) error {
	_, err := db.ExecContext(ctx, "INSERT INTO `orders` (`order_id`, `amount`) VALUES (?, ?) AS incoming ON DUPLICATE KEY UPDATE `amount` = incoming.amount", id, amount)
	return err
}

func tagOnce(ctx context.Context, db *sql.DB, post, tag string) error {
	_, err := db.ExecContext(ctx, "INSERT IGNORE INTO post_tags (post_id, tag) VALUES (?, ?)", post, tag)
	return err
}

func putSetting(ctx context.Context, db *sql.DB, name, value string) error {
	_, err := db.ExecContext(ctx, "REPLACE INTO settings (name, value) VALUES (?, ?)", name, value)
	return err
}

func renameAll(ctx context.Context, db *sql.DB) error {
	_, err := db.ExecContext(ctx, "UPDATE users SET handle = REPLACE(handle, ' ', '_')")
	return err
}

// INSERT ... SET does not parse: silent rather than guessed.
func insertSet(ctx context.Context, db *sql.DB, id string) error {
	_, err := db.ExecContext(ctx, "INSERT INTO sessions SET id = ?, created = NOW()", id)
	return err
}
