// Package roko is a test stub of github.com/buildkite/roko@v1.4.0: exported API only, bodies are not real.
package roko

import (
	"context"
	"math/rand"
	"time"
)

type Retrier struct{}

type Strategy func(*Retrier) time.Duration

func Constant(interval time.Duration) (Strategy, string) { return nil, "constant" }

func Exponential(base, adjustment time.Duration) (Strategy, string) { return nil, "exponential" }

func ExponentialSubsecond(initial time.Duration) (Strategy, string) { return nil, "exponential" }

type RetrierOpt func(*Retrier)

func WithMaxAttempts(maxAttempts int) RetrierOpt { return nil }

func WithRand(rand *rand.Rand) RetrierOpt { return nil }

func WithStrategy(strategy Strategy, strategyType string) RetrierOpt { return nil }

func WithJitter() RetrierOpt { return nil }

func WithJitterRange(min, max time.Duration) RetrierOpt { return nil }

func TryForever() RetrierOpt { return nil }

func WithSleepFunc(f func(time.Duration)) RetrierOpt { return nil }

func NewRetrier(opts ...RetrierOpt) *Retrier { return &Retrier{} }

func (r *Retrier) Jitter() time.Duration { return 0 }

func (r *Retrier) MarkAttempt() {}

func (r *Retrier) Break() {}

func (r *Retrier) SetNextInterval(d time.Duration) {}

func (r *Retrier) ShouldGiveUp() bool { return false }

func (r *Retrier) NextInterval() time.Duration { return 0 }

func (r *Retrier) String() string { return "" }

func (r *Retrier) AttemptCount() int { return 0 }

func (r *Retrier) Do(callback func(*Retrier) error) error { return nil }

func (r *Retrier) DoWithContext(ctx context.Context, callback func(*Retrier) error) error { return nil }

func DoFunc[T any](ctx context.Context, r *Retrier, callback func(*Retrier) (T, error)) (T, error) {
	var t T
	return t, nil
}

func DoFunc2[T1, T2 any](ctx context.Context, r *Retrier, callback func(*Retrier) (T1, T2, error)) (T1, T2, error) {
	var t1 T1
	var t2 T2
	return t1, t2, nil
}

func DoFunc3[T1, T2, T3 any](ctx context.Context, r *Retrier, callback func(*Retrier) (T1, T2, T3, error)) (T1, T2, T3, error) {
	var t1 T1
	var t2 T2
	var t3 T3
	return t1, t2, t3, nil
}
