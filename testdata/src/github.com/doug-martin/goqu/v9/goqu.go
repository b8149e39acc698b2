// Package goqu is a test stub of github.com/doug-martin/goqu/v9@v9.19.0: exported API only, bodies are not real.
package goqu

import (
	"context"
	"database/sql"

	"github.com/doug-martin/goqu/v9/exec"
	"github.com/doug-martin/goqu/v9/exp"
)

type (
	Record = exp.Record
	Vals   = exp.Vals
)

type SQLDatabase interface {
	Begin() (*sql.Tx, error)
	BeginTx(ctx context.Context, opts *sql.TxOptions) (*sql.Tx, error)
	ExecContext(ctx context.Context, query string, args ...interface{}) (sql.Result, error)
	PrepareContext(ctx context.Context, query string) (*sql.Stmt, error)
	QueryContext(ctx context.Context, query string, args ...interface{}) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...interface{}) *sql.Row
}

type Database struct {
	dialect string
	Db      SQLDatabase
}

func New(dialect string, db SQLDatabase) *Database { return &Database{dialect: dialect, Db: db} }

func (d *Database) Insert(table interface{}) *InsertDataset { return &InsertDataset{} }

func (d *Database) ExecContext(ctx context.Context, query string, args ...interface{}) (sql.Result, error) {
	return nil, nil
}

type DialectWrapper struct {
	dialect string
}

func Dialect(dialect string) DialectWrapper { return DialectWrapper{dialect: dialect} }

func (dw DialectWrapper) Insert(table interface{}) *InsertDataset { return &InsertDataset{} }

func (dw DialectWrapper) DB(db SQLDatabase) *Database { return &Database{dialect: dw.dialect, Db: db} }

func DoNothing() exp.ConflictExpression { return nil }

func DoUpdate(target string, update interface{}) exp.ConflictUpdateExpression { return nil }

type InsertDataset struct {
	err error
}

func Insert(table interface{}) *InsertDataset { return &InsertDataset{} }

func (id *InsertDataset) Prepared(prepared bool) *InsertDataset { return id }

func (id *InsertDataset) WithDialect(dl string) *InsertDataset { return id }

func (id *InsertDataset) Into(into interface{}) *InsertDataset { return id }

func (id *InsertDataset) Cols(cols ...interface{}) *InsertDataset { return id }

func (id *InsertDataset) ClearCols() *InsertDataset { return id }

func (id *InsertDataset) ColsAppend(cols ...interface{}) *InsertDataset { return id }

func (id *InsertDataset) Vals(vals ...[]interface{}) *InsertDataset { return id }

func (id *InsertDataset) ClearVals() *InsertDataset { return id }

func (id *InsertDataset) Rows(rows ...interface{}) *InsertDataset { return id }

func (id *InsertDataset) ClearRows() *InsertDataset { return id }

func (id *InsertDataset) Returning(returning ...interface{}) *InsertDataset { return id }

func (id *InsertDataset) OnConflict(conflict exp.ConflictExpression) *InsertDataset { return id }

func (id *InsertDataset) ClearOnConflict() *InsertDataset { return id }

func (id *InsertDataset) ToSQL() (sql string, params []interface{}, err error) { return "", nil, nil }

func (id *InsertDataset) Executor() exec.QueryExecutor { return exec.QueryExecutor{} }
