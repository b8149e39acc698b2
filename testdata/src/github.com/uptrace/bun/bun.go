// Package bun is a test stub of github.com/uptrace/bun@v1.3.0: exported
// API only, bodies are not real.
package bun

import (
	"context"
	"database/sql"

	"github.com/uptrace/bun/schema"
)

// BaseModel provides a model's table settings.
type BaseModel = schema.BaseModel

type DB struct {
	*noCopyState
}

type noCopyState struct {
	*sql.DB
}

type Tx struct {
	ctx  context.Context
	db   *DB
	name string
	*sql.Tx
}

func (db *DB) NewInsert() *InsertQuery { return nil }

func (tx Tx) NewInsert() *InsertQuery { return nil }

func (db *DB) BeginTx(ctx context.Context, opts *sql.TxOptions) (Tx, error) { return Tx{}, nil }
