// Package tagged type-checks; its tests need a build tag.
package tagged

import "time"

func op() error { return nil }

// Retry tries op every two seconds until it succeeds.
func Retry() error {
	for {
		if err := op(); err == nil {
			return nil
		}
		time.Sleep(2 * time.Second)
	}
}
