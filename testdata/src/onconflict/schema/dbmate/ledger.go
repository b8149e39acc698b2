// Package dbmate holds the case of onconflict with a dbmate migration:
// its migrate:down section is not the schema.
package dbmate

import (
	"context"
	"database/sql"

	retry "github.com/avast/retry-go/v4"
)

func post(ctx context.Context, db *sql.DB, account string, cents int64) error {
	return retry.Do(func() error {
		_, err := db.ExecContext(ctx, `INSERT INTO ledger_entries (account, cents) VALUES ($1, $2)`, account, cents) // want `INSERT into ledger_entries appends \(no ON CONFLICT; no key of ledger_entries comes from the input: PRIMARY KEY \(id\) is made by the execution \(id: serial\)\)`
		return err
	})
}
