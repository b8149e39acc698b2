// Package calleewaits holds retry loops that wait through a function of
// their package: the loop ends with a context when that function's pause
// does and the loop leaves on its error.
package calleewaits

import (
	"context"
	"io"
	"time"
)

type stream struct {
	ctx   context.Context
	delay time.Duration
}

func (s *stream) read() (string, error) { return "", io.EOF }
func (s *stream) dial() error           { return nil }

// reopen pauses, or returns when the stream's context is done, then dials.
func (s *stream) reopen() error {
	t := time.NewTimer(s.delay)
	defer t.Stop()
	select {
	case <-s.ctx.Done():
		return s.ctx.Err()
	case <-t.C:
	}
	return s.dial()
}

// Next reopens a broken stream until a read succeeds; a reopen that
// fails, a done context among its causes, ends it.
func (s *stream) Next() (string, error) {
	for {
		v, err := s.read()
		if err == nil {
			return v, nil
		}
		if err := s.reopen(); err != nil {
			return "", err
		}
	}
}

// redial pauses with no way to stop, then dials.
func (s *stream) redial() error {
	time.Sleep(s.delay)
	return s.dial()
}

// NextForever reopens with a pause that nothing ends, and keeps going
// when the reopen fails.
func (s *stream) NextForever() string {
	for { // want `retry loop has no attempt cap, no elapsed-time cap and no cancellation`
		v, err := s.read()
		if err == nil {
			return v
		}
		_ = s.redial()
	}
}

// NextIgnoring pauses in a function that a context ends, but goes round
// again when it fails: the context does not end the loop.
func (s *stream) NextIgnoring() string {
	for { // want `retry loop has no attempt cap, no elapsed-time cap and no cancellation`
		v, err := s.read()
		if err == nil {
			return v
		}
		if err := s.reopen(); err != nil {
			continue
		}
	}
}
