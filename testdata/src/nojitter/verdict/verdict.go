// Package verdict holds retry loops whose operation says, beside its
// error, whether to go round again.
package verdict

import (
	"math/rand/v2"
	"time"
)

// retryGrowing runs f until it says stop, doubling a wait it never
// randomises.
func retryGrowing(f func(attempt int) (bool, error), attempts int) error {
	interval := 100 * time.Millisecond
	var err error
	for i := 0; i < attempts; i++ {
		var again bool
		again, err = f(i)
		if !again {
			return err
		}
		time.Sleep(interval) // want `retry loop waits interval between attempts with no jitter`
		interval = time.Duration(float64(interval) * 1.5)
	}
	return err
}

// Negatives.

// retryJittered spreads the same growing wait.
func retryJittered(f func(attempt int) (bool, error), attempts int) error {
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

// drain processes batches until the source says there are no more,
// pausing a fixed while between them: not a retry.
func drain(next func() (bool, error)) error {
	for {
		more, err := next()
		if !more {
			return err
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// retryDelayedStart may wait before its first attempt: that wait is not
// between attempts.
func retryDelayedStart(f func(attempt int) (bool, error), attempts int, delayStart bool) error {
	interval := 100 * time.Millisecond
	var err error
	for i := 0; i < attempts; i++ {
		if i == 0 && delayStart {
			time.Sleep(time.Second)
			continue
		}
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
