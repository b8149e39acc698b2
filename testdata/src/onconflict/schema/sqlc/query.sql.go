// Package sqlc holds the case of onconflict for code sqlc generated: the
// schema file its sqlc.yaml names keys authors by e-mail.
package sqlc

import (
	"context"
	"database/sql"

	retry "github.com/avast/retry-go/v4"
)

const createAuthor = `-- name: CreateAuthor :exec
INSERT INTO authors (email, name) VALUES ($1, $2)
`

type Queries struct{ db *sql.DB }

func (q *Queries) CreateAuthor(ctx context.Context, email, name string) error {
	_, err := q.db.ExecContext(ctx, createAuthor, email, name)
	return err
}

func signUp(ctx context.Context, q *Queries, email, name string) error {
	return retry.Do(func() error { return q.CreateAuthor(ctx, email, name) })
}
