// Package decided holds loops that retry at once, with no wait, by an
// explicit decision on the error: they are retries all the same.
package decided

import (
	"context"
	"errors"
	"io"
	"time"
)

var errConflict = errors.New("conflict")

func retryable(err error) bool { return errors.Is(err, errConflict) }

// Run runs fn again on every conflict, with no cap: a conflict that keeps
// coming keeps it running.
func Run(fn func() error) error {
	for { // want `retry loop has no attempt cap, no elapsed-time cap and no cancellation`
		err := fn()
		if err == nil || !retryable(err) {
			return err
		}
	}
}

// RunN is capped.
func RunN(fn func() error, n int) error {
	var err error
	for i := 0; i < n; i++ {
		err = fn()
		if err == nil || !retryable(err) {
			return err
		}
	}
	return err
}

// RunFor gives up after a while.
func RunFor(fn func() error, limit time.Duration) error {
	start := time.Now()
	for {
		err := fn()
		if err == nil || !retryable(err) {
			return err
		}
		if time.Since(start) > limit {
			return err
		}
	}
}

// RunCtx stops when its context is done.
func RunCtx(ctx context.Context, fn func(context.Context) error) error {
	for {
		err := fn(ctx)
		if err == nil || !retryable(err) {
			return err
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
	}
}

// readAll reads until the end: no error is retried, and it has no
// decision to retry one.
func readAll(r io.Reader) ([]byte, error) {
	var out []byte
	buf := make([]byte, 512)
	for {
		n, err := r.Read(buf)
		out = append(out, buf[:n]...)
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
	}
}

// drain takes items until one fails; success does not leave it.
func drain(next func() (int, error)) int {
	total := 0
	for {
		v, err := next()
		if err != nil && !retryable(err) {
			return total
		}
		total += v
	}
}

var errShort = errors.New("buffer too small")

// decode retries into a buffer that doubles until a limit: the growth
// caps the attempts.
func decode(fill func([]byte) (int, error), limit int) ([]byte, error) {
	size := 1024
	for {
		if size > limit {
			size = limit
		}
		buf := make([]byte, size)
		n, err := fill(buf)
		if !errors.Is(err, errShort) || size >= limit {
			return buf[:n], err
		}
		size *= 2
	}
}
