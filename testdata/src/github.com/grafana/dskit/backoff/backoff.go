// Package backoff is a test stub of github.com/grafana/dskit@v0.0.0-20260703122047-de1ec7541c44: exported API only, bodies are not real.
package backoff

import (
	"context"
	"flag"
	"time"
)

// Config bounds the delays and the attempts of a Backoff.
type Config struct {
	MinBackoff time.Duration
	MaxBackoff time.Duration
	MaxRetries int
}

// RegisterFlagsWithPrefix registers the configuration's flags.
func (cfg *Config) RegisterFlagsWithPrefix(prefix string, f *flag.FlagSet) {}

// Backoff counts attempts and waits between them.
type Backoff struct {
	cfg Config
	ctx context.Context
}

// New returns a Backoff that ends with ctx.
func New(ctx context.Context, cfg Config) *Backoff { return &Backoff{cfg: cfg, ctx: ctx} }

// Reset starts the delays and the count again.
func (b *Backoff) Reset() {}

// Ongoing is false once the context ended or the attempts ran out.
func (b *Backoff) Ongoing() bool { return b.ctx.Err() == nil }

// Err says why Ongoing turned false.
func (b *Backoff) Err() error { return b.ctx.Err() }

// ErrCause is Err with the context's cause.
func (b *Backoff) ErrCause() error { return b.Err() }

// NumRetries is the number of attempts made.
func (b *Backoff) NumRetries() int { return 0 }

// Wait sleeps for the next delay, or until the context ends.
func (b *Backoff) Wait() {}

// NextDelay is the next delay, counting an attempt.
func (b *Backoff) NextDelay() time.Duration { return b.cfg.MinBackoff }
