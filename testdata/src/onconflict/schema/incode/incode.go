// Package incode holds the cases of onconflict whose tables the package
// creates itself, through the same client, with names from constants
// and a schema chosen at run time.
package incode

import (
	"context"
	"database/sql"
	"fmt"

	retry "github.com/avast/retry-go/v4"
)

const (
	versions = "schema_versions"
	runs     = "job_runs"
)

func migrate(ctx context.Context, db *sql.DB, schema string) error {
	if _, err := db.ExecContext(ctx, fmt.Sprintf(`CREATE TABLE IF NOT EXISTS %s.%s (version bigint NOT NULL PRIMARY KEY)`, schema, versions)); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, fmt.Sprintf(`CREATE TABLE IF NOT EXISTS %s (id bigserial PRIMARY KEY, job text NOT NULL)`, runs))
	return err
}

// The version is the key, from the input: a second execution fails.
func recordVersion(ctx context.Context, db *sql.DB, schema string, v int64) error {
	return retry.Do(func() error {
		_, err := db.ExecContext(ctx, fmt.Sprintf(`INSERT INTO %s.%s (version) VALUES ($1)`, schema, versions), v)
		return err
	})
}

// A run gets a new serial id on every execution.
func recordRun(ctx context.Context, db *sql.DB, job string) error {
	return retry.Do(func() error {
		_, err := db.ExecContext(ctx, fmt.Sprintf(`INSERT INTO %s (job) VALUES ($1)`, runs), job) // want `INSERT into job_runs appends \(no ON CONFLICT; no key of job_runs comes from the input: PRIMARY KEY \(id\) is made by the execution \(id: serial\)\), retried by retry.Do`
		return err
	})
}

const events = "audit_events"

// An unkeyed table in a schema chosen at run time: its name is known.
func audit(ctx context.Context, db *sql.DB, schema, what string) error {
	return retry.Do(func() error {
		_, err := db.ExecContext(ctx, fmt.Sprintf(`INSERT INTO %s.%s (what) VALUES ($1)`, schema, events), what) // want `INSERT into audit_events \(in a schema named at run time\) appends \(no ON CONFLICT; no migration defines audit_events, so its keys are unknown\), retried by retry.Do`
		return err
	})
}
