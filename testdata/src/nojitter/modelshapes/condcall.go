package modelshapes

import (
	"errors"
	"time"
)

func ping(host string) error { return errors.New("unreachable") }

func ready(host string) bool { return true }

// A retry whose condition runs the attempt: it pings until a ping
// succeeds, a fixed second apart.
func awaitPing(host string) {
	for ping(host) != nil {
		time.Sleep(time.Second) // want `retry loop waits a fixed time.Second between attempts with no jitter`
	}
}

// Not a retry: ready reports a state, not a failed attempt; the loop
// waits for the state.
func awaitReady(host string) {
	for !ready(host) {
		time.Sleep(time.Second)
	}
}
