package bun

import (
	"context"
	"database/sql"
)

// InsertQuery builds and runs an INSERT.
type InsertQuery struct {
	ignore bool
}

func (q *InsertQuery) Model(model any) *InsertQuery { return q }

func (q *InsertQuery) Table(tables ...string) *InsertQuery { return q }

func (q *InsertQuery) Column(columns ...string) *InsertQuery { return q }

func (q *InsertQuery) Value(column string, expr string, args ...any) *InsertQuery { return q }

func (q *InsertQuery) Returning(query string, args ...any) *InsertQuery { return q }

func (q *InsertQuery) Ignore() *InsertQuery { return q }

func (q *InsertQuery) Replace() *InsertQuery { return q }

func (q *InsertQuery) On(s string, args ...any) *InsertQuery { return q }

func (q *InsertQuery) Set(query string, args ...any) *InsertQuery { return q }

func (q *InsertQuery) Exec(ctx context.Context, dest ...any) (sql.Result, error) { return nil, nil }
