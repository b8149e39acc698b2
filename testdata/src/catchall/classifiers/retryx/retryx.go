// Package retryx is a project's retry helpers that classify with the
// predicate their caller passes.
package retryx

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"

	k8sretry "k8s.io/client-go/util/retry"
)

// Retry treats a nil predicate as "retry every error".
func Retry(ctx context.Context, op func(context.Context) error, isRetryable func(error) bool) error {
	if isRetryable == nil {
		isRetryable = func(error) bool { return true }
	}
	for attempt := 0; attempt < 5; attempt++ {
		err := op(ctx)
		if err == nil {
			return nil
		}
		if err == ctx.Err() || !isRetryable(err) {
			return err
		}
		time.Sleep(rand.N(time.Second))
	}
	return errors.New("gave up")
}

// Maybe retries nothing without a predicate.
func Maybe(op func() error, shouldRetry func(error) bool) error {
	for attempt := 0; attempt < 5; attempt++ {
		err := op()
		if err == nil {
			return nil
		}
		if shouldRetry == nil || !shouldRetry(err) {
			return err
		}
		time.Sleep(rand.N(time.Second))
	}
	return errors.New("gave up")
}

// Kube hands its predicate to client-go.
func Kube(op func() error, retriable func(error) bool) error {
	return k8sretry.OnError(k8sretry.DefaultBackoff, retriable, op)
}
