// Package exec is a test stub of github.com/doug-martin/goqu/v9@v9.19.0: exported API only, bodies are not real.
package exec

import (
	"context"
	"database/sql"
)

type QueryExecutor struct {
	query string
	args  []interface{}
}

func (q QueryExecutor) ToSQL() (sql string, args []interface{}, err error) { return "", nil, nil }

func (q QueryExecutor) Exec() (sql.Result, error) { return nil, nil }

func (q QueryExecutor) ExecContext(ctx context.Context) (sql.Result, error) { return nil, nil }

func (q QueryExecutor) Query() (*sql.Rows, error) { return nil, nil }

func (q QueryExecutor) QueryContext(ctx context.Context) (*sql.Rows, error) { return nil, nil }

func (q QueryExecutor) ScanStruct(i interface{}) (bool, error) { return false, nil }

func (q QueryExecutor) ScanStructContext(ctx context.Context, i interface{}) (bool, error) {
	return false, nil
}

func (q QueryExecutor) ScanVal(i interface{}) (bool, error) { return false, nil }

func (q QueryExecutor) ScanValContext(ctx context.Context, i interface{}) (bool, error) {
	return false, nil
}
