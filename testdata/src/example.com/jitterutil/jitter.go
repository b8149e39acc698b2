// Package jitterutil adds jitter to delays, in another package than its
// callers: its facts carry that across.
package jitterutil

import (
	"context"
	"math/rand/v2"
	"time"
)

// Full returns a random duration in [0, d).
func Full(d time.Duration) time.Duration {
	return rand.N(d)
}

// Equal keeps half of d and randomises the other half.
func Equal(d time.Duration) time.Duration {
	half := d / 2
	return half + Full(half)
}

// Sleep waits for d or until ctx is done.
func Sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
