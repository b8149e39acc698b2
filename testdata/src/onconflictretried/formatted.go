package onconflictretried

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	retry "github.com/avast/retry-go/v4"
)

// ledger names its tables with a schema chosen when it is built, and
// formats its statements with its own Sprintf.
type ledger struct {
	db     *sql.DB
	schema string
}

func (l *ledger) sql(format string, args ...any) string {
	return strings.TrimSpace(fmt.Sprintf(format, args...))
}

func (l *ledger) record(ctx context.Context, account string, cents int64) error {
	return retry.Do(func() error {
		_, err := l.db.ExecContext(ctx, l.sql(`INSERT INTO %sentries (account, cents) VALUES ($1, $2)`, l.schema), account, cents) // want `INSERT into entries \(in a schema named at run time\) appends \(no ON CONFLICT; no schema found, so the table.s keys are unknown\), retried by retry.Do`
		return err
	})
}

// The same statement with a merge: silent.
func (l *ledger) recordOnce(ctx context.Context, id, account string, cents int64) error {
	return retry.Do(func() error {
		_, err := l.db.ExecContext(ctx, l.sql(`INSERT INTO %sentries (id, account, cents) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING`, l.schema), id, account, cents)
		return err
	})
}

// A variadic helper that does not format its arguments into the text:
// what it returns is not read.
func (l *ledger) tagged(format string, args ...any) string {
	if len(args) > 0 {
		return format
	}
	return "SELECT 1"
}

func (l *ledger) recordTagged(ctx context.Context, account string) error {
	return retry.Do(func() error {
		_, err := l.db.ExecContext(ctx, l.tagged(`INSERT INTO entries (account) VALUES ($1)`, 1), account)
		return err
	})
}
