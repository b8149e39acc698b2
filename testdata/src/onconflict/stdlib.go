// Package onconflict holds the cases of the onconflict check: lines with
// a want comment must be reported, the others must not.
package onconflict

import (
	"context"
	"database/sql"
	_ "embed"
	"fmt"
)

const insertOrder = `INSERT INTO fct_orders (order_id, amount) VALUES ($1, $2)`

//go:embed load_orders.sql
var loadOrders string

//go:embed replace_day.sql
var replaceDay string

func inline(ctx context.Context, db *sql.DB, id string, amount int) error {
	_, err := db.ExecContext(ctx, "INSERT INTO events (id, payload) VALUES ($1, $2)", id, amount) // want `INSERT into events appends`
	return err
}

func viaConst(ctx context.Context, db *sql.DB) error {
	_, err := db.ExecContext(ctx, insertOrder, "o-1", 10) // want `INSERT into fct_orders appends \(no ON CONFLICT; no schema found, so the table.s keys are unknown\): a second execution after a lost acknowledgement writes the rows again; merge on a key from the input \(ON CONFLICT \(key\) DO UPDATE\) or replace the unit \(delete then insert in one transaction\)`
	return err
}

func viaSprintf(ctx context.Context, db *sql.DB, table string) error {
	q := fmt.Sprintf("INSERT INTO %s (id) VALUES ($1)", table)
	_, err := db.ExecContext(ctx, q, 1) // want `INSERT into a table named at run time appends \(no ON CONFLICT\)`
	return err
}

func viaEmbed(ctx context.Context, db *sql.DB, day string) error {
	_, err := db.ExecContext(ctx, loadOrders, day) // want `INSERT into analytics.fct_orders appends`
	return err
}

func mysqlStyle(db *sql.DB) error {
	_, err := db.Exec("INSERT INTO audit_log (actor, action) VALUES (?, ?)", "a", "b") // want `INSERT into audit_log appends`
	return err
}

// Negatives.

func upsert(ctx context.Context, db *sql.DB) error {
	_, err := db.ExecContext(ctx, `INSERT INTO fct_orders (order_id, amount) VALUES ($1, $2)
		ON CONFLICT (order_id) DO UPDATE SET amount = EXCLUDED.amount`, "o-1", 10)
	return err
}

func doNothing(ctx context.Context, db *sql.DB) error {
	_, err := db.ExecContext(ctx, `INSERT INTO seen (id) VALUES ($1) ON CONFLICT DO NOTHING`, "x")
	return err
}

func notExists(ctx context.Context, db *sql.DB) error {
	_, err := db.ExecContext(ctx, `INSERT INTO customers (customer_id, name)
		SELECT $1, $2 WHERE NOT EXISTS (SELECT 1 FROM customers WHERE customer_id = $1)`, "c", "n")
	return err
}

func scriptReplace(ctx context.Context, db *sql.DB, day string) error {
	_, err := db.ExecContext(ctx, replaceDay, day)
	return err
}

func txReplace(ctx context.Context, db *sql.DB, day string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `DELETE FROM fct_daily WHERE day = $1`, day); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO fct_daily (day, total) SELECT day, sum(amount) FROM orders WHERE day = $1 GROUP BY day`, day); err != nil {
		return err
	}
	return tx.Commit()
}

func tempTable(ctx context.Context, db *sql.DB) error {
	_, err := db.ExecContext(ctx, `CREATE TEMP TABLE batch (id text); INSERT INTO batch (id) VALUES ($1)`, "x")
	return err
}

func updates(ctx context.Context, db *sql.DB) error {
	if _, err := db.ExecContext(ctx, `UPDATE orders SET status = $1 WHERE order_id = $2`, "paid", "o"); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, `DELETE FROM sessions WHERE expires_at < now()`)
	return err
}

func unresolved(ctx context.Context, db *sql.DB, query string) error {
	_, err := db.ExecContext(ctx, query)
	return err
}

func unparseable(ctx context.Context, db *sql.DB) error {
	_, err := db.ExecContext(ctx, `INSERT INTO (((`)
	return err
}

func antiJoin(ctx context.Context, db *sql.DB, day string) error {
	_, err := db.ExecContext(ctx, `INSERT INTO fct_orders (order_id, amount)
		SELECT s.order_id, s.amount FROM staging.orders s
		LEFT JOIN fct_orders f ON f.order_id = s.order_id
		WHERE s.day = $1 AND f.order_id IS NULL`, day)
	return err
}

func mergeOnBusinessKey(ctx context.Context, db *sql.DB) error {
	_, err := db.ExecContext(ctx, `MERGE INTO dim_customer d
		USING staging.customers s ON d.customer_id = s.customer_id
		WHEN MATCHED THEN UPDATE SET name = s.name
		WHEN NOT MATCHED THEN INSERT (customer_id, name) VALUES (s.customer_id, s.name)`)
	return err
}

// setVersion replaces the version row of a table the caller names: the
// DELETE's text is built at run time, so whether it clears the same
// table cannot be told; in a transaction, say nothing.
func setVersion(ctx context.Context, db *sql.DB, table string, version int) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, "DELETE FROM "+table); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, fmt.Sprintf(`INSERT INTO %s (version) VALUES ($1)`, table), version); err != nil {
		return err
	}
	return tx.Commit()
}
