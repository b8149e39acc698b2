package onconflictretried

import (
	"context"
	"database/sql"

	retry "github.com/avast/retry-go/v4"
	"github.com/cockroachdb/cockroach-go/v2/crdb"
	"github.com/cockroachdb/cockroach-go/v2/crdb/crdbgorm"
	"gorm.io/gorm"
)

// Retried transactions: a statement on the transaction rolls back before
// the next attempt; one on another handle, or in a function that is not
// a transaction, does not.

func postEntry(ctx context.Context, db *sql.DB, account string) error {
	return crdb.ExecuteTx(ctx, db, nil, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO entries (account) VALUES ($1)`, account)
		return err
	})
}

func postEntryPrepared(ctx context.Context, db *sql.DB, ins *sql.Stmt, account string) error {
	return crdb.ExecuteTx(ctx, db, nil, func(tx *sql.Tx) error {
		st := tx.StmtContext(ctx, ins)
		_, err := st.ExecContext(ctx, account)
		return err
	})
}

func postEntryVia(ctx context.Context, db *sql.DB, account string) error {
	return crdb.ExecuteTx(ctx, db, nil, func(tx *sql.Tx) error { return writeEntry(ctx, tx, account) })
}

func writeEntry(ctx context.Context, tx *sql.Tx, account string) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO entries (account) VALUES ($1)`, account)
	return err
}

func postEntryGorm(ctx context.Context, db *gorm.DB, account string) error {
	return crdbgorm.ExecuteTx(ctx, db, nil, func(tx *gorm.DB) error {
		return tx.Exec(`INSERT INTO entries (account) VALUES (?)`, account).Error
	})
}

// The outer handle inside the transaction function: not rolled back.
func postEntryOutside(ctx context.Context, db *sql.DB, account string) error {
	return crdb.ExecuteTx(ctx, db, nil, func(tx *sql.Tx) error {
		_, err := db.ExecContext(ctx, `INSERT INTO entry_log (account) VALUES ($1)`, account) // want `INSERT into entry_log appends .*, retried by crdb.ExecuteTx \(cockroach-go rolls the transaction back`
		return err
	})
}

// ExecuteCtx runs no transaction: everything repeats.
func postEntryCtx(ctx context.Context, db *sql.DB, account string) error {
	return crdb.ExecuteCtx(ctx, func(ctx context.Context, args ...interface{}) error {
		_, err := db.ExecContext(ctx, `INSERT INTO entry_log (account) VALUES ($1)`, account) // want `INSERT into entry_log appends .*, retried by crdb.ExecuteCtx \(cockroach-go re-runs the function`
		return err
	})
}

// A retry around the transaction runs the committed statements again.
func postEntryRetried(ctx context.Context, db *sql.DB, account string) error {
	return retry.Do(func() error {
		return crdb.ExecuteTx(ctx, db, nil, func(tx *sql.Tx) error {
			_, err := tx.ExecContext(ctx, `INSERT INTO entries (account) VALUES ($1)`, account) // want `INSERT into entries appends .*, retried by retry.Do`
			return err
		})
	})
}

// The package's own way into a transaction: its callers' statements on
// the transaction roll back too.
func inLedgerTx(ctx context.Context, db *sql.DB, fn func(*sql.Tx) error) error {
	return crdb.ExecuteTx(ctx, db, nil, fn)
}

func postEntryHelper(ctx context.Context, db *sql.DB, account string) error {
	return inLedgerTx(ctx, db, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO entries (account) VALUES ($1)`, account)
		return err
	})
}

func postEntryHelperOutside(ctx context.Context, db *sql.DB, account string) error {
	return inLedgerTx(ctx, db, func(tx *sql.Tx) error {
		_, err := db.ExecContext(ctx, `INSERT INTO entry_log (account) VALUES ($1)`, account) // want `INSERT into entry_log appends .*, retried by inLedgerTx \(cockroach-go rolls the transaction back`
		return err
	})
}
