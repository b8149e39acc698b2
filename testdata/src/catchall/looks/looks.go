// Package looks holds retry loops that tell errors apart in the shapes
// real code uses: in the loop condition, with errors.AsType, with a
// switch on the error's text.
package looks

import (
	"errors"
	"math/rand/v2"
	"time"
)

var errNoResponders = errors.New("no responders")

type rateLimited struct{ wait time.Duration }

func (r *rateLimited) Error() string { return "rate limited" }

func publish() error { return errNoResponders }

func pause() time.Duration { return rand.N(time.Second) }

func everyError() error {
	var err error
	for i := 0; i < 3; i++ { // want `retry loop retries every error, terminal ones included`
		if err = publish(); err == nil {
			return nil
		}
		time.Sleep(pause())
	}
	return err
}

func inCondition() error {
	err := publish()
	for r := 0; errors.Is(err, errNoResponders) && r < 3; r++ {
		time.Sleep(pause())
		err = publish()
	}
	return err
}

func withAsType() error {
	for i := 0; i < 3; i++ {
		err := publish()
		if err == nil {
			return nil
		}
		if rl, ok := errors.AsType[*rateLimited](err); ok {
			time.Sleep(rl.wait + pause())
			continue
		}
		return err
	}
	return nil
}

func onText() error {
	for i := 0; i < 3; i++ {
		err := publish()
		if err == nil {
			return nil
		}
		switch err.Error() {
		case "invalid_auth", "account_inactive":
			return err
		}
		time.Sleep(pause())
	}
	return nil
}

type verdict struct{ err error }

func (v verdict) Err() error        { return v.err }
func (v verdict) ShouldRetry() bool { return false }

func notify() verdict { return verdict{} }

// The result says whether to retry.
func byVerdict() error {
	for i := 0; i < 3; i++ {
		v := notify()
		if v.Err() == nil {
			return nil
		}
		if !v.ShouldRetry() {
			return v.Err()
		}
		time.Sleep(pause())
	}
	return nil
}

func state() (string, error) { return "", nil }

// Waiting for a state polls: an error there means "not yet", and success
// alone does not leave.
func untilActive() {
	for {
		if s, err := state(); err == nil && s == "ACTIVE" {
			return
		}
		time.Sleep(pause())
	}
}

type page struct{ items []string }

func (p page) next() (page, error) { return p, nil }

// A pager goes round while it succeeds and leaves on an error: for err ==
// nil is not a retry of a failure.
func allPages() (out []string, err error) {
	var p page
	for err == nil {
		p, err = p.next()
		if err == nil {
			out = append(out, p.items...)
		}
		time.Sleep(pause())
	}
	return out, err
}

// The verdict is asked inside the wait's select.
func byVerdictInSelect(done chan struct{}) error {
	tick := time.NewTimer(0)
	for {
		select {
		case <-done:
			return nil
		case <-tick.C:
			v := notify()
			tick.Reset(pause())
			if v.Err() != nil {
				if !v.ShouldRetry() {
					return v.Err()
				}
				continue
			}
			return nil
		}
	}
}
