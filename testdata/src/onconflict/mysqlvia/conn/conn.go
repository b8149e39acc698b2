// Package conn opens the program's MySQL database: the driver is
// imported here, not where the queries are.
package conn

import (
	"database/sql"

	_ "github.com/go-sql-driver/mysql"
)

// Open opens the database at dsn.
func Open(dsn string) (*sql.DB, error) { return sql.Open("mysql", dsn) }
