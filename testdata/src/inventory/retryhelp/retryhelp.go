// Package retryhelp is a project's retry helper with a fixed schedule:
// its callers in other packages get its numbers through a fact.
package retryhelp

import "time"

// Twice hands op to Three: a helper of a helper, with Three's numbers
// (declared first, so that its schedule waits for Three's).
func Twice(op func() error) error { return Three(op) }

// Three runs op at most three times, 200ms apart: the inventory lists
// its calls with 3 attempts and at most 600ms of waiting.
func Three(op func() error) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(200 * time.Millisecond)
	}
	return err
}

// Paced runs op at most n times: its caller decides, so its calls'
// numbers are unknown.
func Paced(n int, op func() error) error {
	var err error
	for i := 0; i < n; i++ {
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Guarded hands op on to a function that runs it, twice at most, a
// second apart: a helper all the same, 2 attempts, at most 2s.
func Guarded(op func() error) error {
	var err error
	for i := 0; i < 2; i++ {
		if err = guard(op); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func guard(op func() error) error {
	defer func() { _ = recover() }()
	return op()
}
