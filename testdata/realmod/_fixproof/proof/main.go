// Command proof runs retries of the real retry libraries, written as
// retrylint's catchall and nojitter report them, and says for each
// whether it behaves as a fix must leave it: a success still succeeds,
// a terminal error is tried once, a delay has a random component.
// internal/realmodtest runs it before and after retrylint -fix: before,
// the terminal and jitter checks fail; after, every check passes.
//
// Each line of output is "ok LIBRARY: WHAT" or "FAIL LIBRARY: WHAT:
// WHY", LIBRARY being a rule pack's library. A check whose WHAT ends in
// "(success path only)" cannot see the jitter it is about (it sits
// inside the library's loop): it shows that the fixed code builds and
// still succeeds, and passes before the fix too.
package main

import (
	"errors"
	"fmt"
	"strings"
	"time"
)

type check struct {
	library, what string
	run           func() error
}

var checks []check

func register(library, what string, run func() error) {
	checks = append(checks, check{library, what, run})
}

func main() {
	for _, c := range checks {
		if err := c.run(); err != nil {
			fmt.Printf("FAIL %s: %s: %s\n", c.library, c.what, strings.ReplaceAll(err.Error(), "\n", " "))
		} else {
			fmt.Printf("ok %s: %s\n", c.library, c.what)
		}
	}
}

var errTransient = errors.New("transient")

// flaky returns an operation that fails twice, then succeeds, and the
// count of its calls.
func flaky() (func() error, *int) {
	calls := 0
	return func() error {
		calls++
		if calls < 3 {
			return errTransient
		}
		return nil
	}, &calls
}

// succeedsThird says whether a retry of flaky ended well.
func succeedsThird(err error, calls int) error {
	if err != nil || calls != 3 {
		return fmt.Errorf("an operation that fails twice: %d calls, error %v; want 3 calls and no error", calls, err)
	}
	return nil
}

// varies says whether a delay drawn 20 times took more than one value.
func varies(next func() time.Duration) error {
	first := next()
	for range 19 {
		if next() != first {
			return nil
		}
	}
	return fmt.Errorf("20 draws of the delay all gave %v: no jitter", first)
}

// terminal checks a decode through a retry: a valid document is decoded
// in one attempt, a malformed one is tried once and fails.
func terminal(decode func(body []byte) (attempts int, err error)) error {
	if n, err := decode([]byte(`{"ok": true}`)); err != nil || n != 1 {
		return fmt.Errorf("a valid document: %d attempts, error %v; want 1 attempt and no error", n, err)
	}
	if n, err := decode([]byte(`{`)); err == nil || n != 1 {
		return fmt.Errorf("a malformed document: %d attempts, error %v; want 1 attempt and an error", n, err)
	}
	return nil
}
