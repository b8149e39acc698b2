// want package:"retrysite\\(helpers=false, random=true, waits=false\\)"

// Package backoffs holds backoff functions without jitter, whose facts
// let other packages judge them, and the ones that get no fact.
package backoffs

import (
	"errors"
	"math/rand/v2"
	"time"
)

func Unused(attempt int) time.Duration { // want Unused:"backoff without jitter"
	return time.Duration(attempt) * time.Second
}

func Used(attempt int) time.Duration { // want Used:"backoff without jitter, reported"
	return time.Second << attempt
}

var Default = func(attempt int) time.Duration { // want Default:"backoff without jitter"
	return time.Duration(attempt*attempt) * time.Second
}

var Alias = Unused // want Alias:"backoff without jitter"

type Ladder struct{ step time.Duration }

func (l *Ladder) Next() time.Duration { // want Next:"backoff without jitter"
	l.step += time.Second
	return l.step
}

func Random(attempt int) time.Duration { // want Random:"random"
	return rand.N(time.Second << attempt)
}

// Not backoffs: no attempt count, state or growth, or no delay at all.
func Timeout() time.Duration { return 30 * time.Second }

func None(attempt int) time.Duration { return 0 }

func op() error { return errors.New("x") }

func retry() error {
	for attempt := 0; attempt < 3; attempt++ {
		if err := op(); err == nil {
			return nil
		}
		time.Sleep(Used(attempt))
	}
	return errors.New("gave up")
}
