// Package sqlx is a test stub of github.com/jmoiron/sqlx@v1.4.0: exported API only, bodies are not real.
package sqlx

// Bindvar types supported by Rebind, BindMap and BindStruct.
const (
	UNKNOWN = iota
	QUESTION
	DOLLAR
	NAMED
	AT
)

func BindType(driverName string) int { return UNKNOWN }

func BindDriver(driverName string, bindType int) {}

// Rebind rewrites the ? bindvars of query to bindType.
func Rebind(bindType int, query string) string { return query }

// In expands slice arguments of query into lists of ? bindvars.
func In(query string, args ...interface{}) (string, []interface{}, error) { return query, args, nil }
