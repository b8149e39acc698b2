// Package sqlx is the part of github.com/jmoiron/sqlx the fixture uses.
package sqlx

import (
	"context"
	"database/sql"
)

type Tx struct{ *sql.Tx }

func (tx *Tx) NamedExecContext(ctx context.Context, query string, arg interface{}) (sql.Result, error) {
	return nil, nil
}

func (tx *Tx) GetContext(ctx context.Context, dest interface{}, query string, args ...interface{}) error {
	return nil
}
