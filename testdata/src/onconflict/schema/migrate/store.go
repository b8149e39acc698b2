// Package migrate holds the cases of onconflict with a golang-migrate
// folder: the keys of the tables decide which INSERTs a retry duplicates.
package migrate

import (
	"context"
	"database/sql"

	retry "github.com/avast/retry-go/v4"
	"github.com/google/uuid"
)

// The payment's id is the primary key: a second execution fails with a
// unique violation and pays nothing twice.
func recordPayment(ctx context.Context, db *sql.DB, id string, cents int64) error {
	return retry.Do(func() error {
		_, err := db.ExecContext(ctx, `INSERT INTO payments (payment_id, amount_cents) VALUES ($1, $2)`, id, cents)
		return err
	})
}

// The only key is the serial id; the unique index on order_id was
// dropped by a later migration (000011 runs after 000002, not before).
func recordDelivery(ctx context.Context, db *sql.DB, orderID string) error {
	return retry.Do(func() error {
		_, err := db.ExecContext(ctx, `INSERT INTO deliveries (order_id) VALUES ($1)`, orderID) // want `INSERT into deliveries appends \(no ON CONFLICT; no key of deliveries comes from the input: PRIMARY KEY \(id\) is made by the execution \(id: serial\)\), retried by retry.Do`
		return err
	})
}

// The unique index of the down migration is not in force: no key.
func countView(ctx context.Context, db *sql.DB, path string) error {
	return retry.Do(func() error {
		return insertView(ctx, db, path)
	})
}

func insertView(ctx context.Context, db *sql.DB, path string) error {
	_, err := db.ExecContext(ctx, `INSERT INTO page_views (path, viewed_at) VALUES ($1, now())`, path) // want `INSERT into page_views appends \(no ON CONFLICT; page_views has no primary key or unique constraint\), retried by retry.Do`
	return err
}

// Not retried: the default scope leaves it alone, whatever its keys.
func logView(ctx context.Context, db *sql.DB, path string) error {
	_, err := db.ExecContext(ctx, `INSERT INTO page_views (path) VALUES ($1)`, path)
	return err
}

// The unique constraint added in 000010 keys the rollup by its input.
func rollUp(ctx context.Context, db *sql.DB, day, account string, total int64) error {
	return retry.Do(func() error {
		_, err := db.ExecContext(ctx, `INSERT INTO daily_rollups (day, account_id, total) VALUES ($1, $2, $3)`, day, account, total)
		return err
	})
}

// A conflict target that no key has fails on every execution, retried
// or not.
func upsertRollup(ctx context.Context, db *sql.DB, day, account string, total int64) error {
	const q = `INSERT INTO daily_rollups (day, account_id, total) VALUES ($1, $2, $3) ON CONFLICT (account_id) DO UPDATE SET total = EXCLUDED.total` // want `ON CONFLICT \(account_id\) matches no primary key or unique constraint of daily_rollups \(defined at migrations/000001_init.up.sql:16\): the database rejects the INSERT on every execution`
	_, err := db.ExecContext(ctx, q, day, account, total)
	return err
}

// The full key, in either order, is a conflict target the table has.
func upsertRollupByKey(ctx context.Context, db *sql.DB, day, account string, total int64) error {
	_, err := db.ExecContext(ctx, `INSERT INTO daily_rollups (day, account_id, total) VALUES ($1, $2, $3)
		ON CONFLICT (account_id, day) DO UPDATE SET total = EXCLUDED.total`, day, account, total)
	return err
}

// The entry's position is the next after the largest the statement reads:
// a second execution after a commit whose acknowledgement was lost reads
// the first one's position and appends the payload again after it.
func appendEntry(ctx context.Context, db *sql.DB, stream string, payload []byte) error {
	return retry.Do(func() error {
		_, err := db.ExecContext(ctx, `INSERT INTO stream_entries (stream_id, position, payload) SELECT $1, COALESCE(max(position), 0) + 1, $2 FROM stream_entries WHERE stream_id = $1`, stream, payload) // want `INSERT into stream_entries appends \(INSERT ... SELECT without ON CONFLICT; no key of stream_entries comes from the input: PRIMARY KEY \(stream_id, position\) is made by the execution \(position = max\(\)\+1\)\), retried by retry.Do`
		return err
	})
}

