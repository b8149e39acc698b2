// Package loop retries by hand, with full jitter and an attempt cap.
package loop

import (
	"errors"
	"math/rand/v2"
	"time"
)

var errBusy = errors.New("busy")

func op() error { return nil }

// Retry tries op at most five times while it is busy, waiting a random part of a doubling
// delay between attempts.
func Retry() error {
	delay := 100 * time.Millisecond
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		if err = op(); err == nil || !errors.Is(err, errBusy) {
			return err
		}
		time.Sleep(rand.N(delay))
		delay *= 2
	}
	return err
}
