package executionkey

import (
	"context"
	"database/sql"

	"github.com/jmoiron/sqlx"
)

// sqlx's Get reads into the destination it takes before the query.
func versionAfterGet(ctx context.Context, db *sqlx.DB, doc, body string) error {
	var last int
	if err := db.GetContext(ctx, &last, `SELECT COALESCE(max(version), 0) FROM revisions WHERE doc_id = $1`, doc); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, `INSERT INTO revisions (doc_id, version, body) VALUES ($1, $2, $3) ON CONFLICT (doc_id, version) DO NOTHING`, doc, last+1, body) // want `conflict key version of revisions is bound to \$2 from max\(\)\+1 read by GetContext`
	return err
}

// The last row's version, read by its order, is the largest.
func versionAfterLastRow(ctx context.Context, db *sql.DB, doc, body string) error {
	var last int
	if err := db.QueryRowContext(ctx, `SELECT version FROM revisions WHERE doc_id = $1 ORDER BY version DESC LIMIT 1`, doc).Scan(&last); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, `INSERT INTO revisions (doc_id, version, body) VALUES ($1, $2, $3) ON CONFLICT (doc_id, version) DO NOTHING`, doc, last+1, body) // want `conflict key version of revisions is bound to \$2 from max\(\)\+1 read by QueryRowContext`
	return err
}

// The first row's version plus one is a version that is already there:
// a second run meets the row it wrote.
func versionAfterFirstRow(ctx context.Context, db *sqlx.DB, doc, body string) error {
	var first int
	if err := db.GetContext(ctx, &first, `SELECT version FROM revisions WHERE doc_id = $1 ORDER BY version ASC LIMIT 1`, doc); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, `INSERT INTO revisions (doc_id, version, body) VALUES ($1, $2, $3) ON CONFLICT (doc_id, version) DO NOTHING`, doc, first+1, body)
	return err
}

// The largest version itself names a row that exists: an upsert of it
// replaces that row on every run.
func latestVersionUpsert(ctx context.Context, db *sqlx.DB, doc, body string) error {
	var last int
	if err := db.GetContext(ctx, &last, `SELECT max(version) FROM revisions WHERE doc_id = $1`, doc); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, `INSERT INTO revisions (doc_id, version, body) VALUES ($1, $2, $3) ON CONFLICT (doc_id, version) DO UPDATE SET body = EXCLUDED.body`, doc, last, body)
	return err
}
