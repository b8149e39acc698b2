// Package pluginnojitter has a retry loop without jitter: with nojitter
// disabled in the plugin's settings, nothing is reported.
package pluginnojitter

import (
	"errors"
	"time"
)

func op() error { return errors.New("x") }

func retry() error {
	for i := 0; i < 3; i++ {
		if err := op(); err == nil || !errors.Is(err, errors.ErrUnsupported) {
			return err
		}
		time.Sleep(time.Second)
	}
	return nil
}
