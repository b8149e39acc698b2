// Package loop retries by hand, with neither jitter nor a bound; its
// tests are in the package and beside it.
package loop

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
