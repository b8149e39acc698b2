// Package squirrelbuilder holds the cases of onconflict for squirrel: the
// INSERT its chained calls spell is judged as the text would be.
package squirrelbuilder

import (
	"context"
	"database/sql"
	"time"

	sq "github.com/Masterminds/squirrel"
	retry "github.com/avast/retry-go/v4"
)

var psql = sq.StatementBuilder.PlaceholderFormat(sq.Dollar)

// The shipment's only key is the serial id: a second execution ships
// again.
func ship(ctx context.Context, db *sql.DB, orderID, carrier string) error {
	return retry.Do(func() error {
		_, err := psql.Insert("shipments").Columns("order_id", "carrier").Values(orderID, carrier).RunWith(db).ExecContext(ctx) // want `ExecContext's INSERT into shipments appends \(no ON CONFLICT; no key of shipments comes from the input: PRIMARY KEY \(id\) is made by the execution \(id: serial\)\), retried by retry.Do: .*; merge on a key from the input with Suffix\("ON CONFLICT \(key\) DO UPDATE SET ..."\)`
		return err
	})
}

// Built in steps, run through ToSql and the database: the same INSERT.
func shipInSteps(ctx context.Context, db *sql.DB, orderID, carrier string) error {
	return retry.Do(func() error {
		ins := sq.Insert("shipments").Columns("order_id")
		ins = ins.Columns("carrier").Values(orderID, carrier)
		query, args, err := ins.PlaceholderFormat(sq.Dollar).ToSql()
		if err != nil {
			return err
		}
		_, err = db.ExecContext(ctx, query, args...) // want `INSERT into shipments appends`
		return err
	})
}

// A map of columns: the key column is filled by the caller's number.
func bill(ctx context.Context, db *sql.DB, number string, cents int64) error {
	return retry.Do(func() error {
		_, err := psql.Insert("invoices").SetMap(map[string]interface{}{"invoice_no": number, "cents": cents}).RunWith(db).ExecContext(ctx)
		return err
	})
}

// A merge on the caller's key, spelled in the suffix.
func track(ctx context.Context, db *sql.DB, shipment int64, at time.Time, status string) error {
	return retry.Do(func() error {
		_, err := psql.Insert("tracking_events").
			Columns("shipment_id", "seen_at", "status").
			Values(shipment, at, status).
			Suffix("ON CONFLICT (shipment_id, seen_at) DO UPDATE SET status = EXCLUDED.status").
			RunWith(db).ExecContext(ctx)
		return err
	})
}

// The time the event was seen is taken by each execution: the key never
// meets the first row.
func trackNow(ctx context.Context, db *sql.DB, shipment int64, status string) error {
	return retry.Do(func() error {
		_, err := psql.Insert("tracking_events").Columns("shipment_id", "seen_at", "status").Values(shipment, time.Now(), status).RunWith(db).ExecContext(ctx) // want `INSERT into tracking_events appends \(no ON CONFLICT; no key of tracking_events comes from the input: UNIQUE \(shipment_id, seen_at\) is made by the execution \(seen_at = \$2 from time.Now\(\)\)\)`
		return err
	})
}

// A table chosen at run time: the builder's INSERT is not read.
func shipTo(ctx context.Context, db *sql.DB, table, orderID string) error {
	return retry.Do(func() error {
		_, err := psql.Insert(table).Columns("order_id").Values(orderID).RunWith(db).ExecContext(ctx)
		return err
	})
}

// Not retried: the default scope leaves it alone.
func shipOnce(ctx context.Context, db *sql.DB, orderID, carrier string) error {
	_, err := psql.Insert("shipments").Columns("order_id", "carrier").Values(orderID, carrier).RunWith(db).ExecContext(ctx)
	return err
}
