// Package mysqlstore retries writes to MySQL: an append is worded in
// MySQL's terms, and MySQL's merges are no effect.
package mysqlstore

import (
	"context"
	"database/sql"

	retry "github.com/avast/retry-go/v4"
	_ "github.com/go-sql-driver/mysql"
)

func addComment(ctx context.Context, db *sql.DB, post, body string) error {
	_, err := db.ExecContext(ctx, "INSERT INTO comments (post_id, body) VALUES (?, ?)", post, body)
	return err
}

func likeOnce(ctx context.Context, db *sql.DB, post, user string) error {
	_, err := db.ExecContext(ctx, "INSERT IGNORE INTO likes (post_id, user_id) VALUES (?, ?)", post, user)
	return err
}

func setTitle(ctx context.Context, db *sql.DB, post, title string) error {
	_, err := db.ExecContext(ctx, "INSERT INTO titles (post_id, title) VALUES (?, ?) ON DUPLICATE KEY UPDATE title = VALUES(title)", post, title)
	return err
}

func retryComment(ctx context.Context, db *sql.DB, post, body string) error {
	return retry.Do(func() error { return addComment(ctx, db, post, body) }) // want `retry.Do repeats mysqlstore.addComment, which inserts into comments \(no ON DUPLICATE KEY UPDATE\)`
}

// Negatives.

func retryLike(ctx context.Context, db *sql.DB, post, user string) error {
	return retry.Do(func() error { return likeOnce(ctx, db, post, user) })
}

func retryTitle(ctx context.Context, db *sql.DB, post, title string) error {
	return retry.Do(func() error { return setTitle(ctx, db, post, title) })
}
