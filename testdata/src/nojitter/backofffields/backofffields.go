// Package backofffields holds delays reached through struct fields,
// options and package-level defaults.
package backofffields

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"

	"github.com/cenkalti/backoff/v4"
)

func call(ctx context.Context) error { return errors.New("busy") }

// A field assigned once in the package, in a struct literal: the retry
// takes that function's delays.
type Poller struct {
	delay   func(attempt int) time.Duration
	retries int
}

func linearSteps(attempt int) time.Duration { // want `backoff function linearSteps computes delays with no jitter`
	return time.Duration(attempt+1) * 250 * time.Millisecond
}

func NewPoller() *Poller { return &Poller{delay: linearSteps, retries: 5} }

func (p *Poller) Poll(ctx context.Context) error {
	for attempt := 0; attempt < p.retries; attempt++ {
		if err := call(ctx); err == nil {
			return nil
		}
		time.Sleep(p.delay(attempt))
	}
	return errors.New("gave up")
}

// A package-level default held in an exported field, set in a
// constructor when the caller leaves it nil.
type Config struct {
	Backoff  func(attempt int) time.Duration
	Attempts int
}

var DefaultBackoff = func(attempt int) time.Duration { // want `backoff function DefaultBackoff computes delays with no jitter`
	return time.Second << attempt
}

type Client struct{ cfg Config }

func NewClient(cfg Config) *Client {
	if cfg.Backoff == nil {
		cfg.Backoff = DefaultBackoff
	}
	return &Client{cfg: cfg}
}

func (c *Client) Do(ctx context.Context) error {
	for attempt := 0; attempt < c.cfg.Attempts; attempt++ {
		if err := call(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(c.cfg.Backoff(attempt)):
		}
	}
	return errors.New("gave up")
}

// Functional options: the field takes the default or the caller's
// function, so the retry is not judged, but the default is.
type Retrier struct {
	wait func(int) time.Duration
}

type Option func(*Retrier)

func WithWait(fn func(int) time.Duration) Option {
	return func(r *Retrier) { r.wait = fn }
}

func fixedWait(int) time.Duration { // want `backoff function fixedWait computes delays with no jitter`
	return 3 * time.Second
}

func NewRetrier(opts ...Option) *Retrier {
	r := &Retrier{wait: fixedWait}
	for _, o := range opts {
		o(r)
	}
	return r
}

func (r *Retrier) Run(ctx context.Context) error {
	for attempt := 0; attempt < 3; attempt++ {
		if err := call(ctx); err == nil {
			return nil
		}
		time.Sleep(r.wait(attempt))
	}
	return errors.New("gave up")
}

// A library backoff held in a field, configured once in a constructor.
type Syncer struct{ bo *backoff.ExponentialBackOff }

func NewSyncer() *Syncer {
	s := &Syncer{}
	s.bo = backoff.NewExponentialBackOff()
	s.bo.RandomizationFactor = 0 // want `RandomizationFactor = 0 gives the retry at line \d+ no jitter`
	return s
}

func (s *Syncer) Sync(ctx context.Context) error {
	return backoff.Retry(func() error { return call(ctx) }, backoff.WithContext(s.bo, ctx))
}

// Negatives.

// Every value of the field jitters.
type Fetcher struct{ pause func(int) time.Duration }

func halfJitter(n int) time.Duration {
	d := time.Duration(n+1) * time.Second
	return d/2 + rand.N(d/2)
}

func fullJitter(n int) time.Duration { return rand.N(time.Duration(n+1) * time.Second) }

func NewFetcher(full bool) *Fetcher {
	if full {
		return &Fetcher{pause: fullJitter}
	}
	return &Fetcher{pause: halfJitter}
}

func (f *Fetcher) Fetch(ctx context.Context) error {
	for n := 0; n < 3; n++ {
		if err := call(ctx); err == nil {
			return nil
		}
		time.Sleep(f.pause(n))
	}
	return errors.New("gave up")
}

// A field only the caller sets: its value is not known here.
type Worker struct{ Delay func(int) time.Duration }

func (w *Worker) Work(ctx context.Context) error {
	for n := 0; n < 3; n++ {
		if err := call(ctx); err == nil {
			return nil
		}
		time.Sleep(w.Delay(n))
	}
	return errors.New("gave up")
}

// A jittered library backoff held in a field.
type Uploader struct{ bo backoff.BackOff }

func NewUploader() *Uploader {
	return &Uploader{bo: backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 5)}
}

func (u *Uploader) Upload(ctx context.Context) error {
	return backoff.Retry(func() error { return call(ctx) }, u.bo)
}
