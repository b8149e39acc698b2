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
