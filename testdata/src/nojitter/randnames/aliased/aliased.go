// Package aliased imports math/rand/v2 under a name of its own: the fix
// uses that name and adds no import.
package aliased

import (
	"errors"
	mr "math/rand/v2"
	"time"
)

func fetch() error { return errors.New("down") }

func pick(n int) int { return mr.IntN(n) }

func poll() error {
	for i := 0; i < 3; i++ {
		if err := fetch(); err == nil {
			return nil
		}
		time.Sleep(time.Second) // want `retry loop waits a fixed time.Second between attempts with no jitter`
	}
	return nil
}
