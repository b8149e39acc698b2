// Package defaults is a project's shared backoff defaults: its backoff
// functions are judged where other packages retry with them.
package defaults

import (
	"errors"
	"math/rand/v2"
	"time"
)

// Linear is not used here: another package that retries with it is told.
func Linear(attempt int) time.Duration {
	return time.Duration(attempt+1) * time.Second
}

// Standard is held in a variable other packages read.
var Standard = func(attempt int) time.Duration {
	return 500 * time.Millisecond << attempt
}

// Doubling is used here, and reported here: not again where others use it.
func Doubling(attempt int) time.Duration { // want `backoff function Doubling computes delays with no jitter`
	return 100 * time.Millisecond << attempt
}

// Spread jitters.
func Spread(attempt int) time.Duration {
	return rand.N(time.Second << attempt)
}

func probe() error { return errors.New("no") }

func Wait() error {
	for attempt := 0; attempt < 3; attempt++ {
		if err := probe(); err == nil {
			return nil
		}
		time.Sleep(Doubling(attempt))
	}
	return errors.New("gave up")
}
