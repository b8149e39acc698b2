// Package pacing is a project's own doubling counter: its random part
// is added only when a field is set.
package pacing

import (
	"math/rand/v2"
	"time"
)

// Doubler doubles from First up to Cap; Spread, when set, adds up to
// that much at random.
type Doubler struct {
	n      int
	First  time.Duration
	Cap    time.Duration
	Spread time.Duration
}

func (d *Doubler) Next() time.Duration {
	if d.First == 0 {
		d.First = 50 * time.Millisecond
	}
	if d.Cap == 0 {
		d.Cap = 30 * time.Second
	}
	out := min(d.First<<d.n, d.Cap)
	if d.Spread > 0 {
		out += rand.N(d.Spread)
	}
	d.n++
	return out
}

// Fuzzed always randomises.
type Fuzzed struct{ Base time.Duration }

func (f *Fuzzed) Next() time.Duration { return f.Base/2 + rand.N(f.Base/2+1) }

// Defaulted gives its spread a default of its own when left zero.
type Defaulted struct{ Spread time.Duration }

func (d *Defaulted) Next() time.Duration {
	if d.Spread == 0 {
		d.Spread = 100 * time.Millisecond
	}
	out := time.Second
	if d.Spread > 0 {
		out += rand.N(d.Spread)
	}
	return out
}
