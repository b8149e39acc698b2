// Package retry is a test stub of github.com/avast/retry-go/v4@v4.7.0: exported API only, bodies are not real.
package retry

import (
	"context"
	"time"
)

// RetryIfFunc decides whether an error is worth another attempt.
type RetryIfFunc func(error) bool

// OnRetryFunc is called after every failed attempt.
type OnRetryFunc func(attempt uint, err error)

// DelayTypeFunc computes the wait before attempt n.
type DelayTypeFunc func(n uint, err error, config *Config) time.Duration

// Timer abstracts time.After.
type Timer interface {
	After(time.Duration) <-chan time.Time
}

// Config is the option target; all its fields are unexported.
type Config struct {
	attempts                      uint
	attemptsForError              map[error]uint
	delay                         time.Duration
	maxDelay                      time.Duration
	maxJitter                     time.Duration
	onRetry                       OnRetryFunc
	retryIf                       RetryIfFunc
	delayType                     DelayTypeFunc
	lastErrorOnly                 bool
	context                       context.Context
	timer                         Timer
	wrapContextErrorWithLastError bool

	maxBackOffN uint
}

// Option configures Do and DoWithData.
type Option func(*Config)

func LastErrorOnly(lastErrorOnly bool) Option { return nil }

// Attempts sets the attempt limit; 0 means retry until success.
func Attempts(attempts uint) Option { return nil }

// UntilSucceeded is Attempts(0).
func UntilSucceeded() Option { return nil }

func AttemptsForError(attempts uint, err error) Option           { return nil }
func Delay(delay time.Duration) Option                           { return nil }
func MaxDelay(maxDelay time.Duration) Option                     { return nil }
func MaxJitter(maxJitter time.Duration) Option                   { return nil }
func DelayType(delayType DelayTypeFunc) Option                   { return nil }
func BackOffDelay(n uint, _ error, config *Config) time.Duration { return 0 }
func FixedDelay(_ uint, _ error, config *Config) time.Duration   { return 0 }
func RandomDelay(_ uint, _ error, config *Config) time.Duration  { return 0 }
func CombineDelay(delays ...DelayTypeFunc) DelayTypeFunc         { return FixedDelay }
func FullJitterBackoffDelay(n uint, err error, config *Config) time.Duration {
	return 0
}
func OnRetry(onRetry OnRetryFunc) Option { return nil }
func RetryIf(retryIf RetryIfFunc) Option { return nil }
func Context(ctx context.Context) Option { return nil }
func WithTimer(t Timer) Option           { return nil }
func WrapContextErrorWithLastError(wrapContextErrorWithLastError bool) Option {
	return nil
}
