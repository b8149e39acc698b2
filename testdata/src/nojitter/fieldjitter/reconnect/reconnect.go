// Package reconnect retries with the counters of package pacing.
package reconnect

import (
	"context"
	"errors"
	"time"

	"nojitter/fieldjitter/pacing"
)

type busyError struct{ wait time.Duration }

func (e *busyError) Error() string { return "busy" }

func open(ctx context.Context) error { return errors.New("refused") }

// Built without Spread: the counter never randomises.
func Open(ctx context.Context) error {
	b := &pacing.Doubler{Cap: time.Minute} // want `pacing.Doubler literal without Spread gives the retry at line \d+ no jitter`
	for {
		err := open(ctx)
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(b.Next()):
		}
	}
}

// The server's Retry-After sets a floor; when it sends none, the
// counter alone decides, in step for every client.
func OpenPaced(ctx context.Context) error {
	b := &pacing.Doubler{First: time.Second} // want `pacing.Doubler literal without Spread gives the retry at line \d+ no jitter`
	for {
		err := open(ctx)
		if err == nil {
			return nil
		}
		var retryAfter time.Duration
		var be *busyError
		if errors.As(err, &be) {
			retryAfter = be.wait
		}
		wait := max(retryAfter, b.Next())
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(wait):
		}
	}
}

// Negatives.

// Spread set in the literal.
func OpenSpread(ctx context.Context) error {
	b := &pacing.Doubler{Spread: 200 * time.Millisecond}
	for {
		if err := open(ctx); err == nil {
			return nil
		}
		time.Sleep(b.Next())
	}
}

// Spread set after the literal.
func OpenConfigured(ctx context.Context, spread time.Duration) error {
	b := &pacing.Doubler{}
	b.Spread = spread
	for {
		if err := open(ctx); err == nil {
			return nil
		}
		time.Sleep(b.Next())
	}
}

// A counter that randomises whatever its fields.
func OpenFuzzed(ctx context.Context) error {
	b := &pacing.Fuzzed{Base: time.Second}
	for {
		if err := open(ctx); err == nil {
			return nil
		}
		time.Sleep(b.Next())
	}
}

// A counter that defaults its own spread.
func OpenDefaulted(ctx context.Context) error {
	b := &pacing.Defaulted{}
	for {
		if err := open(ctx); err == nil {
			return nil
		}
		time.Sleep(b.Next())
	}
}

// Only the server's Retry-After: its pace, not reported.
func OpenServerPaced(ctx context.Context) error {
	for {
		err := open(ctx)
		if err == nil {
			return nil
		}
		var be *busyError
		if !errors.As(err, &be) {
			return err
		}
		retryAfter := be.wait
		time.Sleep(retryAfter)
	}
}
