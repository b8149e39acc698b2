// Package hookdefaults holds delays a library computes by default: a
// backoff function that defers to a delay function the caller may plug
// in, and a delay asked of an interface the package gives one concrete
// value.
package hookdefaults

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"
)

func dial(ctx context.Context) error { return errors.New("refused") }

// A delay hook the caller may set; without it, a fixed interval.
type PoolOptions struct {
	RedialBackoff func(attempt int) time.Duration
	RedialWait    time.Duration
}

type Pool struct{ opts PoolOptions }

func (p *Pool) redialDelay(attempt int) time.Duration { // want `backoff function \(\*Pool\).redialDelay computes delays with no jitter unless RedialBackoff is set`
	if p.opts.RedialBackoff != nil {
		return p.opts.RedialBackoff(attempt)
	}
	if p.opts.RedialWait <= 0 {
		return 200 * time.Millisecond
	}
	return p.opts.RedialWait
}

func (p *Pool) Dial(ctx context.Context) error {
	var err error
	for attempt := 0; attempt < 4; attempt++ {
		if err = dial(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(p.redialDelay(attempt)):
		}
	}
	return err
}

// A package-level function with the configuration as a parameter, the
// hook an interface.
type Stepper interface{ Step(n int) time.Duration }

type ProducerConfig struct {
	Steps   Stepper
	Pause   time.Duration
	Retries int
}

func producerBackoff(cfg *ProducerConfig, retries int) time.Duration { // want `backoff function producerBackoff computes delays with no jitter unless Steps is set`
	if cfg.Steps != nil {
		return cfg.Steps.Step(retries)
	}
	return cfg.Pause * time.Duration(retries+1)
}

func Produce(ctx context.Context, cfg *ProducerConfig) error {
	var err error
	for n := 0; n < cfg.Retries; n++ {
		if err = dial(ctx); err == nil {
			return nil
		}
		time.Sleep(producerBackoff(cfg, n))
	}
	return err
}

// A policy interface whose one value in the package is the default a
// constructor assigns: the retry takes that type's delays.
type RedialPolicy interface {
	Interval(attempt int) time.Duration
	Attempts() int
}

type FixedRedial struct {
	Max   int
	Every time.Duration
}

func (f *FixedRedial) Interval(attempt int) time.Duration { // want `backoff function \(\*FixedRedial\).Interval computes delays with no jitter`
	return f.Every
}

func (f *FixedRedial) Attempts() int { return f.Max }

type ClusterConfig struct {
	Redial RedialPolicy
}

func NewClusterConfig() *ClusterConfig {
	return &ClusterConfig{Redial: &FixedRedial{Max: 3, Every: time.Second}}
}

type Session struct{ cfg *ClusterConfig }

func (s *Session) Reconnect(ctx context.Context) error {
	policy := s.cfg.Redial
	var err error
	for i := 0; i < policy.Attempts(); i++ {
		if err = dial(ctx); err == nil {
			return nil
		}
		time.Sleep(policy.Interval(i))
	}
	return err
}

// Negatives.

// The default path jitters: nothing to report, hook or not.
type Feed struct {
	Backoff func(int) time.Duration
	Base    time.Duration
}

func (f *Feed) delay(n int) time.Duration {
	if f.Backoff != nil {
		return f.Backoff(n)
	}
	return rand.N(f.Base << n)
}

func (f *Feed) Follow(ctx context.Context) error {
	var err error
	for n := 0; n < 5; n++ {
		if err = dial(ctx); err == nil {
			return nil
		}
		time.Sleep(f.delay(n))
	}
	return err
}

// A delay function that always defers to a function value, with no
// default of its own: the delays may be random.
type Relay struct{ next func(int) time.Duration }

func (r *Relay) delay(n int) time.Duration {
	d := r.next(n)
	if d < 0 {
		return 0
	}
	return d
}

func (r *Relay) Send(ctx context.Context) error {
	var err error
	for n := 0; n < 5; n++ {
		if err = dial(ctx); err == nil {
			return nil
		}
		time.Sleep(r.delay(n))
	}
	return err
}

// A policy interface given two concrete types in the package: which one
// the retry uses is not known here, and one of them jitters.
type Pacer interface{ Pause(n int) time.Duration }

type steadyPacer struct{ every time.Duration }

func (s steadyPacer) Pause(int) time.Duration { return s.every }

type randomPacer struct{ upTo time.Duration }

func (r randomPacer) Pause(int) time.Duration { return rand.N(r.upTo) }

type Mirror struct{ pacer Pacer }

func NewMirror(steady bool) *Mirror {
	if steady {
		return &Mirror{pacer: steadyPacer{every: time.Second}}
	}
	return &Mirror{pacer: randomPacer{upTo: time.Second}}
}

func (m *Mirror) Copy(ctx context.Context) error {
	var err error
	for n := 0; n < 5; n++ {
		if err = dial(ctx); err == nil {
			return nil
		}
		time.Sleep(m.pacer.Pause(n))
	}
	return err
}

// A policy interface only the caller provides: not known here.
type Gate struct{ Policy RedialPolicy }

func (g *Gate) Open(ctx context.Context) error {
	var err error
	for i := 0; i < g.Policy.Attempts(); i++ {
		if err = dial(ctx); err == nil {
			return nil
		}
		time.Sleep(g.Policy.Interval(i))
	}
	return err
}

// The one value of the interface jitters.
type Watcher struct{ pacer Pacer }

func NewWatcher() *Watcher { return &Watcher{pacer: randomPacer{upTo: 2 * time.Second}} }

func (w *Watcher) Watch(ctx context.Context) error {
	var err error
	for n := 0; n < 5; n++ {
		if err = dial(ctx); err == nil {
			return nil
		}
		time.Sleep(w.pacer.Pause(n))
	}
	return err
}
