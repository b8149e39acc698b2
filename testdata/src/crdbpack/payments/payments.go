// Package payments retries through cockroach-go under a configuration
// pack that says its cap differently from the builtin one: ExecuteTx
// makes 10 retries by default, and WithMaxRetries counts every attempt,
// the first included, with no number that lifts the cap. The messages
// follow the pack, not the library's own numbers.
package payments

import (
	"context"
	"database/sql"
	"net/http"
	"strings"

	"github.com/cockroachdb/cockroach-go/v2/crdb"
)

type Store struct {
	db *sql.DB
}

func (s *Store) Charge(ctx context.Context, id string) error {
	return crdb.ExecuteTx(ctx, s.db, nil, func(tx *sql.Tx) error { // want `crdb.ExecuteTx \(cockroach-go rolls the transaction back and re-runs the function on a retryable error \(SQLSTATE 40001\), up to 10 times by default\) repeats http.Post`
		if _, err := tx.ExecContext(ctx, `UPDATE invoices SET state = 'charging' WHERE id = $1`, id); err != nil {
			return err
		}
		_, err := http.Post("https://pay.example/charges", "text/plain", strings.NewReader(id))
		return err
	})
}

func (s *Store) ChargeFour(ctx context.Context, id string) error {
	ctx = crdb.WithMaxRetries(ctx, 4)
	return crdb.ExecuteTx(ctx, s.db, nil, func(tx *sql.Tx) error { // want `crdb.ExecuteTx \(cockroach-go rolls the transaction back and re-runs the function on a retryable error \(SQLSTATE 40001\), up to 3 times: crdb.WithMaxRetries\) repeats http.Post`
		_, err := http.Post("https://pay.example/charges", "text/plain", strings.NewReader(id))
		return err
	})
}

// Notify runs outside a transaction; the builtin row of ExecuteCtx
// reads the pack's option row too.
func (s *Store) Notify(ctx context.Context, id string) error {
	return crdb.ExecuteCtx(crdb.WithMaxRetries(ctx, 2), func(ctx context.Context, args ...interface{}) error { // want `crdb.ExecuteCtx \(cockroach-go re-runs the function on a retryable error \(SQLSTATE 40001\), up to 1 times: crdb.WithMaxRetries\) repeats http.Post`
		_, err := http.Post("https://pay.example/notices", "text/plain", strings.NewReader(id))
		return err
	})
}

// Near miss: one attempt counted is no retry, and the pack gives
// ExecuteTx no number that lifts the cap.
func (s *Store) ChargeOnce(ctx context.Context, id string) error {
	return crdb.ExecuteTx(crdb.WithMaxRetries(ctx, 1), s.db, nil, func(tx *sql.Tx) error {
		_, err := http.Post("https://pay.example/charges", "text/plain", strings.NewReader(id))
		return err
	})
}
