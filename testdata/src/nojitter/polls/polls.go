// Package polls holds k8s waits for a state: a poll is a retry only when
// its condition answers not done on nothing but a failure of what it asks.
package polls

import (
	"context"
	"errors"
	"time"

	"k8s.io/apimachinery/pkg/util/wait"
)

type informer struct{}

type cache interface {
	Informer(ctx context.Context, kind string) (*informer, error)
	Ready(ctx context.Context, kind string) (bool, error)
}

var errNotRegistered = errors.New("kind not registered")

// A retry: the condition asks the cache again, at the poll's fixed
// interval, only after the informer could not be had.
func startInformer(ctx context.Context, c cache, kind string) (*informer, error) {
	var inf *informer
	err := wait.PollUntilContextCancel(ctx, 10*time.Second, true, func(ctx context.Context) (bool, error) { // want `wait.PollUntilContextCancel retries with no jitter`
		var err error
		inf, err = c.Informer(ctx, kind)
		if err != nil {
			if errors.Is(err, errNotRegistered) {
				return false, nil
			}
			return false, nil
		}
		return true, nil
	})
	return inf, err
}

// A retry that stops on the errors that will not clear: classified, but
// still at a fixed interval.
func startClassified(ctx context.Context, c cache, kind string) error {
	return wait.PollUntilContextTimeout(ctx, time.Second, time.Minute, true, func(ctx context.Context) (bool, error) { // want `wait.PollUntilContextTimeout retries with no jitter`
		if _, err := c.Informer(ctx, kind); err != nil {
			if errors.Is(err, errNotRegistered) {
				return false, err
			}
			return false, nil
		}
		return true, nil
	})
}

// Not a retry: the condition answers not done after a successful read
// too (the state is not there yet): a wait for a state.
func awaitReady(ctx context.Context, c cache, kind string) error {
	return wait.PollUntilContextTimeout(ctx, time.Second, time.Minute, true, func(ctx context.Context) (bool, error) {
		ok, err := c.Ready(ctx, kind)
		if err != nil {
			return false, nil
		}
		return ok, nil
	})
}

// Not a retry: every error stops the poll; it goes round only while the
// state is not there.
func awaitReadyStrict(ctx context.Context, c cache, kind string) error {
	return wait.PollUntilContextCancel(ctx, time.Second, false, func(ctx context.Context) (bool, error) {
		return c.Ready(ctx, kind)
	})
}
