// Package store writes events with SQL, which the checks parse with
// pg_query_go: a cgo package linked into the custom golangci-lint.
package store

import (
	"context"
	"database/sql"
	"errors"
	"math/rand/v2"
	"time"
)

var errBusy = errors.New("busy")

// Save appends a row (onconflict: its retry writes it again).
func Save(ctx context.Context, db *sql.DB, id string, payload []byte) error {
	delay := 100 * time.Millisecond
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		_, err = db.ExecContext(ctx, "INSERT INTO events (id, payload) VALUES ($1, $2)", id, payload)
		if err == nil || !errors.Is(err, errBusy) {
			return err
		}
		time.Sleep(rand.N(delay))
		delay *= 2
	}
	return err
}

// SaveNolint: //nolint:retrylint on the INSERT's line silences the
// finding there, but not its related information, which golangci-lint
// reports as an issue of its own on the loop's line.
func SaveNolint(ctx context.Context, db *sql.DB, id string, payload []byte) error {
	delay := 100 * time.Millisecond
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		_, err = db.ExecContext(ctx, "INSERT INTO events (id, payload) VALUES ($1, $2)", id, payload) //nolint:retrylint // the table's key is id
		if err == nil || !errors.Is(err, errBusy) {
			return err
		}
		time.Sleep(rand.N(delay))
		delay *= 2
	}
	return err
}

// SaveIgnored: //retrylint:ignore drops the diagnostic inside the check,
// its related information with it.
func SaveIgnored(ctx context.Context, db *sql.DB, id string, payload []byte) error {
	delay := 100 * time.Millisecond
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		_, err = db.ExecContext(ctx, "INSERT INTO events (id, payload) VALUES ($1, $2)", id, payload) //retrylint:ignore onconflict the table's key is id
		if err == nil || !errors.Is(err, errBusy) {
			return err
		}
		time.Sleep(rand.N(delay))
		delay *= 2
	}
	return err
}

// SaveKeyed merges on a key the database makes anew on every execution
// (executionkey), a check .golangci.yml disables.
func SaveKeyed(ctx context.Context, db *sql.DB, payload []byte) error {
	_, err := db.ExecContext(ctx, "INSERT INTO events (id, payload) VALUES (gen_random_uuid(), $1) ON CONFLICT (id) DO NOTHING", payload)
	return err
}
