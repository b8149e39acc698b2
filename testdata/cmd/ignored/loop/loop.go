// Package loop silences retrylint where its authors know better.
package loop

import "time"

func op() error { return nil }

// Poll runs against a local file lock, not a shared dependency: a fixed
// delay harms nobody. The loop stays unbounded, and its directive gives no
// reason, so it is reported twice.
func Poll() error {
	//retrylint:ignore unbounded
	for {
		if err := op(); err == nil {
			return nil
		}
		time.Sleep(2 * time.Second) //retrylint:ignore nojitter the lock is local; no herd to spread
	}
}

// Watch is a daemon's main loop: it retries for the life of the process.
// The directive covers the loop's line only: the delay two lines down is
// still reported.
func Watch() {
	//retrylint:ignore all the process's life bounds it
	for {
		if err := op(); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

// Drain's directives silence nothing: the first names no check, the
// second misspells one. Each is reported, and so is the delay.
func Drain() {
	//retrylint:ignore all the process's life bounds it
	for {
		if err := op(); err == nil {
			return
		}
		//retrylint:ignore
		time.Sleep(time.Second) //retrylint:ignore nojiter the queue paces us
	}
}
