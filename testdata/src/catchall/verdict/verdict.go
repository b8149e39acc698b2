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
