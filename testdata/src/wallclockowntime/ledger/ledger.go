// Package ledger books entries into a daily ledger, retried by a backoff
// library; its clock is the project's own (example.com/instant).
package ledger

import (
	"context"
	"database/sql"
	"time"

	"example.com/instant"
	"github.com/cenkalti/backoff/v4"
)

type Books struct {
	db *sql.DB
}

// Book names the ledger's day inside the retried operation: an attempt
// after midnight books into the next day's ledger.
func (b *Books) Book(ctx context.Context, amount int64) error {
	return backoff.Retry(func() error {
		day := instant.Now().Day() // want `instant.Now\(\) here becomes the date instant.Now\(\).Day\(\) in the operation that backoff.Retry runs again`
		_, err := b.db.ExecContext(ctx, `INSERT INTO ledger (day, amount) VALUES ($1, $2)`, day, amount)
		return err
	}, backoff.NewExponentialBackOff())
}

// BookLate books into the day of an hour ago: a shift keeps it a moment
// of the clock.
func (b *Books) BookLate(ctx context.Context, amount int64) error {
	return backoff.Retry(func() error {
		day := instant.Now().Shift(-time.Hour).Day() // want `instant.Now\(\) here becomes the date instant.Now\(\).Shift\(-time.Hour\).Day\(\) in the operation`
		_, err := b.db.ExecContext(ctx, `INSERT INTO ledger (day, amount) VALUES ($1, $2)`, day, amount)
		return err
	}, backoff.NewExponentialBackOff())
}

// BookStamped stamps the entry with the moment it is written: a
// timestamp, no unit.
func (b *Books) BookStamped(ctx context.Context, amount int64) error {
	return backoff.Retry(func() error {
		_, err := b.db.ExecContext(ctx, `INSERT INTO entries (at, amount) VALUES ($1, $2)`, instant.Now().Millis(), amount)
		return err
	}, backoff.NewExponentialBackOff())
}

// BookOn books into the day its caller chose, once, outside the retry.
func (b *Books) BookOn(ctx context.Context, amount int64) error {
	day := instant.Now().Day()
	return backoff.Retry(func() error {
		_, err := b.db.ExecContext(ctx, `INSERT INTO ledger (day, amount) VALUES ($1, $2)`, day, amount)
		return err
	}, backoff.NewExponentialBackOff())
}
