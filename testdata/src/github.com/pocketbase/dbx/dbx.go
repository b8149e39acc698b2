// Package dbx is a test stub of github.com/pocketbase/dbx@v1.12.0: exported API only, bodies are not real.
package dbx

import (
	"context"
	"database/sql"
	"time"
)

type (
	LogFunc      func(format string, a ...interface{})
	PerfFunc     func(ns int64, sql string, execute bool)
	QueryLogFunc func(ctx context.Context, t time.Duration, sql string, rows *sql.Rows, err error)
	ExecLogFunc  func(ctx context.Context, t time.Duration, sql string, result sql.Result, err error)
	FieldMapFunc func(string) string
	TableMapFunc func(a interface{}) string
)

type Params map[string]interface{}

type Expression interface {
	Build(*DB, Params) string
}

type Executor interface {
	Exec(query string, args ...interface{}) (sql.Result, error)
	ExecContext(ctx context.Context, query string, args ...interface{}) (sql.Result, error)
	Query(query string, args ...interface{}) (*sql.Rows, error)
	QueryContext(ctx context.Context, query string, args ...interface{}) (*sql.Rows, error)
	Prepare(query string) (*sql.Stmt, error)
}

type JoinInfo struct {
	Join  string
	Table string
	On    Expression
}

type UnionInfo struct {
	All   bool
	Query *Query
}

type QueryBuilder interface {
	BuildSelect(cols []string, distinct bool, option string) string
	BuildFrom(tables []string) string
	BuildGroupBy(cols []string) string
	BuildJoin([]JoinInfo, Params) string
	BuildWhere(Expression, Params) string
	BuildHaving(Expression, Params) string
	BuildOrderByAndLimit(string, []string, int64, int64) string
	BuildUnion([]UnionInfo, Params) string
	CombineUnion(sql string, unionClause string) string
}

type Builder interface {
	NewQuery(string) *Query
	Select(...string) *SelectQuery
	Model(interface{}) *ModelQuery
	GeneratePlaceholder(int) string
	Quote(string) string
	QuoteSimpleTableName(string) string
	QuoteSimpleColumnName(string) string
	QueryBuilder() QueryBuilder
	Insert(table string, cols Params) *Query
	Upsert(table string, cols Params, constraints ...string) *Query
	Update(table string, cols Params, where Expression) *Query
	Delete(table string, where Expression) *Query
	CreateTable(table string, cols map[string]string, options ...string) *Query
	RenameTable(oldName, newName string) *Query
	DropTable(table string) *Query
	TruncateTable(table string) *Query
	AddColumn(table, col, typ string) *Query
	DropColumn(table, col string) *Query
	RenameColumn(table, oldName, newName string) *Query
	AlterColumn(table, col, typ string) *Query
	AddPrimaryKey(table, name string, cols ...string) *Query
	DropPrimaryKey(table, name string) *Query
	AddForeignKey(table, name string, cols, refCols []string, refTable string, options ...string) *Query
	DropForeignKey(table, name string) *Query
	CreateIndex(table, name string, cols ...string) *Query
	CreateUniqueIndex(table, name string, cols ...string) *Query
	DropIndex(table, name string) *Query
}

type DB struct {
	Builder

	FieldMapper  FieldMapFunc
	TableMapper  TableMapFunc
	LogFunc      LogFunc
	PerfFunc     PerfFunc
	QueryLogFunc QueryLogFunc
	ExecLogFunc  ExecLogFunc

	sqlDB *sql.DB
}

func NewFromDB(sqlDB *sql.DB, driverName string) *DB { return &DB{sqlDB: sqlDB} }

func Open(driverName, dsn string) (*DB, error) { return &DB{}, nil }

type Tx struct {
	Builder
	tx *sql.Tx
}

type Query struct {
	sql string

	FieldMapper  FieldMapFunc
	LastError    error
	LogFunc      LogFunc
	PerfFunc     PerfFunc
	QueryLogFunc QueryLogFunc
	ExecLogFunc  ExecLogFunc
}

func (q *Query) WithContext(ctx context.Context) *Query { return q }

func (q *Query) Bind(params Params) *Query { return q }

func (q *Query) Execute() (sql.Result, error) { return nil, nil }

func (q *Query) One(a interface{}) error { return nil }

func (q *Query) All(slice interface{}) error { return nil }

func (q *Query) Row(a ...interface{}) error { return nil }

type SelectQuery struct {
	FieldMapper FieldMapFunc
	TableMapper TableMapFunc

	builder Builder
}

type ModelQuery struct {
	builder Builder
}
