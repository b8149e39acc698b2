// Package ledger writes ledger entries, on the transaction its caller
// passes or on a handle of its own.
package ledger

import (
	"context"
	"database/sql"
	"net/http"
)

// Entry is one ledger line.
type Entry struct {
	Account string
	Cents   int64
}

// Insert appends an entry on the caller's transaction.
func Insert(ctx context.Context, tx *sql.Tx, e Entry) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO ledger_entries (account, cents) VALUES ($1, $2)`, e.Account, e.Cents)
	return err
}

// Audit appends an audit row on a handle of its own.
type Audit struct{ DB *sql.DB }

// Record appends an audit row outside any transaction of the caller.
func (a *Audit) Record(ctx context.Context, what string) error {
	_, err := a.DB.ExecContext(ctx, `INSERT INTO audit_log (what) VALUES ($1)`, what)
	return err
}

type txKey struct{}

// WithTx returns a context that carries tx for InsertFrom.
func WithTx(ctx context.Context, tx *sql.Tx) context.Context {
	return context.WithValue(ctx, txKey{}, tx)
}

// InsertFrom appends an entry on the transaction the context carries.
func InsertFrom(ctx context.Context, e Entry) error {
	tx := ctx.Value(txKey{}).(*sql.Tx)
	_, err := tx.ExecContext(ctx, `INSERT INTO ledger_entries (account, cents) VALUES ($1, $2)`, e.Account, e.Cents)
	return err
}

// Notifier tells a partner about ledger entries.
type Notifier struct{ URL string }

// InsertAndNotify appends an entry on the caller's transaction, then
// posts it to the partner: the POST is not part of the transaction.
func (n *Notifier) InsertAndNotify(ctx context.Context, tx *sql.Tx, e Entry) error {
	if _, err := tx.ExecContext(ctx, `INSERT INTO ledger_entries (account, cents) VALUES ($1, $2)`, e.Account, e.Cents); err != nil {
		return err
	}
	resp, err := http.Post(n.URL, "application/json", nil)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
