// Package condcall holds retries whose loop condition runs the attempt.
package condcall

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"
)

func lock(name string) error { return errors.New("held") }

// Nothing ends it but the lock's release.
func acquire(name string) {
	for lock(name) != nil { // want `retry loop has no attempt cap, no elapsed-time cap and no cancellation`
		time.Sleep(rand.N(time.Second))
	}
}

// Its context ends it.
func acquireCtx(ctx context.Context, name string) error {
	for lock(name) != nil {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(rand.N(time.Second)):
		}
	}
	return nil
}

// Its count ends it.
func acquireFew(name string) error {
	tries := 0
	for lock(name) != nil && tries < 5 {
		tries++
		time.Sleep(rand.N(time.Second))
	}
	return nil
}
