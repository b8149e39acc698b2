// Package gorm is a test stub of gorm.io/gorm@v1.31.2: exported API only, bodies are not real.
package gorm

import (
	"context"
	"database/sql"
	"reflect"
	"strings"
	"sync"

	"gorm.io/gorm/clause"
	"gorm.io/gorm/schema"
)

// Statement is the statement a DB chain builds.
type Statement struct {
	*DB
	TableExpr            *clause.Expr
	Table                string
	Model                interface{}
	Unscoped             bool
	Dest                 interface{}
	ReflectValue         reflect.Value
	Clauses              map[string]clause.Clause
	BuildClauses         []string
	Distinct             bool
	Selects              []string
	Omits                []string
	ColumnMapping        map[string]string
	Joins                []join
	Preloads             map[string][]interface{}
	Settings             sync.Map
	ConnPool             ConnPool
	Schema               *schema.Schema
	Context              context.Context
	RaiseErrorOnNotFound bool
	SkipHooks            bool
	SQL                  strings.Builder
	Vars                 []interface{}
	CurDestIndex         int
	attrs                []interface{}
	assigns              []interface{}
	scopes               []func(*DB) *DB
	Result               *result
}

type join struct{}

type result struct {
	Result       sql.Result
	RowsAffected int64
	Error        error
}

func (stmt *Statement) WriteString(str string) (int, error) { return stmt.SQL.WriteString(str) }

func (stmt *Statement) WriteByte(c byte) error { return stmt.SQL.WriteByte(c) }

func (stmt *Statement) WriteQuoted(value interface{}) {}

func (stmt *Statement) QuoteTo(writer clause.Writer, field interface{}) {}

func (stmt *Statement) Quote(field interface{}) string { return "" }

func (stmt *Statement) AddVar(writer clause.Writer, vars ...interface{}) {}

func (stmt *Statement) AddClause(v clause.Interface) {}

func (stmt *Statement) AddClauseIfNotExists(v clause.Interface) {}

func (stmt *Statement) BuildCondition(query interface{}, args ...interface{}) []clause.Expression {
	return nil
}

func (stmt *Statement) Build(clauses ...string) {}

func (stmt *Statement) Parse(value interface{}) (err error) { return nil }

func (stmt *Statement) ParseWithSpecialTableName(value interface{}, specialTableName string) (err error) {
	return nil
}

func (stmt *Statement) SetColumn(name string, value interface{}, fromCallbacks ...bool) {}

func (stmt *Statement) Changed(fields ...string) bool { return false }

func (stmt *Statement) SelectAndOmitColumns(requireCreate, requireUpdate bool) (map[string]bool, bool) {
	return nil, false
}
