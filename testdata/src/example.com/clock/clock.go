// Package clock is an injectable clock.
package clock

import "time"

// Clock tells the time.
type Clock interface {
	Now() time.Time
	Since(t time.Time) time.Duration
}
