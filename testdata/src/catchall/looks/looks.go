// Package looks holds retry loops that tell errors apart in the shapes
// real code uses: in the loop condition, with errors.AsType, with a
// switch on the error's text.
package looks

import (
	"context"
	"errors"
	"log"
	"math/rand/v2"
	"regexp"
	"strings"
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

// An embedded database reports a lock only in its error's text: a retry
// that goes round on that text alone tells the lock from everything else.
func lockedOnly(op func(attempt int) error, most int) error {
	attempt := 1
again:
	err := op(attempt)
	if err != nil && attempt <= most {
		text := err.Error()
		if strings.Contains(text, "database is locked") || strings.Contains(text, "table is locked") {
			time.Sleep(pause())
			attempt++
			goto again
		}
	}
	return err
}

var busy = regexp.MustCompile(`SQLITE_BUSY|locked`)

func busyOnly(op func() error) error {
	for i := 0; ; i++ {
		err := op()
		if err != nil && i < 5 && busy.MatchString(err.Error()) {
			time.Sleep(pause())
			continue
		}
		return err
	}
}

// A look at the text that only decides what to log leaves every error
// retried.
func textLogged() error {
	var err error
	for i := 0; i < 5; i++ { // want `retry loop retries every error, terminal ones included`
		if err = publish(); err == nil {
			return nil
		}
		text := err.Error()
		if strings.Contains(text, "locked") {
			log.Print("locked, again")
		}
		time.Sleep(pause())
	}
	return err
}

// The text of something else than the error is no look at the error.
func otherText(status func() string) error {
	var err error
	for i := 0; i < 5; i++ { // want `retry loop retries every error, terminal ones included`
		if err = publish(); err == nil {
			return nil
		}
		if strings.Contains(status(), "degraded") {
			time.Sleep(pause())
		}
		time.Sleep(pause())
	}
	return err
}

type kv struct{}

func (kv) get(key string) ([]byte, uint64, error)                  { return nil, 0, nil }
func (kv) swap(key string, v []byte, version uint64) (bool, error) { return false, nil }

// A compare-and-swap that goes round on every error of the read or of
// the swap, as it does when another writer got in first: a denied read
// is tried again to the cap.
func compareAndSwap(store kv, key string, change func([]byte) []byte) error {
	for i := 0; i < 10; i++ { // want `retry loop retries every error, terminal ones included`
		v, version, err := store.get(key)
		if err != nil {
			continue
		}
		ok, err := store.swap(key, change(v), version)
		if err != nil {
			continue
		}
		if ok {
			return nil
		}
		time.Sleep(pause())
	}
	return errors.New("too many conflicts")
}

// The same loop that returns the swap's errors and goes round only when
// it lost the race tells them apart.
func compareAndSwapConflicts(store kv, key string, change func([]byte) []byte) error {
	for i := 0; i < 10; i++ {
		v, version, err := store.get(key)
		if err != nil {
			return err
		}
		ok, err := store.swap(key, change(v), version)
		if err != nil {
			return err
		}
		if ok {
			return nil
		}
		time.Sleep(pause())
	}
	return errors.New("too many conflicts")
}

type job struct{}

func claimJob() (*job, error) { return nil, nil }

// A worker that returns the first job or the first error and waits for a
// wake-up only when the queue answered that it holds nothing: a poller,
// so no error of it is retried.
func waitForJob(wake chan struct{}) (*job, error) {
	for {
		if j, err := claimJob(); j != nil || err != nil {
			return j, err
		}
		<-wake
	}
}

type backend struct{}

func (backend) watch(ctx context.Context) error { return ctx.Err() }

type multi struct{ primary func() backend }

// runOnPrimary runs fn on the primary backend with a context the client
// cancels when it switches to another primary; it goes round only then,
// while the caller's context is alive: every error of fn returns.
func (m multi) runOnPrimary(ctx context.Context) error {
	for {
		attemptCtx, cancel := context.WithCancel(ctx)
		err := m.primary().watch(attemptCtx)
		cancel()
		if err == nil {
			return nil
		}
		if attemptCtx.Err() == context.Canceled && ctx.Err() == nil {
			continue
		}
		return err
	}
}
