//go:build special

package loop

import "time"

// Retry tries op every two seconds, at most five times.
func Retry() error {
	var err error
	for i := 0; i < 5; i++ {
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(2 * time.Second)
	}
	return err
}
