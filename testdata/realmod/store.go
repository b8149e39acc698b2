package realmod

import (
	"context"
	"database/sql"
	_ "embed"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"example.com/realmod/retryutil"
)

//go:embed sql/load_orders.sql
var loadOrders string

const insertEvent = `INSERT INTO events (event_id, payload) VALUES ($1, $2)`

// AppendEvent writes one event: a retry writes it twice.
func AppendEvent(ctx context.Context, db *sql.DB, id, payload string) error {
	_, err := db.ExecContext(ctx, insertEvent, id, payload) // finding: onconflict
	return err
}

// LoadDay copies a day of orders from staging.
func LoadDay(ctx context.Context, pool *pgxpool.Pool, day string) error {
	_, err := pool.Exec(ctx, loadOrders, day) // finding: onconflict
	return err
}

// ArchiveInto copies rows into a table chosen by the caller.
func ArchiveInto(ctx context.Context, db *sql.DB, table string) error {
	_, err := db.ExecContext(ctx, fmt.Sprintf("INSERT INTO %s SELECT * FROM live", table)) // finding: onconflict
	return err
}

// Enqueue upserts a message under a fresh id: the id is new on every
// attempt, so the upsert never meets the row it wrote.
func Enqueue(ctx context.Context, pool *pgxpool.Pool, body string) error {
	id := uuid.New()
	_, err := pool.Exec(ctx, `INSERT INTO outbox (message_id, body) VALUES ($1, $2) ON CONFLICT (message_id) DO NOTHING`, id, body) // finding: executionkey
	return err
}

// Snapshot merges on the time it runs.
func Snapshot(ctx context.Context, db *sql.DB) error {
	_, err := db.ExecContext(ctx, `INSERT INTO snapshots (taken_at, total) SELECT now(), count(*) FROM orders ON CONFLICT (taken_at) DO NOTHING`) // finding: executionkey
	return err
}

// Negatives.

// UpsertOrder merges on the order id from the input.
func UpsertOrder(ctx context.Context, db *sql.DB, id string, amount int) error {
	_, err := db.ExecContext(ctx, `INSERT INTO orders (order_id, amount, updated_at) VALUES ($1, $2, now())
		ON CONFLICT (order_id) DO UPDATE SET amount = EXCLUDED.amount, updated_at = now()`, id, amount)
	return err
}

// ReplaceDay deletes and reinserts a day in one transaction.
func ReplaceDay(ctx context.Context, pool *pgxpool.Pool, day string) error {
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `DELETE FROM fct_daily WHERE day = $1`, day); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO fct_daily (day, total) SELECT day, count(*) FROM orders WHERE day = $1 GROUP BY day`, day)
		return err
	})
}

// ReplaceDayTx does the same with database/sql.
func ReplaceDayTx(ctx context.Context, db *sql.DB, day string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `DELETE FROM fct_daily WHERE day = $1`, day); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO fct_daily (day, total) SELECT day, count(*) FROM orders WHERE day = $1 GROUP BY day`, day); err != nil {
		return err
	}
	return tx.Commit()
}

// MarkPaid sets a status: running it twice changes nothing.
func MarkPaid(ctx context.Context, pool *pgxpool.Pool, id string) error {
	_, err := pool.Exec(ctx, `UPDATE orders SET status = 'paid' WHERE order_id = $1`, id)
	return err
}

// SaveWithRetry retries the append through the project's helper: the
// retry writes the event again. The append is in this package, so
// onconflict reports it, at the INSERT, with this retry.
func SaveWithRetry(ctx context.Context, db *sql.DB, id, payload string) error {
	return retryutil.Do(ctx, func(ctx context.Context) error { return AppendEvent(ctx, db, id, payload) }) // finding: catchall
}
