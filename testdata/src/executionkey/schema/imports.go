// Package schema holds the cases of executionkey whose key is filled by a
// column DEFAULT that the execution computes.
package schema

import (
	"context"
	"database/sql"
)

// The conflict key is left to DEFAULT gen_random_uuid(): every execution
// makes a new one, so the conflict never happens.
func recordImport(ctx context.Context, db *sql.DB, source string) error {
	_, err := db.ExecContext(ctx, `INSERT INTO imports (source) VALUES ($1) ON CONFLICT (import_id) DO NOTHING`, source) // want `conflict key import_id of imports takes its DEFAULT gen_random_uuid\(\) \(the INSERT leaves it out\), a new value on every execution`
	return err
}

// The conflict key comes from the input: the source and the day given.
func recordImportOn(ctx context.Context, db *sql.DB, source, day string) error {
	_, err := db.ExecContext(ctx, `INSERT INTO imports (source, loaded_on) VALUES ($1, $2) ON CONFLICT (source, loaded_on) DO NOTHING`, source, day)
	return err
}

// The day of the conflict key is left to DEFAULT current_date: a retry
// after midnight loads the same source again under a new day.
func recordToday(ctx context.Context, db *sql.DB, source string) error {
	_, err := db.ExecContext(ctx, `INSERT INTO imports (source) VALUES ($1) ON CONFLICT (source, loaded_on) DO NOTHING`, source) // want `conflict key loaded_on of imports takes its DEFAULT current_date \(the INSERT leaves it out\)`
	return err
}
