// Package supervisor holds loops that retry until their owner shuts them
// down: catch-all by design, reported only for a terminal error the
// operation can return.
package supervisor

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"sync/atomic"
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

type pacer struct{ ctx context.Context }

func (p *pacer) Ongoing() bool { return p.ctx.Err() == nil }
func (p *pacer) Reset()        {}
func (p *pacer) Wait()         { time.Sleep(pause()) }

// A watch that backs off after failures and resets on success, until its
// owner cancels: a supervisor.
func (r *registry) watch(ctx context.Context, p *pacer, handle func()) {
	for p.Ongoing() {
		if err := r.refresh(ctx); err != nil {
			time.Sleep(pause())
			p.Wait()
			continue
		}
		p.Reset()
		handle()
	}
}

// A retry whose caller is told it gave up is not a supervisor.
func (r *registry) load(ctx context.Context, p *pacer) error {
	for p.Ongoing() { // want `retry loop retries every error, terminal ones included`
		if err := r.refresh(ctx); err == nil {
			return nil
		}
		time.Sleep(pause())
	}
	return errors.New("gave up")
}

type watcher struct{ stop uint32 }

func (*watcher) lookupPrimary() error { return nil }

// findPrimary looks for the primary in the background until it finds
// one or the watcher is closed (Close sets stop): a supervisor, whose
// loop condition is its owner's stop flag.
func (w *watcher) findPrimary() {
	for atomic.LoadUint32(&w.stop) == 0 {
		if err := w.lookupPrimary(); err == nil {
			return
		}
		time.Sleep(rand.N(time.Second))
	}
}
