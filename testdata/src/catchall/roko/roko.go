// Package roko retries with buildkite/roko, whose callback stops the
// retry with r.Break().
package roko

import (
	"context"
	"errors"
	"log"
	"net/http"
	"time"

	"github.com/buildkite/roko"
)

type statusError struct{ code int }

func (e *statusError) Error() string { return http.StatusText(e.code) }

func connect(ctx context.Context) error { return &statusError{code: http.StatusUnauthorized} }

// Every error is tried again, a revoked token among them.
func connectAgent(ctx context.Context) error {
	r := roko.NewRetrier(roko.WithMaxAttempts(10), roko.WithStrategy(roko.Constant(5*time.Second)), roko.WithJitter())
	return r.DoWithContext(ctx, func(r *roko.Retrier) error { // want `r.DoWithContext retries every error, terminal ones included`
		return connect(ctx)
	})
}

// A refusal stops the retry: classified.
func connectOrBreak(ctx context.Context) error {
	r := roko.NewRetrier(roko.WithMaxAttempts(10), roko.WithStrategy(roko.Constant(5*time.Second)), roko.WithJitter())
	return r.DoWithContext(ctx, func(r *roko.Retrier) error {
		err := connect(ctx)
		var se *statusError
		if errors.As(err, &se) && se.code < 500 {
			r.Break()
		}
		return err
	})
}

// breakOnRefusal stops the retrier on a refusal.
func breakOnRefusal(r *roko.Retrier, err error) {
	var se *statusError
	if errors.As(err, &se) && se.code < 500 {
		r.Break()
	}
}

// The retrier handed to a helper that may stop it: not known here.
func connectViaHelper(ctx context.Context) error {
	r := roko.NewRetrier(roko.WithMaxAttempts(10), roko.WithStrategy(roko.Constant(5*time.Second)), roko.WithJitter())
	return r.DoWithContext(ctx, func(r *roko.Retrier) error {
		err := connect(ctx)
		breakOnRefusal(r, err)
		return err
	})
}

// The retrier printed in a log line is not handed on to be stopped:
// every error is still tried again.
func connectLogged(ctx context.Context) error {
	r := roko.NewRetrier(roko.WithMaxAttempts(10), roko.WithStrategy(roko.Constant(5*time.Second)), roko.WithJitter())
	return r.DoWithContext(ctx, func(r *roko.Retrier) error { // want `r.DoWithContext retries every error, terminal ones included`
		err := connect(ctx)
		if err != nil {
			log.Printf("connect: %v (%s)", err, r)
		}
		return err
	})
}

// A break after success ends a retry that succeeded: every error is still
// tried again.
func fetchTags(ctx context.Context) error {
	var tags []string
	return roko.NewRetrier(roko.WithMaxAttempts(5), roko.WithStrategy(roko.Constant(time.Second)), roko.WithJitter()).DoWithContext(ctx, func(r *roko.Retrier) error { // want `retries every error, terminal ones included`
		err := connect(ctx)
		if err != nil {
			log.Printf("tags: %v", err)
		} else {
			tags = append(tags, "ok")
			r.Break()
		}
		return err
	})
}
