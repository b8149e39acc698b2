// want package:"queryHelpers"

// Package store is a project's data-access helper: callers pass the SQL.
package store

import (
	"context"
	"database/sql"
)

// Store runs queries on a database.
type Store struct{ db *sql.DB }

// Exec runs a statement with its arguments.
func (s *Store) Exec(ctx context.Context, query string, args ...any) error { // want Exec:"queryHelper\\(query=1, args=2\\)"
	_, err := s.db.ExecContext(ctx, query, args...)
	return err
}

// MustExec runs a statement and panics on failure.
func (s *Store) MustExec(ctx context.Context, query string, args ...any) { // want MustExec:"queryHelper\\(query=1, args=2\\)"
	if err := s.Exec(ctx, query, args...); err != nil {
		panic(err)
	}
}
