package app

import (
	"context"
	"database/sql"
	"time"
)

// Audit writes an audit row in the loop itself.
func Audit(ctx context.Context, db *sql.DB, id string) error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		if _, err = db.ExecContext(ctx, "INSERT INTO audit (id) VALUES ($1)", id); err == nil {
			return nil
		}
		time.Sleep(time.Duration(attempt) * time.Second)
	}
	return err
}
