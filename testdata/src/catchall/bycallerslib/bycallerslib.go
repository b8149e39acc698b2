// Package bycallerslib has a helper that hands its caller's operation,
// wrapped to count the failures, to backoff.Retry: the library stops on
// backoff.Permanent, so what each caller's operation returns decides,
// and each call is judged, not the helper.
package bycallerslib

import (
	"context"
	"errors"
	"strconv"

	"github.com/cenkalti/backoff/v4"
)

// retryCounting retries op, and tells onRetry how many failures came
// before a success.
func retryCounting(op backoff.Operation, b backoff.BackOff, onRetry func(int)) error {
	var wrapped backoff.Operation
	if onRetry == nil {
		wrapped = op
	} else {
		failures := 0
		wrapped = func() error {
			err := op()
			if err != nil {
				failures++
			} else if failures > 0 {
				onRetry(failures)
			}
			return err
		}
	}
	return backoff.Retry(wrapped, b)
}

var errNotFound = errors.New("not found")

type store struct{}

func (store) load(ctx context.Context, key string) error { return nil }

func isPermanent(err error) bool { return errors.Is(err, errNotFound) }

// load stops at once on an error that will not clear.
func load(ctx context.Context, s store, key string) error {
	return retryCounting(func() error {
		err := s.load(ctx, key)
		if err != nil && isPermanent(err) {
			return backoff.Permanent(err)
		}
		return err
	}, backoff.WithContext(backoff.NewExponentialBackOff(), ctx), nil)
}

// parse retries a number that will never parse.
func parse(text string) error {
	return retryCounting(func() error { // want `retryCounting retries every error, terminal ones included`
		_, err := strconv.Atoi(text)
		return err
	}, backoff.NewExponentialBackOff(), func(int) {})
}
