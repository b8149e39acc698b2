// Package mysql is a test stub of github.com/go-sql-driver/mysql@v1.10.1: exported API only, bodies are not real.
package mysql

import (
	"database/sql"
	"database/sql/driver"
	"errors"
)

// MySQLDriver is exported to make the driver directly accessible.
type MySQLDriver struct{}

// Open opens a new connection.
func (d MySQLDriver) Open(dsn string) (driver.Conn, error) {
	return nil, errors.New("stub")
}

var driverName = "mysql"

func init() {
	if driverName != "" {
		sql.Register(driverName, &MySQLDriver{})
	}
}
