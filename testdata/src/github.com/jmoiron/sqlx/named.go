// Package sqlx is a test stub of github.com/jmoiron/sqlx@v1.4.0: exported API only, bodies are not real.
package sqlx

import (
	"context"
	"database/sql"
)

// NamedStmt is a prepared statement with :name parameters.
type NamedStmt struct {
	Params      []string
	QueryString string
	Stmt        *Stmt
}

func (n *NamedStmt) Close() error { return nil }

func (n *NamedStmt) Exec(arg interface{}) (sql.Result, error) { return nil, nil }

func (n *NamedStmt) Query(arg interface{}) (*sql.Rows, error) { return nil, nil }

func (n *NamedStmt) QueryRow(arg interface{}) *Row { return nil }

func (n *NamedStmt) MustExec(arg interface{}) sql.Result { return nil }

func (n *NamedStmt) Queryx(arg interface{}) (*Rows, error) { return nil, nil }

func (n *NamedStmt) QueryRowx(arg interface{}) *Row { return nil }

func (n *NamedStmt) Select(dest interface{}, arg interface{}) error { return nil }

func (n *NamedStmt) Get(dest interface{}, arg interface{}) error { return nil }

func (n *NamedStmt) Unsafe() *NamedStmt { return n }

func (n *NamedStmt) ExecContext(ctx context.Context, arg interface{}) (sql.Result, error) {
	return nil, nil
}

func (n *NamedStmt) QueryContext(ctx context.Context, arg interface{}) (*sql.Rows, error) {
	return nil, nil
}

func (n *NamedStmt) QueryRowContext(ctx context.Context, arg interface{}) *Row { return nil }

func (n *NamedStmt) MustExecContext(ctx context.Context, arg interface{}) sql.Result { return nil }

func (n *NamedStmt) QueryxContext(ctx context.Context, arg interface{}) (*Rows, error) {
	return nil, nil
}

func (n *NamedStmt) QueryRowxContext(ctx context.Context, arg interface{}) *Row { return nil }

func (n *NamedStmt) SelectContext(ctx context.Context, dest interface{}, arg interface{}) error {
	return nil
}

func (n *NamedStmt) GetContext(ctx context.Context, dest interface{}, arg interface{}) error {
	return nil
}

func BindNamed(bindType int, query string, arg interface{}) (string, []interface{}, error) {
	return query, nil, nil
}

func Named(query string, arg interface{}) (string, []interface{}, error) { return query, nil, nil }

func NamedQuery(e Ext, query string, arg interface{}) (*Rows, error) { return nil, nil }

func NamedExec(e Ext, query string, arg interface{}) (sql.Result, error) { return nil, nil }

func NamedQueryContext(ctx context.Context, e ExtContext, query string, arg interface{}) (*Rows, error) {
	return nil, nil
}

func NamedExecContext(ctx context.Context, e ExtContext, query string, arg interface{}) (sql.Result, error) {
	return nil, nil
}
