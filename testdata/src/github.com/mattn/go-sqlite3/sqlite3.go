// Package sqlite3 is a test stub of github.com/mattn/go-sqlite3@v1.14.53: exported API only, bodies are not real.
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
