// want package:"effects"

// Package store is an orders data-access package: some of its writes
// append, some replace their unit.
package store

import (
	"context"
	"database/sql"
)

type Order struct {
	ID     string
	Amount int
}

// AppendOrder inserts the order: a second execution inserts it again.
func AppendOrder(ctx context.Context, db *sql.DB, o Order) error { // want AppendOrder:`appends: inserts into fct_orders \(no ON CONFLICT; no schema found, so the table.s keys are unknown\) \(\(\*sql.DB\).ExecContext "INSERT INTO fct_orders \(order_id, amo..."\)`
	_, err := db.ExecContext(ctx, `INSERT INTO fct_orders (order_id, amount) VALUES ($1, $2)`, o.ID, o.Amount)
	return err
}

// SaveOrder is AppendOrder one level up.
func SaveOrder(ctx context.Context, db *sql.DB, o Order) error { // want SaveOrder:`appends: .* \(store.AppendOrder → \(\*sql.DB\).ExecContext .*\)`
	return AppendOrder(ctx, db, o)
}

// UpsertOrder merges on the order id.
func UpsertOrder(ctx context.Context, db *sql.DB, o Order) error {
	_, err := db.ExecContext(ctx, `INSERT INTO fct_orders (order_id, amount) VALUES ($1, $2)
		ON CONFLICT (order_id) DO UPDATE SET amount = EXCLUDED.amount`, o.ID, o.Amount)
	return err
}

// ReplaceDay deletes and reinserts a day in one transaction.
func ReplaceDay(ctx context.Context, db *sql.DB, day string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `DELETE FROM fct_daily WHERE day = $1`, day); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO fct_daily (day, total) SELECT day, sum(amount) FROM fct_orders WHERE day = $1 GROUP BY day`, day); err != nil {
		return err
	}
	return tx.Commit()
}

// MarkPaid sets a status.
func MarkPaid(ctx context.Context, db *sql.DB, id string) error {
	_, err := db.ExecContext(ctx, `UPDATE fct_orders SET status = 'paid' WHERE order_id = $1`, id)
	return err
}

// CountVisit adds one to a counter.
func CountVisit(ctx context.Context, db *sql.DB, page string) error { // want CountVisit:`increments: increments page_views .*`
	_, err := db.ExecContext(ctx, `UPDATE page_views SET n = n + 1 WHERE page = $1`, page)
	return err
}

// RecordTransfer calls a stored procedure that deduplicates on the id.
//
//retrylint:effect idempotent the procedure upserts on the transfer id
func RecordTransfer(ctx context.Context, db *sql.DB, id string) error {
	_, err := db.ExecContext(ctx, `INSERT INTO transfers_log (id) VALUES ($1)`, id)
	return err
}
