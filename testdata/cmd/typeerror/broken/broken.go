// Package broken does not type-check.
package broken

import "time"

func op() error { return nil }

// Retry has a retry loop, and a type error below it.
func Retry() error {
	for {
		if err := op(); err == nil {
			return nil
		}
		time.Sleep(2 * time.Second)
	}
}

var count int = "three"
