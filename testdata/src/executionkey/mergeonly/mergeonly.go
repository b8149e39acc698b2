// Package mergeonly runs a MERGE and no INSERT: its keys are followed to
// the values the call binds all the same.
package mergeonly

import (
	"context"
	"database/sql"
	"time"
)

func snapshot(ctx context.Context, db *sql.DB, source string) error {
	_, err := db.ExecContext(ctx, `MERGE INTO snapshots s USING (SELECT $1::timestamptz AS taken_at, $2::text AS source) n ON s.taken_at = n.taken_at WHEN NOT MATCHED THEN INSERT (taken_at, source) VALUES (n.taken_at, n.source)`,
		time.Now(), source) // want `merge key taken_at of snapshots is bound to \$1 from time.Now\(\)`
	return err
}
