// Package sqlite is a stub of modernc.org/sqlite v1.62: the cgo-free
// database/sql driver a program imports for its side effect.
package sqlite

import (
	"database/sql"
	"database/sql/driver"
	"errors"
)

// Driver implements database/sql/driver.Driver.
type Driver struct{}

// Open opens a new connection.
func (d *Driver) Open(name string) (driver.Conn, error) {
	return nil, errors.New("stub")
}

func init() {
	sql.Register("sqlite", &Driver{})
}
