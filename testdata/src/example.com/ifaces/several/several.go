// want package:"effects"

// Package several has two implementations of its interface: which one a
// call runs is not known, so it has no effect.
package several

import (
	"context"
	"database/sql"
	"sync"
)

type Payment struct {
	ID     string
	Amount int
}

type ledger interface {
	Record(ctx context.Context, p Payment) error
}

type pgLedger struct{ db *sql.DB }

func (l *pgLedger) Record(ctx context.Context, p Payment) error { // want Record:`appends: inserts into ledger_entries`
	_, err := l.db.ExecContext(ctx, `INSERT INTO ledger_entries (payment_id, amount) VALUES ($1, $2)`, p.ID, p.Amount)
	return err
}

// memLedger keeps one entry per payment: a second Record replaces it.
type memLedger struct {
	mu      sync.Mutex
	entries map[string]int
}

func (l *memLedger) Record(ctx context.Context, p Payment) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.entries[p.ID] = p.Amount
	return nil
}

type Service struct{ entries ledger }

func (s *Service) Settle(ctx context.Context, p Payment) error {
	return s.entries.Record(ctx, p)
}
