// Package mocks serves tests (its path has the element mocks): its loop
// without jitter is reported only when the configuration says
// test-support: include.
package mocks

import (
	"errors"
	"time"
)

func op() error { return errors.New("x") }

func dial() error {
	for i := 0; i < 3; i++ {
		if err := op(); err == nil || !errors.Is(err, errors.ErrUnsupported) {
			return err
		}
		time.Sleep(time.Second)
	}
	return nil
}
