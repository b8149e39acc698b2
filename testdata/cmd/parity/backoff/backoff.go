// Package backoff computes the module's retry delays.
package backoff

import "time"

// Step doubles the delay with each attempt, from 100ms, with nothing
// random in it.
func Step(attempt int) time.Duration {
	return 100 * time.Millisecond << attempt
}
