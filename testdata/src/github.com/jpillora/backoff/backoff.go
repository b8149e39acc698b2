// Package backoff is a test stub of github.com/jpillora/backoff@v1.1.0: exported API only, bodies are not real.
package backoff

import (
	"sync/atomic"
	"time"
)

// Backoff is an attempt counter whose Duration grows by Factor from Min to
// Max (defaults: Factor 2, Min 100ms, Max 10s). It must not be copied after
// first use: the counter is an atomic.Uint64.
type Backoff struct {
	attempt atomic.Uint64

	Factor float64
	Jitter bool
	Min    time.Duration
	Max    time.Duration
}

func (b *Backoff) Duration() time.Duration                  { return 0 }
func (b *Backoff) ForAttempt(attempt float64) time.Duration { return 0 }
func (b *Backoff) Reset()                                   {}
func (b *Backoff) Attempt() float64                         { return 0 }
func (b *Backoff) Copy() *Backoff                           { return &Backoff{} }
