// Package sqlcdb is shaped like code sqlc generates: queries as constants,
// run through a DBTX interface that *sql.DB and *sql.Tx satisfy.
package sqlcdb

import (
	"context"
	"database/sql"
)

type DBTX interface {
	ExecContext(context.Context, string, ...interface{}) (sql.Result, error)
	PrepareContext(context.Context, string) (*sql.Stmt, error)
	QueryContext(context.Context, string, ...interface{}) (*sql.Rows, error)
	QueryRowContext(context.Context, string, ...interface{}) *sql.Row
}

func New(db DBTX) *Queries { return &Queries{db: db} }

type Queries struct{ db DBTX }

const createAuthor = `-- name: CreateAuthor :one
INSERT INTO authors (name, bio) VALUES ($1, $2) RETURNING id
`

func (q *Queries) CreateAuthor(ctx context.Context, name, bio string) (int64, error) {
	row := q.db.QueryRowContext(ctx, createAuthor, name, bio) // want `INSERT into authors appends`
	var id int64
	err := row.Scan(&id)
	return id, err
}

const upsertBook = `-- name: UpsertBook :exec
INSERT INTO books (isbn, title) VALUES ($1, $2) ON CONFLICT (isbn) DO UPDATE SET title = EXCLUDED.title
`

func (q *Queries) UpsertBook(ctx context.Context, isbn, title string) error {
	_, err := q.db.ExecContext(ctx, upsertBook, isbn, title)
	return err
}
