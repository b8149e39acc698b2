// want package:"retrysite\\(helpers=false, random=false, waits=false\\)"

// Package loopshapes holds loop shapes whose rule no check's fixture
// shows: the golden of the model's decisions names each.
package loopshapes

import (
	"errors"
	"time"
)

var errBusy = errors.New("busy")

func send() error { return errBusy }

// A switch whose success case leaves: a retry.
func switchLeaves() {
	for {
		err := send()
		switch {
		case err == nil:
			return
		case errors.Is(err, errBusy):
		}
		time.Sleep(time.Second)
	}
}

// A failure that stays, with an else that leaves: a retry.
func elseLeaves() {
	for {
		if err := send(); err != nil {
			time.Sleep(time.Second)
		} else {
			return
		}
	}
}

// A range over a channel of ticks that sends on each: polling, not a
// retry.
func ticks(c <-chan time.Time) {
	for range c {
		if err := send(); err != nil {
			println(err.Error())
		}
	}
}

// pauses yields up to n times, pausing before every value but the first:
// an iterator of attempts.
func pauses(n int) func(func(int) bool) {
	return func(yield func(int) bool) {
		for i := range n {
			if i > 0 {
				time.Sleep(time.Second)
			}
			if !yield(i) {
				return
			}
		}
	}
}

func busy(err error) bool { return errors.Is(err, errBusy) }

// rangeRetriesBusy ranges over an iterator of attempts, goes round when
// the send failed busy, and leaves after that test: a range over a
// function is in no graph SSA makes, so its syntax decides it.
func rangeRetriesBusy() error {
	var err error
	for range pauses(3) {
		if err = send(); busy(err) {
			continue
		}
		return err
	}
	return err
}
