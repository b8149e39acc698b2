package executionkey

import (
	"context"
	"database/sql"

	sq "github.com/Masterminds/squirrel"
	"github.com/google/uuid"
)

// The conflict key is a new UUID in the builder's row: the merge never
// meets the row a first execution wrote.
func saveUpload(ctx context.Context, db *sql.DB, name string) error {
	_, err := sq.Insert("uploads").Columns("upload_id", "name").Values(uuid.NewString(), name). // want `conflict key upload_id of uploads is bound to \$1 from uuid.NewString\(\)`
													Suffix("ON CONFLICT (upload_id) DO NOTHING").
													PlaceholderFormat(sq.Dollar).RunWith(db).ExecContext(ctx)
	return err
}

// Negative: the caller names the upload.
func saveNamedUpload(ctx context.Context, db *sql.DB, id, name string) error {
	_, err := sq.Insert("uploads").Columns("upload_id", "name").Values(id, name).
		Suffix("ON CONFLICT (upload_id) DO NOTHING").
		PlaceholderFormat(sq.Dollar).RunWith(db).ExecContext(ctx)
	return err
}
