// Package zerodefaults holds library settings copied from a struct of
// the package's own that the caller fills: unless the caller sets the
// setting, it is its zero value.
package zerodefaults

import (
	"context"
	"errors"
	"time"

	"github.com/cenkalti/backoff/v4"
)

func handle(ctx context.Context) error { return errors.New("nack") }

// A middleware whose jitter setting nothing in the package sets: zero,
// no jitter, unless the caller sets it.
type RetryMiddleware struct {
	InitialInterval     time.Duration
	RandomizationFactor float64
}

func (m RetryMiddleware) Handle(ctx context.Context) error {
	b := backoff.NewExponentialBackOff()
	b.InitialInterval = m.InitialInterval
	b.RandomizationFactor = m.RandomizationFactor // want `RandomizationFactor = m.RandomizationFactor \(zero unless the caller sets it\) gives the retry at line \d+ no jitter`
	return backoff.Retry(func() error { return handle(ctx) }, b)
}

// Negatives.

// The package gives the setting a default when the caller leaves it
// zero.
type Redeliver struct {
	RandomizationFactor float64
}

func (r *Redeliver) Handle(ctx context.Context) error {
	if r.RandomizationFactor == 0 {
		r.RandomizationFactor = backoff.DefaultRandomizationFactor
	}
	b := backoff.NewExponentialBackOff()
	b.RandomizationFactor = r.RandomizationFactor
	return backoff.Retry(func() error { return handle(ctx) }, b)
}

// A setting a decoder fills, with its default in the tag.
type ConsumerConfig struct {
	Jitter float64 `yaml:"jitter" default:"0.5"`
}

func (c ConsumerConfig) Handle(ctx context.Context) error {
	b := backoff.NewExponentialBackOff()
	b.RandomizationFactor = c.Jitter
	return backoff.Retry(func() error { return handle(ctx) }, b)
}

// A value handed in as a parameter: not a setting of the package's.
func HandleWith(ctx context.Context, factor float64) error {
	b := backoff.NewExponentialBackOff()
	b.RandomizationFactor = factor
	return backoff.Retry(func() error { return handle(ctx) }, b)
}
