package migrate

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	retry "github.com/avast/retry-go/v4"
	"github.com/google/uuid"
)

// A batch of payments in one INSERT, its VALUES list built row by row:
// each row's payment_id is a new UUID, so a retry pays the batch again.
func recordPayments(ctx context.Context, db *sql.DB, amounts []int64) error {
	return retry.Do(func() error {
		rows := make([]string, 0, len(amounts))
		args := make([]any, 0, 2*len(amounts))
		for _, cents := range amounts {
			rows = append(rows, fmt.Sprintf("($%d, $%d)", len(args)+1, len(args)+2))
			args = append(args, uuid.NewString(), cents)
		}
		_, err := db.ExecContext(ctx, `INSERT INTO payments (payment_id, amount_cents) VALUES `+strings.Join(rows, ", "), args...) // want `INSERT into payments appends \(no ON CONFLICT; no key of payments comes from the input: PRIMARY KEY \(payment_id\) is made by the execution \(payment_id = \$1 from uuid.NewString\(\)\)\), retried by retry.Do`
		return err
	})
}

// The batch of deliveries has only the serial key: every row appends.
func recordDeliveries(ctx context.Context, db *sql.DB, orders []string) error {
	return retry.Do(func() error {
		var rows []string
		var args []any
		for _, o := range orders {
			rows = append(rows, "(?)")
			args = append(args, o)
		}
		_, err := db.ExecContext(ctx, "INSERT INTO deliveries (order_id) VALUES "+strings.Join(rows, ", "), args...) // want `INSERT into deliveries appends`
		return err
	})
}

// Negatives.

type payment struct {
	ID    string
	Cents int64
}

// The payment ids are the caller's: a second execution fails on the
// primary key and pays nothing twice.
func recordGivenPayments(ctx context.Context, db *sql.DB, batch []payment) error {
	return retry.Do(func() error {
		rows := make([]string, 0, len(batch))
		args := make([]any, 0, 2*len(batch))
		for _, p := range batch {
			rows = append(rows, fmt.Sprintf("($%d, $%d)", len(args)+1, len(args)+2))
			args = append(args, p.ID, p.Cents)
		}
		_, err := db.ExecContext(ctx, `INSERT INTO payments (payment_id, amount_cents) VALUES `+strings.Join(rows, ", "), args...)
		return err
	})
}

// The ids are made once, before the retry: every attempt inserts the
// same keys, and a second one fails on the primary key.
func recordPaymentsOnce(ctx context.Context, db *sql.DB, amounts []int64) error {
	ids := make([]string, len(amounts))
	for i := range amounts {
		ids[i] = uuid.NewString()
	}
	return retry.Do(func() error {
		rows := make([]string, 0, len(amounts))
		args := make([]any, 0, 2*len(amounts))
		for i, cents := range amounts {
			rows = append(rows, fmt.Sprintf("($%d, $%d)", len(args)+1, len(args)+2))
			args = append(args, ids[i], cents)
		}
		_, err := db.ExecContext(ctx, `INSERT INTO payments (payment_id, amount_cents) VALUES `+strings.Join(rows, ", "), args...)
		return err
	})
}
