package store

import (
	"context"
	"database/sql"
)

// CountVisit adds one to a counter.
func CountVisit(ctx context.Context, db *sql.DB, page string) error {
	_, err := db.ExecContext(ctx, "UPDATE page_views SET n = n + 1 WHERE page = $1", page)
	return err
}

// Record counts the visit, then saves the order: its effect is the
// first one found.
func Record(ctx context.Context, db *sql.DB, page, id string) error {
	if err := CountVisit(ctx, db, page); err != nil {
		return err
	}
	return SaveOrder(ctx, db, id)
}
