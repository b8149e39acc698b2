package realmod

import (
	"context"

	"github.com/doug-martin/goqu/v9"
	"github.com/google/uuid"
)

// A goqu INSERT with no conflict clause appends; the module's scope is
// all.
func recordClick(ctx context.Context, db *goqu.Database, page string) error {
	_, err := db.Insert("clicks").Rows(goqu.Record{"page": page}).Executor().ExecContext(ctx) // finding: onconflict
	return err
}

// A merge keyed by a UUID made here: the key is new on every execution.
func recordAttachment(ctx context.Context, db *goqu.Database, name string) error {
	_, err := db.Insert("attachments").Cols("attachment_id", "name").
		Vals(goqu.Vals{uuid.NewString(), name}). // finding: executionkey
		OnConflict(goqu.DoUpdate("attachment_id", goqu.Record{"name": name})).Executor().ExecContext(ctx)
	return err
}

// A merge on the caller's name: nothing to report.
func recordLabel(ctx context.Context, db *goqu.Database, name, color string) error {
	_, err := db.Insert("labels").Cols("name", "color").Vals(goqu.Vals{name, color}).
		OnConflict(goqu.DoUpdate("name", goqu.Record{"color": color})).Executor().ExecContext(ctx)
	return err
}
