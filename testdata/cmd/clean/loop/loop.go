// Package loop retries by hand, with full jitter and an attempt cap.
package loop

import (
	"math/rand/v2"
	"time"
)

func op() error { return nil }

// Retry tries op at most five times, waiting a random part of a doubling
// delay between attempts.
func Retry() error {
	delay := 100 * time.Millisecond
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(rand.N(delay))
		delay *= 2
	}
	return err
}
