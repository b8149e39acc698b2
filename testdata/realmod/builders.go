package realmod

import (
	"context"
	"database/sql"

	sq "github.com/Masterminds/squirrel"
	"github.com/google/uuid"
)

// A squirrel INSERT with no conflict clause appends; the module's scope
// is all.
func recordVisit(ctx context.Context, db *sql.DB, page string) error {
	_, err := sq.Insert("visits").Columns("page").Values(page).PlaceholderFormat(sq.Dollar).RunWith(db).ExecContext(ctx) // finding: onconflict
	return err
}

// A merge keyed by a UUID made here: the key is new on every execution.
func recordUpload(ctx context.Context, db *sql.DB, name string) error {
	q, args, err := sq.Insert("uploads").Columns("upload_id", "name").
		Values(uuid.NewString(), name). // finding: executionkey
		Suffix("ON CONFLICT (upload_id) DO NOTHING").PlaceholderFormat(sq.Dollar).ToSql()
	if err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, q, args...)
	return err
}
