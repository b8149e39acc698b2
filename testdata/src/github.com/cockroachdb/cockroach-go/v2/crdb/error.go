// Package crdb is a test stub of github.com/cockroachdb/cockroach-go/v2@v2.4.2: exported API only, bodies are not real.
package crdb

// MaxRetriesExceededError is returned when the retries ran out.
type MaxRetriesExceededError struct {
	msg string
}

func (e *MaxRetriesExceededError) Error() string { return e.msg }
