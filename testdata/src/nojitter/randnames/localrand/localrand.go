// Package localrand declares rand itself, in another file, and uses
// mathrand as a variable here: the fix takes the next free name.
package localrand

import (
	"errors"
	"time"
)

func fetch() error { return errors.New("down") }

func poll() error {
	mathrand := 3
	for i := 0; i < mathrand; i++ {
		if err := fetch(); err == nil {
			return nil
		}
		time.Sleep(time.Second) // want `retry loop waits a fixed time.Second between attempts with no jitter`
	}
	return nil
}
