// Package mysqlstore retries writes to MySQL: an increment is worded in
// MySQL's terms, and MySQL's merges are no effect. (Its appends are
// onconflict's: they are in the retry's own package.)
package mysqlstore

import (
	"context"
	"database/sql"

	retry "github.com/avast/retry-go/v4"
	_ "github.com/go-sql-driver/mysql"
)

func countComment(ctx context.Context, db *sql.DB, post string) error {
	_, err := db.ExecContext(ctx, "INSERT INTO comment_counts (post_id, n) VALUES (?, 1) ON DUPLICATE KEY UPDATE n = n + 1", post)
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

func retryCount(ctx context.Context, db *sql.DB, post string) error {
	return retry.Do(func() error { return countComment(ctx, db, post) }) // want `retry.Do repeats mysqlstore.countComment, which increments comment_counts \(ON DUPLICATE KEY UPDATE`
}

// Negatives.

func retryLike(ctx context.Context, db *sql.DB, post, user string) error {
	return retry.Do(func() error { return likeOnce(ctx, db, post, user) })
}

func retryTitle(ctx context.Context, db *sql.DB, post, title string) error {
	return retry.Do(func() error { return setTitle(ctx, db, post, title) })
}
