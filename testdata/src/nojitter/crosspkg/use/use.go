// Package use retries with the backoff functions of package defaults.
package use

import (
	"errors"
	"time"

	"nojitter/crosspkg/defaults"
)

func send() error { return errors.New("refused") }

func withLinear() error {
	for attempt := 0; attempt < 3; attempt++ {
		if err := send(); err == nil {
			return nil
		}
		time.Sleep(defaults.Linear(attempt)) // want `backoff function defaults.Linear computes the delays of the retry at line 14 with no jitter: .*; randomise each delay it returns \(full jitter: rand.N\(d\)\)`
	}
	return errors.New("gave up")
}

func withStandard() error {
	for attempt := 0; attempt < 3; attempt++ {
		if err := send(); err == nil {
			return nil
		}
		time.Sleep(defaults.Standard(attempt)) // want `backoff function defaults.Standard computes the delays`
	}
	return errors.New("gave up")
}

// Negatives.

// Reported in its own package.
func withDoubling() error {
	for attempt := 0; attempt < 3; attempt++ {
		if err := send(); err == nil {
			return nil
		}
		time.Sleep(defaults.Doubling(attempt))
	}
	return errors.New("gave up")
}

func withSpread() error {
	for attempt := 0; attempt < 3; attempt++ {
		if err := send(); err == nil {
			return nil
		}
		time.Sleep(defaults.Spread(attempt))
	}
	return errors.New("gave up")
}
