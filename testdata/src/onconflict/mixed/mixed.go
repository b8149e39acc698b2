// Package mixed copies rows from PostgreSQL (pgx) to MySQL (database/sql
// with the MySQL driver): the package speaks two dialects, so each
// query's own client and placeholders decide which it is in.
package mixed

import (
	"context"
	"database/sql"

	_ "github.com/go-sql-driver/mysql"
	"github.com/jackc/pgx/v5/pgxpool"
)

// The pgx call is PostgreSQL whatever the package imports.
func markCopied(ctx context.Context, pg *pgxpool.Pool, id string) error {
	_, err := pg.Exec(ctx, "INSERT INTO copied (id) VALUES ($1)", id) // want `INSERT into copied appends \(no ON CONFLICT; no schema found, so the table.s keys are unknown\): .*; merge on a key from the input \(ON CONFLICT \(key\) DO UPDATE\)`
	return err
}

// ? through database/sql, with MySQL the only ?-dialect imported.
func copyRow(ctx context.Context, my *sql.DB, id, body string) error {
	_, err := my.ExecContext(ctx, "INSERT INTO archive (id, body) VALUES (?, ?)", id, body) // want `INSERT into archive appends \(no ON DUPLICATE KEY UPDATE; no schema found, so the table.s keys are unknown\): .*INSERT \.\.\. ON DUPLICATE KEY UPDATE`
	return err
}

func copyRowOnce(ctx context.Context, my *sql.DB, id, body string) error {
	_, err := my.ExecContext(ctx, "INSERT INTO archive (id, body) VALUES (?, ?) ON DUPLICATE KEY UPDATE body = VALUES(body)", id, body)
	return err
}
