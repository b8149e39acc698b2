// Package jobs runs work until it succeeds.
package jobs

import "time"

// UntilDone calls op until it returns nil, a second apart.
func UntilDone(op func() error) {
	for {
		if op() == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

// Retry calls op up to attempts times while it fails, waiting delay
// between calls: the caller chooses the policy.
func Retry(attempts int, delay time.Duration, op func() error) error {
	var err error
	for i := 0; i < attempts; i++ {
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(delay)
	}
	return err
}
