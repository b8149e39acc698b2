package executionkey

import (
	"context"

	"github.com/doug-martin/goqu/v9"
	"github.com/google/uuid"
)

// goqu: the conflict target is a new UUID in the builder's row.
func saveReceipt(ctx context.Context, name string) error {
	_, err := goqu.Insert("receipts").Cols("receipt_id", "name").Vals(goqu.Vals{uuid.NewString(), name}).OnConflict(goqu.DoUpdate("receipt_id", goqu.Record{"name": name})).Executor().ExecContext(ctx) // want `conflict key receipt_id of receipts is bound to \$1 from uuid.NewString\(\)`
	return err
}

// Negative: the caller names the receipt.
func saveNamedReceipt(ctx context.Context, id, name string) error {
	_, err := goqu.Insert("receipts").Cols("receipt_id", "name").Vals(goqu.Vals{id, name}).OnConflict(goqu.DoUpdate("receipt_id", goqu.Record{"name": name})).Executor().ExecContext(ctx)
	return err
}
