// Package backoff is a test stub of github.com/cenkalti/backoff/v4@v4.3.0: exported API only, bodies are not real.
package backoff

import (
	"context"
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

// ZeroBackOff retries immediately, forever.
type ZeroBackOff struct{}

func (b *ZeroBackOff) Reset()                     {}
func (b *ZeroBackOff) NextBackOff() time.Duration { return 0 }

// StopBackOff never retries.
type StopBackOff struct{}

func (b *StopBackOff) Reset()                     {}
func (b *StopBackOff) NextBackOff() time.Duration { return Stop }

// ConstantBackOff waits Interval between attempts, forever.
type ConstantBackOff struct {
	Interval time.Duration
}

func (b *ConstantBackOff) Reset()                     {}
func (b *ConstantBackOff) NextBackOff() time.Duration { return b.Interval }

func NewConstantBackOff(d time.Duration) *ConstantBackOff { return &ConstantBackOff{Interval: d} }

// BackOffContext is a BackOff that stops when its context is done.
type BackOffContext interface {
	BackOff
	Context() context.Context
}

func WithContext(b BackOff, ctx context.Context) BackOffContext { panic("stub") }

// ExponentialBackOff grows the interval by Multiplier up to MaxInterval and
// stops after MaxElapsedTime (0 means never stop).
type ExponentialBackOff struct {
	InitialInterval     time.Duration
	RandomizationFactor float64
	Multiplier          float64
	MaxInterval         time.Duration
	// After MaxElapsedTime the ExponentialBackOff returns Stop.
	// It never stops if MaxElapsedTime == 0.
	MaxElapsedTime time.Duration
	Stop           time.Duration
	Clock          Clock

	currentInterval time.Duration
	startTime       time.Time
}

// Clock is the time source of ExponentialBackOff.
type Clock interface {
	Now() time.Time
}

// ExponentialBackOffOpts configures NewExponentialBackOff.
type ExponentialBackOffOpts func(*ExponentialBackOff)

const (
	DefaultInitialInterval     = 500 * time.Millisecond
	DefaultRandomizationFactor = 0.5
	DefaultMultiplier          = 1.5
	DefaultMaxInterval         = 60 * time.Second
	DefaultMaxElapsedTime      = 15 * time.Minute
)

func NewExponentialBackOff(opts ...ExponentialBackOffOpts) *ExponentialBackOff {
	return &ExponentialBackOff{}
}

func WithInitialInterval(duration time.Duration) ExponentialBackOffOpts          { return nil }
func WithRandomizationFactor(randomizationFactor float64) ExponentialBackOffOpts { return nil }
func WithMultiplier(multiplier float64) ExponentialBackOffOpts                   { return nil }
func WithMaxInterval(duration time.Duration) ExponentialBackOffOpts              { return nil }
func WithMaxElapsedTime(duration time.Duration) ExponentialBackOffOpts           { return nil }
func WithRetryStopDuration(duration time.Duration) ExponentialBackOffOpts        { return nil }
func WithClockProvider(clock Clock) ExponentialBackOffOpts                       { return nil }

type systemClock struct{}

func (t systemClock) Now() time.Time { return time.Time{} }

// SystemClock is the default Clock.
var SystemClock = systemClock{}

func (b *ExponentialBackOff) Reset()                        {}
func (b *ExponentialBackOff) NextBackOff() time.Duration    { return 0 }
func (b *ExponentialBackOff) GetElapsedTime() time.Duration { return 0 }

// WithMaxRetries stops b after max retries.
func WithMaxRetries(b BackOff, max uint64) BackOff { panic("stub") }

// Ticker sends a tick on C at the times b schedules.
type Ticker struct {
	C        <-chan time.Time
	c        chan time.Time
	b        BackOff
	ctx      context.Context
	timer    Timer
	stop     chan struct{}
	stopOnce sync.Once
}

func NewTicker(b BackOff) *Ticker                       { return &Ticker{} }
func NewTickerWithTimer(b BackOff, timer Timer) *Ticker { return &Ticker{} }
func (t *Ticker) Stop()                                 {}

// Timer is the timer used between retries.
type Timer interface {
	Start(duration time.Duration)
	Stop()
	C() <-chan time.Time
}
