// Package executionkey holds the cases of the executionkey check.
package executionkey

import (
	"context"
	"database/sql"
	"math/rand/v2"
	"time"
)

func randomKeyInSQL(ctx context.Context, db *sql.DB, amount int) error {
	_, err := db.ExecContext(ctx, `INSERT INTO payments (payment_id, amount) VALUES (gen_random_uuid(), $1) ON CONFLICT (payment_id) DO NOTHING`, amount) // want `conflict key payment_id of payments takes gen_random_uuid\(\), a new value on every execution, so a retry never meets the row it wrote and inserts again; derive the key from the input`
	return err
}

func timeKeyInMerge(ctx context.Context, db *sql.DB) error {
	_, err := db.ExecContext(ctx, `MERGE INTO snapshots s USING (SELECT now() AS taken_at, $1::text AS source) n ON s.taken_at = n.taken_at WHEN NOT MATCHED THEN INSERT (taken_at, source) VALUES (n.taken_at, n.source)`, "x") // want `merge key taken_at of snapshots takes now\(\)`
	return err
}

func timeKeyBound(ctx context.Context, db *sql.DB, user string) error {
	loadedAt := time.Now()
	_, err := db.ExecContext(ctx, `INSERT INTO loads (loaded_at, user_id) VALUES ($1, $2)
		ON CONFLICT (loaded_at) DO UPDATE SET user_id = EXCLUDED.user_id`, loadedAt, user) // want `conflict key loaded_at of loads is bound to \$1 from time.Now\(\)`
	return err
}

func randomKeyBound(ctx context.Context, db *sql.DB) error {
	_, err := db.ExecContext(ctx, `INSERT INTO tickets (ticket_no, note) VALUES ($1, $2)
		ON CONFLICT (ticket_no) DO NOTHING`, rand.Int64(), "n") // want `conflict key ticket_no of tickets is bound to \$1 from rand.Int64\(\)`
	return err
}

// Negatives.

func inputKey(ctx context.Context, db *sql.DB, orderID string, amount int) error {
	_, err := db.ExecContext(ctx, `INSERT INTO orders (order_id, amount, updated_at) VALUES ($1, $2, now())
		ON CONFLICT (order_id) DO UPDATE SET amount = EXCLUDED.amount, updated_at = now()`, orderID, amount)
	return err
}

func nowOutsideKey(ctx context.Context, db *sql.DB, id string) error {
	_, err := db.ExecContext(ctx, `INSERT INTO heartbeats (host, seen_at) VALUES ($1, $2)
		ON CONFLICT (host) DO UPDATE SET seen_at = EXCLUDED.seen_at`, id, time.Now())
	return err
}
