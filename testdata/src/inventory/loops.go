// Package inventory holds retry sites of every shape, with the numbers
// the inventory computes for each in the comment above it.
package inventory

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"time"

	"inventory/retryhelp"
)

func fetch() error { return errors.New("unavailable") }

// counted: 4 attempts, each followed by at most 250ms: at most 1s.
func counted() error {
	var err error
	for i := 0; i < 4; i++ {
		if err = fetch(); err == nil {
			return nil
		}
		time.Sleep(250 * time.Millisecond)
	}
	return err
}

// inclusive: attempts 1 to 3, a linear wait of attempt seconds: 1s + 2s
// + 3s, at most 6s.
func inclusive() error {
	var err error
	for attempt := 1; attempt <= 3; attempt++ {
		if err = fetch(); err == nil {
			return nil
		}
		time.Sleep(time.Duration(attempt) * time.Second)
	}
	return err
}

// shifted: 5 attempts, 100ms << i capped at 1s by min: 100ms + 200ms +
// 400ms + 800ms + 1s, at most 2.5s.
func shifted() error {
	const base = 100 * time.Millisecond
	var err error
	for i := range 5 {
		if err = fetch(); err == nil {
			return nil
		}
		time.Sleep(min(base<<i, time.Second))
	}
	return err
}

// powered: 3 attempts, 50ms × 2^i plus a draw below 50ms: at most
// (50+50) + (100+50) + (200+50) ms = 500ms.
func powered() error {
	var err error
	for i := 0; i < 3; i++ {
		if err = fetch(); err == nil {
			return nil
		}
		d := time.Duration(float64(50*time.Millisecond) * math.Pow(2, float64(i)))
		time.Sleep(d + rand.N(50*time.Millisecond))
	}
	return err
}

// backoffFor is a delay function of the package the inventory evaluates
// with the loop's counter: 300ms × (n+1).
func backoffFor(n int) time.Duration { return time.Duration(n+1) * 300 * time.Millisecond }

// delayFunc: 3 attempts, 300ms + 600ms + 900ms: at most 1.8s.
func delayFunc(ctx context.Context) error {
	var err error
	for n := 0; n < 3; n++ {
		if err = fetch(); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(backoffFor(n)):
		}
	}
	return err
}

// deadline: no count, a clock cap of 10s and a wait of 2s: at most 12s
// (the last attempt starts before the deadline and waits once more).
func deadline() error {
	start := time.Now()
	var err error
	for time.Since(start) < 10*time.Second {
		if err = fetch(); err == nil {
			return nil
		}
		time.Sleep(2 * time.Second)
	}
	return err
}

// doubling: the delay variable doubles after each wait, a statement of
// the body's own: 100ms + 200ms + 400ms + 800ms + 1.6s, at most 3.1s.
func doubling() error {
	delay := 100 * time.Millisecond
	var err error
	for i := 0; i < 5; i++ {
		if err = fetch(); err == nil {
			return nil
		}
		time.Sleep(delay)
		delay *= 2
	}
	return err
}

// clamped: the delay doubles before the wait and is clamped at 1s: 4
// attempts, 400ms + 800ms + 1s + 1s, at most 3.2s.
func clamped() error {
	const limit = time.Second
	delay := 200 * time.Millisecond
	var err error
	for i := 0; i < 4; i++ {
		if err = fetch(); err == nil {
			return nil
		}
		delay = delay * 2
		if delay > limit {
			delay = limit
		}
		time.Sleep(delay)
	}
	return err
}

// skipped: a continue can skip the clamp, so the delay is not followed:
// unknown.
func skipped() error {
	delay := 200 * time.Millisecond
	var err error
	for i := 0; i < 4; i++ {
		if err = fetch(); err == nil {
			return nil
		}
		time.Sleep(delay)
		delay *= 2
		if err == errBusy {
			continue
		}
		delay = min(delay, time.Second)
	}
	return err
}

var errBusy = errors.New("busy")

// outer: the inner loop's delay starts where the last round left it:
// not followed, unknown.
func outer(jobs []string) {
	delay := 100 * time.Millisecond
	for range jobs {
		for i := 0; i < 3; i++ {
			if err := fetch(); err == nil {
				break
			}
			time.Sleep(delay)
			delay *= 2
		}
	}
}

// onFailure: the delay doubles only in a branch: not followed, unknown.
func onFailure() error {
	delay := 200 * time.Millisecond
	for i := 0; i < 4; i++ {
		err := fetch()
		if err == nil {
			return nil
		}
		if err == errBusy {
			delay *= 2
		}
		time.Sleep(delay)
	}
	return errBusy
}

// innerWait waits in an inner loop, more than once per attempt: not
// computed.
func innerWait() error {
	var err error
	for i := 0; i < 3; i++ {
		if err = fetch(); err == nil {
			return nil
		}
		for j := 0; j < 2; j++ {
			time.Sleep(time.Second)
		}
	}
	return err
}

// callerCount: the count is a parameter: not computed.
func callerCount(n int) error {
	var err error
	for i := 0; i < n; i++ {
		if err = fetch(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// forever: no cap at all: unbounded.
func forever() {
	for {
		if err := fetch(); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

// viaHelper: the helper's numbers, from its fact: 3 attempts, at most
// 600ms.
func viaHelper() error { return retryhelp.Three(fetch) }

// viaTwice: a helper that calls a helper: Three's numbers, 3 attempts,
// at most 600ms.
func viaTwice() error { return retryhelp.Twice(fetch) }

// viaGuarded: 2 attempts, at most 2s.
func viaGuarded() error { return retryhelp.Guarded(fetch) }

// viaPaced: the helper's count is its caller's: unknown.
func viaPaced() error { return retryhelp.Paced(5, fetch) }

// atOnce retries a busy error at once, 3 attempts: no wait, 0s.
func atOnce() error {
	var err error
	for i := 0; i < 3; i++ {
		err = fetch()
		if err == nil || !errors.Is(err, errBusy) {
			return err
		}
	}
	return err
}
