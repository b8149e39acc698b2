// Package sqlite3 is a stub of github.com/mattn/go-sqlite3 v1.14: the
// database/sql driver a program imports for its side effect.
package sqlite3

import (
	"database/sql"
	"database/sql/driver"
	"errors"
)

// SQLiteDriver implements driver.Driver.
type SQLiteDriver struct {
	Extensions  []string
	ConnectHook func(*SQLiteConn) error
}

// SQLiteConn implements driver.Conn.
type SQLiteConn struct{}

// Open opens a new connection.
func (d *SQLiteDriver) Open(dsn string) (driver.Conn, error) {
	return nil, errors.New("stub")
}

var driverName = "sqlite3"

func init() {
	if driverName != "" {
		sql.Register(driverName, &SQLiteDriver{})
	}
}
