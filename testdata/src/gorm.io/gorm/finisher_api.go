// Package gorm is a test stub of gorm.io/gorm@v1.31.2: exported API only, bodies are not real.
package gorm

import "database/sql"

// Create inserts value.
func (db *DB) Create(value interface{}) (tx *DB) { return db }

func (db *DB) CreateInBatches(value interface{}, batchSize int) (tx *DB) { return db }

// Save updates value, or inserts it when its primary key is zero.
func (db *DB) Save(value interface{}) (tx *DB) { return db }

func (db *DB) First(dest interface{}, conds ...interface{}) (tx *DB) { return db }

func (db *DB) Take(dest interface{}, conds ...interface{}) (tx *DB) { return db }

func (db *DB) Last(dest interface{}, conds ...interface{}) (tx *DB) { return db }

func (db *DB) Find(dest interface{}, conds ...interface{}) (tx *DB) { return db }

func (db *DB) FindInBatches(dest interface{}, batchSize int, fc func(tx *DB, batch int) error) *DB {
	return db
}

func (db *DB) FirstOrInit(dest interface{}, conds ...interface{}) (tx *DB) { return db }

func (db *DB) FirstOrCreate(dest interface{}, conds ...interface{}) (tx *DB) { return db }

func (db *DB) Update(column string, value interface{}) (tx *DB) { return db }

func (db *DB) Updates(values interface{}) (tx *DB) { return db }

func (db *DB) UpdateColumn(column string, value interface{}) (tx *DB) { return db }

func (db *DB) UpdateColumns(values interface{}) (tx *DB) { return db }

func (db *DB) Delete(value interface{}, conds ...interface{}) (tx *DB) { return db }

func (db *DB) Count(count *int64) (tx *DB) { return db }

func (db *DB) Row() *sql.Row { return nil }

func (db *DB) Rows() (*sql.Rows, error) { return nil, nil }

func (db *DB) Scan(dest interface{}) (tx *DB) { return db }

func (db *DB) Pluck(column string, dest interface{}) (tx *DB) { return db }

func (db *DB) ScanRows(rows *sql.Rows, dest interface{}) error { return nil }

func (db *DB) Connection(fc func(tx *DB) error) (err error) { return nil }

// Transaction runs fc in a transaction: commit if it returns nil, roll back otherwise.
func (db *DB) Transaction(fc func(tx *DB) error, opts ...*sql.TxOptions) (err error) { return nil }

func (db *DB) Begin(opts ...*sql.TxOptions) *DB { return db }

func (db *DB) Commit() *DB { return db }

func (db *DB) Rollback() *DB { return db }

func (db *DB) SavePoint(name string) *DB { return db }

func (db *DB) RollbackTo(name string) *DB { return db }

// Exec runs raw SQL.
func (db *DB) Exec(sql string, values ...interface{}) (tx *DB) { return db }
