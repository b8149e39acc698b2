// want package:"effects"

// Package store exports an interface that one type of the package
// implements: the interface's methods have that type's effects, for the
// packages that call through it.
package store

import (
	"context"
	"database/sql"
)

type Store interface {
	Append(ctx context.Context, stream, body string) error // want Append:`appends: inserts into events`
	Get(ctx context.Context, stream string) (string, error)
}

type pgStore struct{ db *sql.DB }

func Open(db *sql.DB) Store { return &pgStore{db: db} }

func (s *pgStore) Append(ctx context.Context, stream, body string) error { // want Append:`appends: inserts into events`
	_, err := s.db.ExecContext(ctx, `INSERT INTO events (stream, body) VALUES ($1, $2)`, stream, body)
	return err
}

func (s *pgStore) Get(ctx context.Context, stream string) (string, error) { // want Get:`terminal: sql.ErrNoRows`
	var body string
	err := s.db.QueryRowContext(ctx, `SELECT body FROM events WHERE stream = $1`, stream).Scan(&body)
	return body, err
}
