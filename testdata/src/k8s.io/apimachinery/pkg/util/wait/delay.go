// Package wait is a test stub of k8s.io/apimachinery@v0.37.2: exported API only, bodies are not real.
package wait

import (
	"context"
	"time"
)

// DelayFunc returns the next wait.
type DelayFunc func() time.Duration

// Until calls condition, waiting fn() between calls, until it is done, fails
// or ctx is done.
func (fn DelayFunc) Until(ctx context.Context, immediate, sliding bool, condition ConditionWithContextFunc) error {
	return nil
}

func (fn DelayFunc) Concurrent() DelayFunc { return fn }

// Timer is the timer of a Backoff or DelayFunc.
type Timer interface {
	C() <-chan time.Time
	Next()
	Stop()
}
