// Package sqlx is a test stub of github.com/jmoiron/sqlx@v1.4.0: exported API only, bodies are not real.
package sqlx

import (
	"database/sql"
	"strings"

	"github.com/jmoiron/sqlx/reflectx"
)

// NameMapper maps struct field names to column names.
var NameMapper = strings.ToLower

// ColScanner is used by MapScan and SliceScan.
type ColScanner interface {
	Columns() ([]string, error)
	Scan(dest ...interface{}) error
	Err() error
}

// Queryer is used by Get and Select.
type Queryer interface {
	Query(query string, args ...interface{}) (*sql.Rows, error)
	Queryx(query string, args ...interface{}) (*Rows, error)
	QueryRowx(query string, args ...interface{}) *Row
}

// Execer is used by MustExec and LoadFile.
type Execer interface {
	Exec(query string, args ...interface{}) (sql.Result, error)
}

type binder interface {
	DriverName() string
	Rebind(string) string
	BindNamed(string, interface{}) (string, []interface{}, error)
}

// Ext can bind, query and exec; used by NamedQuery and NamedExec.
type Ext interface {
	binder
	Queryer
	Execer
}

// Preparer is used by Preparex.
type Preparer interface {
	Prepare(query string) (*sql.Stmt, error)
}

// Row is sql.Row with access to the columns.
type Row struct {
	err    error
	unsafe bool
	rows   *sql.Rows
	Mapper *reflectx.Mapper
}

func (r *Row) Scan(dest ...interface{}) error { return r.err }

func (r *Row) Columns() ([]string, error) { return nil, r.err }

func (r *Row) ColumnTypes() ([]*sql.ColumnType, error) { return nil, r.err }

func (r *Row) Err() error { return r.err }

func (r *Row) SliceScan() ([]interface{}, error) { return nil, r.err }

func (r *Row) MapScan(dest map[string]interface{}) error { return r.err }

func (r *Row) StructScan(dest interface{}) error { return r.err }

// DB wraps *sql.DB and remembers the driver name for bindvars.
type DB struct {
	*sql.DB
	driverName string
	unsafe     bool
	Mapper     *reflectx.Mapper
}

func NewDb(db *sql.DB, driverName string) *DB { return &DB{DB: db, driverName: driverName} }

func (db *DB) DriverName() string { return db.driverName }

func Open(driverName, dataSourceName string) (*DB, error) { return nil, nil }

func MustOpen(driverName, dataSourceName string) *DB { return nil }

func (db *DB) MapperFunc(mf func(string) string) {}

func (db *DB) Rebind(query string) string { return query }

func (db *DB) Unsafe() *DB { return db }

func (db *DB) BindNamed(query string, arg interface{}) (string, []interface{}, error) {
	return query, nil, nil
}

func (db *DB) NamedQuery(query string, arg interface{}) (*Rows, error) { return nil, nil }

func (db *DB) NamedExec(query string, arg interface{}) (sql.Result, error) { return nil, nil }

func (db *DB) Select(dest interface{}, query string, args ...interface{}) error { return nil }

func (db *DB) Get(dest interface{}, query string, args ...interface{}) error { return nil }

func (db *DB) MustBegin() *Tx { return nil }

func (db *DB) Beginx() (*Tx, error) { return nil, nil }

func (db *DB) Queryx(query string, args ...interface{}) (*Rows, error) { return nil, nil }

func (db *DB) QueryRowx(query string, args ...interface{}) *Row { return nil }

func (db *DB) MustExec(query string, args ...interface{}) sql.Result { return nil }

func (db *DB) Preparex(query string) (*Stmt, error) { return nil, nil }

func (db *DB) PrepareNamed(query string) (*NamedStmt, error) { return nil, nil }

// Conn wraps *sql.Conn.
type Conn struct {
	*sql.Conn
	driverName string
	unsafe     bool
	Mapper     *reflectx.Mapper
}

// Tx wraps *sql.Tx.
type Tx struct {
	*sql.Tx
	driverName string
	unsafe     bool
	Mapper     *reflectx.Mapper
}

func (tx *Tx) DriverName() string { return tx.driverName }

func (tx *Tx) Rebind(query string) string { return query }

func (tx *Tx) Unsafe() *Tx { return tx }

func (tx *Tx) BindNamed(query string, arg interface{}) (string, []interface{}, error) {
	return query, nil, nil
}

func (tx *Tx) NamedQuery(query string, arg interface{}) (*Rows, error) { return nil, nil }

func (tx *Tx) NamedExec(query string, arg interface{}) (sql.Result, error) { return nil, nil }

func (tx *Tx) Select(dest interface{}, query string, args ...interface{}) error { return nil }

func (tx *Tx) Queryx(query string, args ...interface{}) (*Rows, error) { return nil, nil }

func (tx *Tx) QueryRowx(query string, args ...interface{}) *Row { return nil }

func (tx *Tx) Get(dest interface{}, query string, args ...interface{}) error { return nil }

func (tx *Tx) MustExec(query string, args ...interface{}) sql.Result { return nil }

func (tx *Tx) Preparex(query string) (*Stmt, error) { return nil, nil }

func (tx *Tx) Stmtx(stmt interface{}) *Stmt { return nil }

func (tx *Tx) NamedStmt(stmt *NamedStmt) *NamedStmt { return stmt }

func (tx *Tx) PrepareNamed(query string) (*NamedStmt, error) { return nil, nil }

// Stmt wraps *sql.Stmt.
type Stmt struct {
	*sql.Stmt
	unsafe bool
	Mapper *reflectx.Mapper
}

func (s *Stmt) Unsafe() *Stmt { return s }

func (s *Stmt) Select(dest interface{}, args ...interface{}) error { return nil }

func (s *Stmt) Get(dest interface{}, args ...interface{}) error { return nil }

func (s *Stmt) MustExec(args ...interface{}) sql.Result { return nil }

func (s *Stmt) QueryRowx(args ...interface{}) *Row { return nil }

func (s *Stmt) Queryx(args ...interface{}) (*Rows, error) { return nil, nil }

// Rows wraps *sql.Rows.
type Rows struct {
	*sql.Rows
	unsafe bool
	Mapper *reflectx.Mapper
}

func (r *Rows) SliceScan() ([]interface{}, error) { return nil, nil }

func (r *Rows) MapScan(dest map[string]interface{}) error { return nil }

func (r *Rows) StructScan(dest interface{}) error { return nil }

// Connect opens a database and pings it.
func Connect(driverName, dataSourceName string) (*DB, error) { return nil, nil }

func MustConnect(driverName, dataSourceName string) *DB { return nil }

func Preparex(p Preparer, query string) (*Stmt, error) { return nil, nil }

func Select(q Queryer, dest interface{}, query string, args ...interface{}) error { return nil }

func Get(q Queryer, dest interface{}, query string, args ...interface{}) error { return nil }

func LoadFile(e Execer, path string) (*sql.Result, error) { return nil, nil }

func MustExec(e Execer, query string, args ...interface{}) sql.Result { return nil }

func SliceScan(r ColScanner) ([]interface{}, error) { return nil, nil }

func MapScan(r ColScanner, dest map[string]interface{}) error { return nil }
