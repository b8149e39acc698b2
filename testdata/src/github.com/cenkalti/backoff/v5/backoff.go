// Package backoff is a test stub of github.com/cenkalti/backoff/v5@v5.0.3: exported API only, bodies are not real.
package backoff

import (
	"sync"
	"time"
)

// BackOff is a backoff policy; NextBackOff returns Stop to give up.
type BackOff interface {
	NextBackOff() time.Duration
	Reset()
}

// Stop tells the retry loop to stop retrying.
const Stop time.Duration = -1

// ZeroBackOff retries immediately.
type ZeroBackOff struct{}

func (b *ZeroBackOff) Reset()                     {}
func (b *ZeroBackOff) NextBackOff() time.Duration { return 0 }

// StopBackOff never retries.
type StopBackOff struct{}

func (b *StopBackOff) Reset()                     {}
func (b *StopBackOff) NextBackOff() time.Duration { return Stop }

// ConstantBackOff waits Interval between attempts.
type ConstantBackOff struct {
	Interval time.Duration
}

func (b *ConstantBackOff) Reset()                     {}
func (b *ConstantBackOff) NextBackOff() time.Duration { return b.Interval }

func NewConstantBackOff(d time.Duration) *ConstantBackOff { return &ConstantBackOff{Interval: d} }

// ExponentialBackOff grows the interval by Multiplier up to MaxInterval.
// In v5 it has no MaxElapsedTime: the limit is a RetryOption.
type ExponentialBackOff struct {
	InitialInterval     time.Duration
	RandomizationFactor float64
	Multiplier          float64
	MaxInterval         time.Duration

	currentInterval time.Duration
}

const (
	DefaultInitialInterval     = 500 * time.Millisecond
	DefaultRandomizationFactor = 0.5
	DefaultMultiplier          = 1.5
	DefaultMaxInterval         = 60 * time.Second
)

func NewExponentialBackOff() *ExponentialBackOff { return &ExponentialBackOff{} }

func (b *ExponentialBackOff) Reset()                     {}
func (b *ExponentialBackOff) NextBackOff() time.Duration { return 0 }

// PermanentError stops the retry loop.
type PermanentError struct {
	Err error
}

// Permanent wraps err so that Retry does not retry it.
func Permanent(err error) error { return &PermanentError{Err: err} }

func (e *PermanentError) Error() string { return "" }
func (e *PermanentError) Unwrap() error { return e.Err }

// RetryAfterError makes Retry wait Duration before the next attempt.
type RetryAfterError struct {
	Duration time.Duration
}

func RetryAfter(seconds int) error { return &RetryAfterError{} }

func (e *RetryAfterError) Error() string { return "" }

// Ticker sends a tick on C at the times b schedules.
type Ticker struct {
	C        <-chan time.Time
	c        chan time.Time
	b        BackOff
	timer    timer
	stop     chan struct{}
	stopOnce sync.Once
}

func NewTicker(b BackOff) *Ticker { return &Ticker{} }
func (t *Ticker) Stop()           {}

type timer interface {
	Start(duration time.Duration)
	Stop()
	C() <-chan time.Time
}
