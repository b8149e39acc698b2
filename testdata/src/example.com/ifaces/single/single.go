// want package:"effects"

// Package single reaches its store through an interface of its own that
// one type of the package implements: the call has that type's effects.
package single

import (
	"context"
	"database/sql"
)

type Payment struct {
	ID     string
	Amount int
}

type ledger interface {
	Record(ctx context.Context, p Payment) error // want Record:`appends: inserts into ledger_entries`
	Close() error
}

type pgLedger struct{ db *sql.DB }

func (l *pgLedger) Record(ctx context.Context, p Payment) error { // want Record:`appends: inserts into ledger_entries`
	_, err := l.db.ExecContext(ctx, `INSERT INTO ledger_entries (payment_id, amount) VALUES ($1, $2)`, p.ID, p.Amount)
	return err
}

func (l *pgLedger) Close() error { return l.db.Close() }

type Service struct{ entries ledger }

func New(db *sql.DB) *Service { return &Service{entries: &pgLedger{db: db}} }

// Settle records through the interface: the chain names the
// implementation.
func (s *Service) Settle(ctx context.Context, p Payment) error { // want Settle:`appends: inserts into ledger_entries .* \(\(\*single.pgLedger\).Record → \(\*sql.DB\).ExecContext`
	return s.entries.Record(ctx, p)
}

// Stop closes through it: no effect.
func (s *Service) Stop() error { return s.entries.Close() }
