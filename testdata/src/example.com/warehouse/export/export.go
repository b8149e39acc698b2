// Package export counts a day's orders and loads the count.
package export

import (
	"context"
	"database/sql"

	"example.com/warehouse/rows"
)

func count(ctx context.Context, db *sql.DB, day string) (int, error) {
	var n int
	err := db.QueryRowContext(ctx, `SELECT count(*) FROM orders WHERE day = $1`, day).Scan(&n)
	return n, err
}

// Day appends the day's count.
func Day(ctx context.Context, db *sql.DB, day string) error {
	n, err := count(ctx, db, day)
	if err != nil {
		return err
	}
	return rows.Append(ctx, db, day, n)
}

// DayOnce replaces the day's count.
func DayOnce(ctx context.Context, db *sql.DB, day string) error {
	n, err := count(ctx, db, day)
	if err != nil {
		return err
	}
	return rows.Put(ctx, db, day, n)
}
