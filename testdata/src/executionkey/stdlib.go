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

// The next version number is read by the statement itself: once the
// first execution has committed, a second one reads that row's number and
// writes the one after it, so the conflict key never meets the first row.
func nextVersionKey(ctx context.Context, db *sql.DB, doc, body string) error {
	const next = `(SELECT COALESCE(max(version), 0) FROM revisions WHERE doc_id = $1) + 1`
	_, err := db.ExecContext(ctx, `INSERT INTO revisions (doc_id, version, body) VALUES ($1, `+next+`, $2) ON CONFLICT (doc_id, version) DO NOTHING`, doc, body) // want `conflict key version of revisions takes max\(\)\+1, a new value on every execution`
	return err
}

// The version after the largest this run reads: once the first run has
// committed, a second reads its row and writes the next version.
func nextVersionAfterRead(ctx context.Context, db *sql.DB, doc, body string) error {
	var last int
	if err := db.QueryRowContext(ctx, `SELECT COALESCE(max(version), 0) FROM revisions WHERE doc_id = $1`, doc).Scan(&last); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, `INSERT INTO revisions (doc_id, version, body) VALUES ($1, $2, $3) ON CONFLICT (doc_id, version) DO NOTHING`, doc, last+1, body) // want `conflict key version of revisions is bound to \$2 from max\(\)\+1 read by QueryRowContext`
	return err
}

// A sequence value read first and bound as the key: new on every run.
func ticketFromSequence(ctx context.Context, db *sql.DB, note string) error {
	var id int64
	if err := db.QueryRowContext(ctx, `SELECT nextval('ticket_ids')`).Scan(&id); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, `INSERT INTO tickets (ticket_no, note) VALUES ($1, $2) ON CONFLICT (ticket_no) DO NOTHING`, id, note) // want `conflict key ticket_no of tickets is bound to \$1 from nextval\(\) read by QueryRowContext`
	return err
}

// Negatives.

// The caller names the version it writes: a second execution meets the row.
func givenVersionKey(ctx context.Context, db *sql.DB, doc string, version int, body string) error {
	_, err := db.ExecContext(ctx, `INSERT INTO revisions (doc_id, version, body) VALUES ($1, $2 + 1, $3)
		ON CONFLICT (doc_id, version) DO NOTHING`, doc, version, body)
	return err
}

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
