// Package sqlx is a test stub of github.com/jmoiron/sqlx@v1.4.0: exported API only, bodies are not real.
package sqlx

import (
	"context"
	"database/sql"
)

func ConnectContext(ctx context.Context, driverName, dataSourceName string) (*DB, error) {
	return nil, nil
}

// QueryerContext is used by GetContext and SelectContext.
type QueryerContext interface {
	QueryContext(ctx context.Context, query string, args ...interface{}) (*sql.Rows, error)
	QueryxContext(ctx context.Context, query string, args ...interface{}) (*Rows, error)
	QueryRowxContext(ctx context.Context, query string, args ...interface{}) *Row
}

// PreparerContext is used by PreparexContext.
type PreparerContext interface {
	PrepareContext(ctx context.Context, query string) (*sql.Stmt, error)
}

// ExecerContext is used by MustExecContext and LoadFileContext.
type ExecerContext interface {
	ExecContext(ctx context.Context, query string, args ...interface{}) (sql.Result, error)
}

// ExtContext can bind, query and exec with a context.
type ExtContext interface {
	binder
	QueryerContext
	ExecerContext
}

func SelectContext(ctx context.Context, q QueryerContext, dest interface{}, query string, args ...interface{}) error {
	return nil
}

func PreparexContext(ctx context.Context, p PreparerContext, query string) (*Stmt, error) {
	return nil, nil
}

func GetContext(ctx context.Context, q QueryerContext, dest interface{}, query string, args ...interface{}) error {
	return nil
}

func LoadFileContext(ctx context.Context, e ExecerContext, path string) (*sql.Result, error) {
	return nil, nil
}

func MustExecContext(ctx context.Context, e ExecerContext, query string, args ...interface{}) sql.Result {
	return nil
}

func (db *DB) PrepareNamedContext(ctx context.Context, query string) (*NamedStmt, error) {
	return nil, nil
}

func (db *DB) NamedQueryContext(ctx context.Context, query string, arg interface{}) (*Rows, error) {
	return nil, nil
}

func (db *DB) NamedExecContext(ctx context.Context, query string, arg interface{}) (sql.Result, error) {
	return nil, nil
}

func (db *DB) SelectContext(ctx context.Context, dest interface{}, query string, args ...interface{}) error {
	return nil
}

func (db *DB) GetContext(ctx context.Context, dest interface{}, query string, args ...interface{}) error {
	return nil
}

func (db *DB) PreparexContext(ctx context.Context, query string) (*Stmt, error) { return nil, nil }

func (db *DB) QueryxContext(ctx context.Context, query string, args ...interface{}) (*Rows, error) {
	return nil, nil
}

func (db *DB) QueryRowxContext(ctx context.Context, query string, args ...interface{}) *Row {
	return nil
}

func (db *DB) MustBeginTx(ctx context.Context, opts *sql.TxOptions) *Tx { return nil }

func (db *DB) MustExecContext(ctx context.Context, query string, args ...interface{}) sql.Result {
	return nil
}

func (db *DB) BeginTxx(ctx context.Context, opts *sql.TxOptions) (*Tx, error) { return nil, nil }

func (db *DB) Connx(ctx context.Context) (*Conn, error) { return nil, nil }

func (c *Conn) BeginTxx(ctx context.Context, opts *sql.TxOptions) (*Tx, error) { return nil, nil }

func (c *Conn) SelectContext(ctx context.Context, dest interface{}, query string, args ...interface{}) error {
	return nil
}

func (c *Conn) GetContext(ctx context.Context, dest interface{}, query string, args ...interface{}) error {
	return nil
}

func (c *Conn) PreparexContext(ctx context.Context, query string) (*Stmt, error) { return nil, nil }

func (c *Conn) QueryxContext(ctx context.Context, query string, args ...interface{}) (*Rows, error) {
	return nil, nil
}

func (c *Conn) QueryRowxContext(ctx context.Context, query string, args ...interface{}) *Row {
	return nil
}

func (c *Conn) Rebind(query string) string { return query }

func (tx *Tx) StmtxContext(ctx context.Context, stmt interface{}) *Stmt { return nil }

func (tx *Tx) NamedStmtContext(ctx context.Context, stmt *NamedStmt) *NamedStmt { return stmt }

func (tx *Tx) PreparexContext(ctx context.Context, query string) (*Stmt, error) { return nil, nil }

func (tx *Tx) PrepareNamedContext(ctx context.Context, query string) (*NamedStmt, error) {
	return nil, nil
}

func (tx *Tx) MustExecContext(ctx context.Context, query string, args ...interface{}) sql.Result {
	return nil
}

func (tx *Tx) QueryxContext(ctx context.Context, query string, args ...interface{}) (*Rows, error) {
	return nil, nil
}

func (tx *Tx) SelectContext(ctx context.Context, dest interface{}, query string, args ...interface{}) error {
	return nil
}

func (tx *Tx) GetContext(ctx context.Context, dest interface{}, query string, args ...interface{}) error {
	return nil
}

func (tx *Tx) QueryRowxContext(ctx context.Context, query string, args ...interface{}) *Row {
	return nil
}

func (tx *Tx) NamedExecContext(ctx context.Context, query string, arg interface{}) (sql.Result, error) {
	return nil, nil
}

func (s *Stmt) SelectContext(ctx context.Context, dest interface{}, args ...interface{}) error {
	return nil
}

func (s *Stmt) GetContext(ctx context.Context, dest interface{}, args ...interface{}) error {
	return nil
}

func (s *Stmt) MustExecContext(ctx context.Context, args ...interface{}) sql.Result { return nil }

func (s *Stmt) QueryRowxContext(ctx context.Context, args ...interface{}) *Row { return nil }

func (s *Stmt) QueryxContext(ctx context.Context, args ...interface{}) (*Rows, error) {
	return nil, nil
}
