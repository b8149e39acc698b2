// Package declared holds a command's run function that a Kubernetes Job
// runs again: the inventory lists it, with the attempts declared.
package declared

import (
	"context"
	"database/sql"
)

//retrylint:retried 6 the Job's backoffLimit of 5
func run(ctx context.Context, db *sql.DB, day string) error {
	_, err := db.ExecContext(ctx, `INSERT INTO daily_runs (day) VALUES ($1)`, day)
	return err
}
