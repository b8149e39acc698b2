// Package spanner is a test stub of cloud.google.com/go/spanner@v1.96.1: exported API only, bodies are not real.
package spanner

// Mutation is a write buffered in a transaction.
type Mutation struct{}

// Insert returns a mutation that inserts a row.
func Insert(table string, cols []string, vals []interface{}) *Mutation { return &Mutation{} }

// InsertOrUpdate returns a mutation that inserts a row or updates it.
func InsertOrUpdate(table string, cols []string, vals []interface{}) *Mutation {
	return &Mutation{}
}
