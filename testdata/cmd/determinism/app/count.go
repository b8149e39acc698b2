package app

import (
	"time"

	"example.com/determinism/spool"
)

// Count parses a count, again and again.
func Count(s string) (int, error) {
	for n := 0; n < 10; n++ {
		if c, err := spool.Count(s); err == nil {
			return c, nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return 0, nil
}