// The caller says where the entry goes: a second execution fails on the
// key.
func putEntry(ctx context.Context, db *sql.DB, stream string, position int64, payload []byte) error {
	return retry.Do(func() error {
		_, err := db.ExecContext(ctx, `INSERT INTO stream_entries (stream_id, position, payload) VALUES ($1, $2, $3)`, stream, position, payload)
		return err
	})
}

// The payment's key is made by each execution: a second one inserts the
// payment again under another id.
func recordNewPayment(ctx context.Context, db *sql.DB, cents int64) error {
	return retry.Do(func() error {
		id := uuid.NewString()
		_, err := db.ExecContext(ctx, `INSERT INTO payments (payment_id, amount_cents) VALUES ($1, $2)`, id, cents) // want `INSERT into payments appends \(no ON CONFLICT; no key of payments comes from the input: PRIMARY KEY \(payment_id\) is made by the execution \(payment_id = \$1 from uuid.NewString\(\)\)\), retried by retry.Do`
		return err
	})
}

// The id is made once, before the retry: every execution inserts the same
// key, and a second one fails on it.
func recordPaymentOnce(ctx context.Context, db *sql.DB, cents int64) error {
	id := uuid.NewString()
	return retry.Do(func() error {
		_, err := db.ExecContext(ctx, `INSERT INTO payments (payment_id, amount_cents) VALUES ($1, $2)`, id, cents)
		return err
	})
}

// The position is the one after the largest this run reads: a second run
// after a lost acknowledgement reads the first one's row and appends the
// payload after it.
func appendEntryAfterRead(ctx context.Context, db *sql.DB, stream string, payload []byte) error {
	return retry.Do(func() error {
		var last int64
		if err := db.QueryRowContext(ctx, `SELECT COALESCE(max(position), 0) FROM stream_entries WHERE stream_id = $1`, stream).Scan(&last); err != nil {
			return err
		}
		next := last + 1
		_, err := db.ExecContext(ctx, `INSERT INTO stream_entries (stream_id, position, payload) VALUES ($1, $2, $3)`, stream, next, payload) // want `INSERT into stream_entries appends \(no ON CONFLICT; no key of stream_entries comes from the input: PRIMARY KEY \(stream_id, position\) is made by the execution \(position = \$2 from max\(\)\+1 read by QueryRowContext\)\), retried by retry.Do`
		return err
	})
}

// The position is read once, before the retry: every attempt inserts at
// the same position, and a second one fails on the key.
func appendEntryReadOnce(ctx context.Context, db *sql.DB, stream string, payload []byte) error {
	var last int64
	if err := db.QueryRowContext(ctx, `SELECT COALESCE(max(position), 0) FROM stream_entries WHERE stream_id = $1`, stream).Scan(&last); err != nil {
		return err
	}
	return retry.Do(func() error {
		_, err := db.ExecContext(ctx, `INSERT INTO stream_entries (stream_id, position, payload) VALUES ($1, $2, $3)`, stream, last+1, payload)
		return err
	})
}

// The largest position itself is a row that exists: the insert fails on
// the key rather than appending.
func copyLastEntry(ctx context.Context, db *sql.DB, stream string, payload []byte) error {
	return retry.Do(func() error {
		var last int64
		if err := db.QueryRowContext(ctx, `SELECT max(position) FROM stream_entries WHERE stream_id = $1`, stream).Scan(&last); err != nil {
			return err
		}
		_, err := db.ExecContext(ctx, `INSERT INTO stream_entries (stream_id, position, payload) VALUES ($1, $2, $3)`, stream, last, payload)
		return err
	})
}
