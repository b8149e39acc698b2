// Package loop retries by hand, as the README's first example does: every
// error, forever, with a fixed delay.
package loop

import (
	"errors"
	"time"
)

func op() error { return errors.New("boom") }

// Retry gives catchall and unbounded on one line, the loop's: golangci-lint
// shows both only with uniq-by-line off.
func Retry() error {
	for {
		if err := op(); err == nil {
			return nil
		}
		time.Sleep(2 * time.Second)
	}
}
