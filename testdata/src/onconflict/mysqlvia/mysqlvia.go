// Package mysqlvia runs queries on a database opened by a package that
// imports the MySQL driver: the dialect is found through the imports.
package mysqlvia

import (
	"context"
	"database/sql"

	"onconflict/mysqlvia/conn"
)

// Store keeps the database that conn opened.
type Store struct{ db *sql.DB }

// NewStore opens the store's database.
func NewStore(dsn string) (*Store, error) {
	db, err := conn.Open(dsn)
	if err != nil {
		return nil, err
	}
	return &Store{db: db}, nil
}

func (s *Store) logLogin(ctx context.Context, user string) error {
	_, err := s.db.ExecContext(ctx, "INSERT INTO logins (user_name) VALUES (?)", user) // want `INSERT into logins appends \(no ON DUPLICATE KEY UPDATE; no schema found, so the table.s keys are unknown\).*INSERT \.\.\. ON DUPLICATE KEY UPDATE`
	return err
}

func (s *Store) markSeen(ctx context.Context, user string) error {
	_, err := s.db.ExecContext(ctx, "INSERT INTO seen (user_name) VALUES (?) ON DUPLICATE KEY UPDATE user_name = user_name", user)
	return err
}
