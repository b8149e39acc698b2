// Package squirrel is a test stub of github.com/Masterminds/squirrel@v1.5.4: exported API only, bodies are not real.
package squirrel

import (
	"context"
	"database/sql"
)

type Sqlizer interface {
	ToSql() (string, []interface{}, error)
}

type Execer interface {
	Exec(query string, args ...interface{}) (sql.Result, error)
}

type Queryer interface {
	Query(query string, args ...interface{}) (*sql.Rows, error)
}

type BaseRunner interface {
	Execer
	Queryer
}

type RowScanner interface {
	Scan(...interface{}) error
}

type PlaceholderFormat interface {
	ReplacePlaceholders(sql string) (string, error)
}

type questionFormat struct{}

func (questionFormat) ReplacePlaceholders(sql string) (string, error) { return sql, nil }

type dollarFormat struct{}

func (dollarFormat) ReplacePlaceholders(sql string) (string, error) { return sql, nil }

var (
	Question = questionFormat{}
	Dollar   = dollarFormat{}
)

type StatementBuilderType struct{}

func (b StatementBuilderType) Insert(into string) InsertBuilder               { return InsertBuilder{} }
func (b StatementBuilderType) Replace(into string) InsertBuilder              { return InsertBuilder{} }
func (b StatementBuilderType) RunWith(runner BaseRunner) StatementBuilderType { return b }
func (b StatementBuilderType) PlaceholderFormat(f PlaceholderFormat) StatementBuilderType {
	return b
}

var StatementBuilder = StatementBuilderType{}.PlaceholderFormat(Question)

func Insert(into string) InsertBuilder  { return InsertBuilder{} }
func Replace(into string) InsertBuilder { return InsertBuilder{} }

type InsertBuilder struct{}

func (b InsertBuilder) PlaceholderFormat(f PlaceholderFormat) InsertBuilder { return b }
func (b InsertBuilder) RunWith(runner BaseRunner) InsertBuilder             { return b }
func (b InsertBuilder) Exec() (sql.Result, error)                           { return nil, nil }
func (b InsertBuilder) Query() (*sql.Rows, error)                           { return nil, nil }
func (b InsertBuilder) QueryRow() RowScanner                                { return nil }
func (b InsertBuilder) Scan(dest ...interface{}) error                      { return nil }
func (b InsertBuilder) ToSql() (string, []interface{}, error)               { return "", nil, nil }
func (b InsertBuilder) MustSql() (string, []interface{})                    { return "", nil }
func (b InsertBuilder) Prefix(sql string, args ...interface{}) InsertBuilder {
	return b
}
func (b InsertBuilder) Options(options ...string) InsertBuilder              { return b }
func (b InsertBuilder) Into(from string) InsertBuilder                       { return b }
func (b InsertBuilder) Columns(columns ...string) InsertBuilder              { return b }
func (b InsertBuilder) Values(values ...interface{}) InsertBuilder           { return b }
func (b InsertBuilder) Suffix(sql string, args ...interface{}) InsertBuilder { return b }
func (b InsertBuilder) SetMap(clauses map[string]interface{}) InsertBuilder  { return b }
func (b InsertBuilder) ExecContext(ctx context.Context) (sql.Result, error)  { return nil, nil }
func (b InsertBuilder) QueryRowContext(ctx context.Context) RowScanner       { return nil }
