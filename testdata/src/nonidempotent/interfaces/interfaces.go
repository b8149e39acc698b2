// Package interfaces retries work behind interfaces: the package's own,
// implemented once here, is followed to its implementation; one with two
// implementations, or declared in another package, is not.
package interfaces

import (
	"context"
	"database/sql"

	retry "github.com/avast/retry-go/v4"

	"example.com/ifaces/foreign"
	"example.com/ifaces/repo"
	"example.com/ifaces/several"
	"example.com/ifaces/single"
)

type Event struct {
	ID   string
	Kind string
}

type journal interface {
	Append(ctx context.Context, e Event) error
}

type pgJournal struct{ db *sql.DB }

func (j *pgJournal) Append(ctx context.Context, e Event) error {
	_, err := j.db.ExecContext(ctx, `UPDATE journal_counts SET n = n + 1 WHERE kind = $1`, e.Kind)
	return err
}

type Recorder struct{ log journal }

func NewRecorder(db *sql.DB) *Recorder { return &Recorder{log: &pgJournal{db: db}} }

func (r *Recorder) Record(ctx context.Context, e Event) error {
	return retry.Do(func() error { return r.log.Append(ctx, e) }) // want `retry.Do repeats \(\*interfaces.pgJournal\).Append, which increments journal_counts`
}

// Through another package's function that calls its own interface.
func Settle(ctx context.Context, s *single.Service, p single.Payment) error {
	return retry.Do(func() error { return s.Settle(ctx, p) }) // want `retry.Do repeats \(\*single.Service\).Settle, which inserts into ledger_entries`
}

// Negatives.

func SettleSeveral(ctx context.Context, s *several.Service, p several.Payment) error {
	return retry.Do(func() error { return s.Settle(ctx, p) })
}

func SettleForeign(ctx context.Context, s *foreign.Service, p repo.Payment) error {
	return retry.Do(func() error { return s.Settle(ctx, p) })
}
