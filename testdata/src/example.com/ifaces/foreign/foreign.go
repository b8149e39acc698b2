// want package:"effects"

// Package foreign implements another package's interface once, and calls
// through it: the interface is not its own, so the call has no effect.
package foreign

import (
	"context"
	"database/sql"

	"example.com/ifaces/repo"
)

type pgLedger struct{ db *sql.DB }

func (l *pgLedger) Record(ctx context.Context, p repo.Payment) error { // want Record:`appends: inserts into ledger_entries`
	_, err := l.db.ExecContext(ctx, `INSERT INTO ledger_entries (payment_id, amount) VALUES ($1, $2)`, p.ID, p.Amount)
	return err
}

type Service struct{ entries repo.Ledger }

func New(db *sql.DB) *Service { return &Service{entries: &pgLedger{db: db}} }

func (s *Service) Settle(ctx context.Context, p repo.Payment) error {
	return s.entries.Record(ctx, p)
}
