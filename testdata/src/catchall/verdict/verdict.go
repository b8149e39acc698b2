// Package verdict holds a retry helper whose operation says whether to go
// round again: the helper's loop tells no errors apart itself, and is not
// a catch-all for that; the operations its callers pass decide.
package verdict

import (
	"math/rand/v2"
	"time"
)

func retry(f func(attempt int) (bool, error), attempts int) error {
	interval := 100 * time.Millisecond
	var err error
	for i := 0; i < attempts; i++ {
		var again bool
		again, err = f(i)
		if !again {
			return err
		}
		time.Sleep(rand.N(interval))
		interval *= 2
	}
	return err
}

// withRetries declares its verdict before the call and assigns it with
// the error (var retry bool; retry, err = run()): the operation it runs
// still says which failures go round.
func withRetries(run func() (bool, error), attempts int) error {
	var err error
	for attempts >= 0 {
		var retry bool
		retry, err = run()
		if !retry {
			return err
		}
		time.Sleep(time.Duration(rand.Int64N(int64(time.Second))))
		attempts--
	}
	return err
}

// retryUntilTold declares the verdict once, before its loop, as the
// function's state: the operation still says which failures go round.
func retryUntilTold(f func(attempt int) (bool, error), attempts int) error {
	var err error
	var shouldContinue bool
	for i := 0; i < attempts; i++ {
		shouldContinue, err = f(i)
		if !shouldContinue {
			return err
		}
		time.Sleep(rand.N(time.Second))
	}
	return err
}
