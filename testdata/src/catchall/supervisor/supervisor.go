// Package supervisor holds loops that retry until their owner shuts them
// down: catch-all by design, reported only for a terminal error the
// operation can return.
package supervisor

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"time"
)

type registry struct{ raw []byte }

func (r *registry) refresh(ctx context.Context) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	return errors.New("unavailable")
}

func (r *registry) reload(ctx context.Context) error {
	var entries map[string]string
	return json.Unmarshal(r.raw, &entries)
}

func pause() time.Duration { return rand.N(time.Second) }

// Refreshes until it works or the owner cancels: nothing it can fail
// with is terminal.
func (r *registry) refreshLoop(ctx context.Context) {
	for err := r.refresh(ctx); err != nil; err = r.refresh(ctx) {
		select {
		case <-time.After(pause()):
		case <-ctx.Done():
			return
		}
	}
}

// The same supervisor over an operation that fails the same way every
// time on a bad document.
func (r *registry) reloadLoop(ctx context.Context) {
	for err := r.reload(ctx); err != nil; err = r.reload(ctx) { // want `retry loop retries every error, terminal ones included \(its operation can fail with a JSON decoding error from json.Unmarshal\)`
		select {
		case <-time.After(pause()):
		case <-ctx.Done():
			return
		}
	}
}
