// Package gorm is a test stub of gorm.io/gorm@v1.31.2: exported API only, bodies are not real.
package gorm

import "gorm.io/gorm/clause"

func (db *DB) Model(value interface{}) (tx *DB) { return db }

// Clauses adds clauses, such as clause.OnConflict or clause.Locking.
func (db *DB) Clauses(conds ...clause.Expression) (tx *DB) { return db }

func (db *DB) Table(name string, args ...interface{}) (tx *DB) { return db }

func (db *DB) Distinct(args ...interface{}) (tx *DB) { return db }

func (db *DB) Select(query interface{}, args ...interface{}) (tx *DB) { return db }

func (db *DB) Omit(columns ...string) (tx *DB) { return db }

func (db *DB) Where(query interface{}, args ...interface{}) (tx *DB) { return db }

func (db *DB) Not(query interface{}, args ...interface{}) (tx *DB) { return db }

func (db *DB) Or(query interface{}, args ...interface{}) (tx *DB) { return db }

func (db *DB) Joins(query string, args ...interface{}) (tx *DB) { return db }

func (db *DB) InnerJoins(query string, args ...interface{}) (tx *DB) { return db }

func (db *DB) Group(name string) (tx *DB) { return db }

func (db *DB) Having(query interface{}, args ...interface{}) (tx *DB) { return db }

func (db *DB) Order(value interface{}) (tx *DB) { return db }

func (db *DB) Limit(limit int) (tx *DB) { return db }

func (db *DB) Offset(offset int) (tx *DB) { return db }

func (db *DB) Scopes(funcs ...func(*DB) *DB) (tx *DB) { return db }

func (db *DB) Preload(query string, args ...interface{}) (tx *DB) { return db }

func (db *DB) Attrs(attrs ...interface{}) (tx *DB) { return db }

func (db *DB) Assign(attrs ...interface{}) (tx *DB) { return db }

func (db *DB) Unscoped() (tx *DB) { return db }

// Raw sets raw SQL to run with a finisher such as Scan.
func (db *DB) Raw(sql string, values ...interface{}) (tx *DB) { return db }
