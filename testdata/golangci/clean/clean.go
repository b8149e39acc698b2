// Package clean retries well: a classified error, an attempt cap and full
// jitter. golangci-lint run ./clean/... finds nothing and exits 0.
package clean

import (
	"errors"
	"math/rand/v2"
	"time"
)

var errBusy = errors.New("busy")

func op() error { return nil }

// Retry tries op at most five times while it is busy.
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
