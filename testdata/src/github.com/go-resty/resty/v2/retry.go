// Package resty is a test stub of github.com/go-resty/resty/v2@v2.17.2: exported API only, bodies are not real.
package resty

import "time"

type (
	// Option configures Backoff.
	Option func(*Options)

	// Options are Backoff's settings.
	Options struct {
		maxRetries      int
		waitTime        time.Duration
		maxWaitTime     time.Duration
		retryConditions []RetryConditionFunc
		retryHooks      []OnRetryFunc
		resetReaders    bool
	}
)

// Retries sets how many times Backoff runs the operation again.
func Retries(value int) Option { return func(o *Options) { o.maxRetries = value } }

// WaitTime sets the first wait.
func WaitTime(value time.Duration) Option { return func(o *Options) { o.waitTime = value } }

// MaxWaitTime caps the wait.
func MaxWaitTime(value time.Duration) Option { return func(o *Options) { o.maxWaitTime = value } }

// RetryConditions replaces the default condition, any error, with these.
func RetryConditions(conditions []RetryConditionFunc) Option {
	return func(o *Options) { o.retryConditions = conditions }
}

// RetryHooks are called before each retry.
func RetryHooks(hooks []OnRetryFunc) Option { return func(o *Options) { o.retryHooks = hooks } }

// ResetMultipartReaders rewinds multipart readers before each retry.
func ResetMultipartReaders(value bool) Option { return func(o *Options) { o.resetReaders = value } }

// Backoff runs operation until it succeeds or the retries run out.
func Backoff(operation func() (*Response, error), options ...Option) error {
	_, err := operation()
	return err
}
