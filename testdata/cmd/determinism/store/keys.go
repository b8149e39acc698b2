package store

import (
	"context"
	"database/sql"
	"time"
)

// DBTX is the subset of *sql.DB and *sql.Tx the queries use.
type DBTX interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// Pay records a payment under a key made by the database.
func Pay(ctx context.Context, db DBTX, amount int) error {
	_, err := db.ExecContext(ctx, "INSERT INTO payments (payment_id, amount) VALUES (gen_random_uuid(), $1) ON CONFLICT (payment_id) DO NOTHING", amount)
	return err
}

// Load records a load under the time it ran.
func Load(ctx context.Context, db DBTX, user string) error {
	_, err := db.ExecContext(ctx, "INSERT INTO loads (loaded_at, user_id) VALUES ($1, $2) ON CONFLICT (loaded_at) DO UPDATE SET user_id = EXCLUDED.user_id", time.Now(), user)
	return err
}

// Event appends an event through the interface.
func Event(ctx context.Context, db DBTX, kind string) error {
	_, err := db.ExecContext(ctx, "INSERT INTO events (kind) VALUES ($1)", kind)
	return err
}
