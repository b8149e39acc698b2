// Package retry is a test stub of k8s.io/client-go@v0.37.2: exported API only, bodies are not real.
package retry

import (
	"time"

	"k8s.io/apimachinery/pkg/util/wait"
)

// DefaultRetry is the recommended backoff for conflicts where a client may
// be contending with another client: 5 steps, 10ms, factor 1, jitter 0.1.
var DefaultRetry = wait.Backoff{
	Steps:    5,
	Duration: 10 * time.Millisecond,
	Factor:   1.0,
	Jitter:   0.1,
}

// DefaultBackoff is for conflicts caused by a controller: 4 steps, 10ms,
// factor 5, jitter 0.1.
var DefaultBackoff = wait.Backoff{
	Steps:    4,
	Duration: 10 * time.Millisecond,
	Factor:   5.0,
	Jitter:   0.1,
}

// OnError runs fn, retrying with backoff while retriable(err) is true.
func OnError(backoff wait.Backoff, retriable func(error) bool, fn func() error) error {
	return nil
}

// RetryOnConflict runs fn, retrying with backoff on Conflict errors.
func RetryOnConflict(backoff wait.Backoff, fn func() error) error { return nil }
