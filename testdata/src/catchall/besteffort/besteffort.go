// Package besteffort holds waits that, when they run out, go on as if
// they had succeeded: failing fast would end them the same way, so a
// catch-all there is reported only for a terminal error it can name.
package besteffort

import (
	"context"
	"encoding/json"
	"errors"
	"log"
	"math/rand/v2"
	"time"
)

type members struct{ raw []byte }

func (m *members) ready(ctx context.Context) error { return errors.New("quorum not reached") }

func (m *members) parse(ctx context.Context) error {
	var v []string
	return json.Unmarshal(m.raw, &v)
}

func pause() time.Duration { return rand.N(time.Second) }

// Waits for a quorum, and starts without one when the time is up.
func (m *members) awaitQuorum(ctx context.Context, limit time.Duration) error {
	deadline := time.Now().Add(limit)
	var lastErr error
	for time.Now().Before(deadline) && ctx.Err() == nil {
		if lastErr = m.ready(ctx); lastErr == nil {
			return nil
		}
		time.Sleep(pause())
	}
	if lastErr == nil {
		lastErr = errors.New("timed out")
	}
	log.Printf("starting without quorum: %v", lastErr)
	return ctx.Err()
}

// The same wait over an operation that fails the same way every time on
// a bad document: named, it is reported.
func (m *members) awaitList(ctx context.Context, limit time.Duration) error {
	deadline := time.Now().Add(limit)
	var lastErr error
	for time.Now().Before(deadline) && ctx.Err() == nil { // want `retry loop retries every error, terminal ones included \(its operation can fail with a JSON decoding error from json.Unmarshal\)`
		if lastErr = m.parse(ctx); lastErr == nil {
			return nil
		}
		time.Sleep(pause())
	}
	log.Printf("going on without the list: %v", lastErr)
	return nil
}

// A wait whose caller is told it failed is a retry.
func (m *members) requireQuorum(ctx context.Context, limit time.Duration) error {
	deadline := time.Now().Add(limit)
	var lastErr error
	for time.Now().Before(deadline) { // want `retry loop retries every error, terminal ones included`
		if lastErr = m.ready(ctx); lastErr == nil {
			return nil
		}
		time.Sleep(pause())
	}
	return lastErr
}

// A false result tells the caller it failed.
func (m *members) tryQuorum(ctx context.Context) (bool, error) {
	for i := 0; i < 5; i++ { // want `retry loop retries every error, terminal ones included`
		if err := m.ready(ctx); err == nil {
			return true, nil
		}
		time.Sleep(pause())
	}
	return false, nil
}

type tracker struct{ last error }

func (t *tracker) record(err error) { t.last = err }

// The last error handed to the package's own code is kept for later.
func (m *members) awaitRecorded(ctx context.Context, t *tracker) error {
	var lastErr error
	for i := 0; i < 5; i++ { // want `retry loop retries every error, terminal ones included`
		if lastErr = m.ready(ctx); lastErr == nil {
			return nil
		}
		time.Sleep(pause())
	}
	t.record(lastErr)
	return nil
}
