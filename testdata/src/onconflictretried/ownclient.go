package onconflictretried

import (
	"context"

	retry "github.com/avast/retry-go/v4"
)

// outcome is the project's own result type; its client interface wraps
// the driver's results but takes the query as the driver does.
type outcome interface{ Rows() int64 }

type querier interface {
	ExecContext(ctx context.Context, query string, args ...any) (outcome, error)
}

func logVisit(ctx context.Context, q querier, page string) error {
	return retry.Do(func() error {
		_, err := q.ExecContext(ctx, `INSERT INTO visits (page) VALUES ($1)`, page) // want `INSERT into visits appends \(no ON CONFLICT; no schema found, so the table.s keys are unknown\), retried by retry.Do`
		return err
	})
}

// A method of the same name that takes something else: not a query.
type runner interface {
	ExecContext(ctx context.Context, argv []string) (outcome, error)
}

func runTwice(ctx context.Context, r runner) error {
	return retry.Do(func() error {
		_, err := r.ExecContext(ctx, []string{"INSERT INTO visits (page) VALUES ('x')"})
		return err
	})
}
