// Package retrier builds retry functions from settings: its callers keep
// what it returns in a field and call it for each operation.
package retrier

import (
	"context"
	"math/rand/v2"
	"net/http"
	"time"
)

// Settings configure the retries of the functions that Func returns.
type Settings struct {
	Enabled     bool
	First, Most time.Duration
	Budget      time.Duration
}

// Func runs attempt until it succeeds or the function gives up.
type Func func(ctx context.Context, attempt func(context.Context) error) error

// Transient says whether an error may go away on its own.
type Transient func(error) bool

// pause is replaced by the tests, which do not wait.
var pause = sleep

func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// Func returns the retry function the settings describe: one that runs
// the attempt once when retries are off.
func (s Settings) Func(transient Transient) Func {
	if !s.Enabled {
		return func(ctx context.Context, attempt func(context.Context) error) error {
			return attempt(ctx)
		}
	}
	return func(ctx context.Context, attempt func(context.Context) error) error {
		delay := s.First
		began := time.Now()
		for {
			err := attempt(ctx)
			if err == nil {
				return nil
			}
			if !transient(err) || time.Since(began) > s.Budget {
				return err
			}
			if err := pause(ctx, delay/2+rand.N(delay/2)); err != nil {
				return err
			}
			delay = min(2*delay, s.Most)
		}
	}
}

// Logged returns a function that runs the attempt once and logs its
// failure: it retries nothing.
func Logged(logf func(string, ...any)) Func {
	return func(ctx context.Context, attempt func(context.Context) error) error {
		err := attempt(ctx)
		if err != nil {
			logf("attempt failed: %v", err)
		}
		return err
	}
}

// Retry is a declared retry function with fixed settings.
func Retry(ctx context.Context, attempt func(context.Context) error) error {
	for n := 0; ; n++ {
		err := attempt(ctx)
		if err == nil || n == 4 {
			return err
		}
		if err := sleep(ctx, rand.N(time.Second<<n)); err != nil {
			return err
		}
	}
}

// Ping posts a heartbeat until one is taken, pausing through the
// variable the tests replace.
func Ping(ctx context.Context, url string, transient Transient) error {
	for { // want `retry loop repeats http.Post, which sends an HTTP POST`
		resp, err := http.Post(url, "text/plain", nil)
		if err == nil {
			return resp.Body.Close()
		}
		if !transient(err) {
			return err
		}
		if err := pause(ctx, rand.N(time.Second)); err != nil {
			return err
		}
	}
}
