// Package spanner is a test stub of cloud.google.com/go/spanner@v1.96.1: exported API only, bodies are not real.
package spanner

// Statement is a SQL statement with its parameters.
type Statement struct {
	SQL    string
	Params map[string]interface{}
}

// NewStatement returns a statement of sql with no parameters.
func NewStatement(sql string) Statement { return Statement{SQL: sql} }
