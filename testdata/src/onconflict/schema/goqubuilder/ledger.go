// Package goqubuilder holds the cases of onconflict for goqu: the INSERT
// an InsertDataset's calls spell is judged as the text would be.
package goqubuilder

import (
	"context"
	"database/sql"
	"time"

	retry "github.com/avast/retry-go/v4"
	"github.com/doug-martin/goqu/v9"
)

// A ledger entry's only key is the serial id: a second execution books
// the amount again.
func book(ctx context.Context, account string, cents int64) error {
	return retry.Do(func() error {
		_, err := goqu.Insert("ledger_entries").Cols("account", "cents").Vals(goqu.Vals{account, cents}).Executor().ExecContext(ctx) // want `ExecContext's INSERT into ledger_entries appends \(no ON CONFLICT; no key of ledger_entries comes from the input: PRIMARY KEY \(id\) is made by the execution \(id: serial\)\), retried by retry.Do: .*; merge on a key from the input with OnConflict\(goqu.DoUpdate\("key", ...\)\)`
		return err
	})
}

// A record through a database handle: goqu writes the keys sorted, and
// the row is the same append.
func bookOn(ctx context.Context, sqldb *sql.DB, account string, cents int64) error {
	db := goqu.New("postgres", sqldb)
	return retry.Do(func() error {
		ins := db.Insert("ledger_entries").Rows(goqu.Record{"cents": cents, "account": account})
		_, err := ins.Executor().Exec() // want `INSERT into ledger_entries appends`
		return err
	})
}

// Spelled with a dialect and run through ToSQL and the database.
func bookText(ctx context.Context, sqldb *sql.DB, account string, cents int64) error {
	return retry.Do(func() error {
		query, args, err := goqu.Dialect("postgres").Insert("ledger_entries").Cols("account", "cents").Vals(goqu.Vals{account, cents}).ToSQL()
		if err != nil {
			return err
		}
		_, err = sqldb.ExecContext(ctx, query, args...) // want `INSERT into ledger_entries appends`
		return err
	})
}

// The account names the balance: a merge on it replaces the row.
func settle(ctx context.Context, account string, cents int64) error {
	return retry.Do(func() error {
		_, err := goqu.Insert("balances").
			Rows(goqu.Record{"account": account, "cents": cents}).
			OnConflict(goqu.DoUpdate("account", goqu.Record{"cents": cents})).
			Executor().ExecContext(ctx)
		return err
	})
}

// Keeping the first total of the day: a second execution does nothing.
func keepTotal(ctx context.Context, account string, day time.Time, cents int64) error {
	return retry.Do(func() error {
		_, err := goqu.Insert("daily_totals").Cols("account", "day", "cents").Vals(goqu.Vals{account, day, cents}).
			OnConflict(goqu.DoNothing()).Executor().ExecContext(ctx)
		return err
	})
}

// The target names both columns of the unique key, as goqu writes it.
func replaceTotal(ctx context.Context, account string, day time.Time, cents int64) error {
	return retry.Do(func() error {
		_, err := goqu.Insert("daily_totals").Cols("account", "day", "cents").Vals(goqu.Vals{account, day, cents}).
			OnConflict(goqu.DoUpdate("account, day", goqu.Record{"cents": cents})).Executor().ExecContext(ctx)
		return err
	})
}

// A target that no key of the table has: PostgreSQL rejects it, retried
// or not.
func replaceTotalByAccount(ctx context.Context, account string, day time.Time, cents int64) error {
	ins := goqu.Insert("daily_totals").Cols("account", "day", "cents").Vals(goqu.Vals{account, day, cents})
	_, err := ins.OnConflict(goqu.DoUpdate("account", goqu.Record{"cents": cents})).Executor().ExecContext(ctx) // want `ON CONFLICT \(account\) matches no primary key or unique constraint of daily_totals`
	return err
}

// The balance row is keyed by the caller's account: a second execution
// fails on the key instead of adding a row.
func open(ctx context.Context, account string) error {
	return retry.Do(func() error {
		_, err := goqu.Insert("balances").Rows(goqu.Record{"account": account, "cents": 0}).Executor().ExecContext(ctx)
		return err
	})
}

// The day is taken by each execution: the unique key never meets the
// first row.
func total(ctx context.Context, account string, cents int64) error {
	return retry.Do(func() error {
		_, err := goqu.Insert("daily_totals").Cols("account", "day", "cents").Vals(goqu.Vals{account, time.Now(), cents}).Executor().ExecContext(ctx) // want `INSERT into daily_totals appends \(no ON CONFLICT; no key of daily_totals comes from the input: UNIQUE \(account, day\) is made by the execution \(day = \$2 from time.Now\(\)\)\)`
		return err
	})
}

// A table chosen at run time, and a conflict clause kept in a variable:
// the INSERT is not read.
func bookInto(ctx context.Context, table, account string) error {
	return retry.Do(func() error {
		_, err := goqu.Insert(table).Cols("account").Vals(goqu.Vals{account}).Executor().ExecContext(ctx)
		return err
	})
}

func bookWith(ctx context.Context, account string, cents int64) error {
	return retry.Do(func() error {
		clause := goqu.DoNothing()
		_, err := goqu.Insert("ledger_entries").Cols("account", "cents").Vals(goqu.Vals{account, cents}).OnConflict(clause).Executor().ExecContext(ctx)
		return err
	})
}

// Not retried: the default scope leaves it alone.
func bookOnce(ctx context.Context, account string, cents int64) error {
	_, err := goqu.Insert("ledger_entries").Cols("account", "cents").Vals(goqu.Vals{account, cents}).Executor().ExecContext(ctx)
	return err
}

// DO NOTHING with no key from the input: nothing conflicts, and the
// entry is booked again.
func bookQuietly(ctx context.Context, account string, cents int64) error {
	return retry.Do(func() error {
		_, err := goqu.Insert("ledger_entries").Cols("account", "cents").Vals(goqu.Vals{account, cents}).OnConflict(goqu.DoNothing()).Executor().ExecContext(ctx) // want `INSERT into ledger_entries appends \(ON CONFLICT DO NOTHING; no key of ledger_entries comes from the input: PRIMARY KEY \(id\) is made by the execution \(id: serial\), so nothing conflicts\)`
		return err
	})
}
