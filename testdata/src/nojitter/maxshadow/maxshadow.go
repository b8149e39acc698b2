// Package maxshadow declares its own max: the jitter fix of a delay that
// is not a constant, rand.N(max(d, 1)), would call it, so none is offered.
package maxshadow

import (
	"errors"
	"time"
)

func max(a, b int) int {
	if a > b {
		return a
	}
	return b
}

var errBusy = errors.New("busy")

func send() error { return errBusy }

func sendAgain(pause time.Duration) error {
	var err error
	for i := 0; i < max(3, 1); i++ {
		if err = send(); err == nil {
			return nil
		}
		time.Sleep(pause) // want `retry loop waits pause between attempts with no jitter`
	}
	return err
}
