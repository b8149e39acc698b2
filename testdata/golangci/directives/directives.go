// Package directives silences findings with golangci-lint's //nolint and
// with retrylint's own //retrylint:ignore.
package directives

import (
	"errors"
	"time"
)

func op() error { return errors.New("boom") }

// NolintLinter: //nolint:retrylint silences every check on its line, here
// catchall and unbounded; nojitter, on the sleep's line, stays.
func NolintLinter() error {
	for { //nolint:retrylint // a daemon's loop: the process's life bounds it
		if err := op(); err == nil {
			return nil
		}
		time.Sleep(2 * time.Second)
	}
}

// NolintAbove: //nolint alone on the line above a statement covers the
// whole statement, so the sleep's nojitter goes too.
func NolintAbove() error {
	//nolint:retrylint // a daemon's loop: the process's life bounds it
	for {
		if err := op(); err == nil {
			return nil
		}
		time.Sleep(2 * time.Second)
	}
}

// NolintCheck: inside golangci-lint the checks are one linter, retrylint,
// so //nolint:nojitter names an unknown linter and silences nothing.
func NolintCheck() error {
	for { //nolint:retrylint // as above
		if err := op(); err == nil {
			return nil
		}
		time.Sleep(2 * time.Second) //nolint:nojitter // names a check, not a linter
	}
}

// Ignored: //retrylint:ignore names checks, and works inside golangci-lint
// as in the command.
func Ignored() error {
	//retrylint:ignore catchall,unbounded a daemon's loop: the process's life bounds it
	for {
		if err := op(); err == nil {
			return nil
		}
		time.Sleep(2 * time.Second) //retrylint:ignore nojitter the lock is local; no herd to spread
	}
}

// NoReason: a directive without a reason silences nothing and is reported
// itself.
func NoReason() error {
	//retrylint:ignore unbounded
	for {
		if err := op(); err == nil {
			return nil
		}
		time.Sleep(2 * time.Second) //retrylint:ignore nojitter the lock is local; no herd to spread
	}
}
