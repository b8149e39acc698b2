// Package backofffuncs holds backoff functions used as retry delays: one
// without jitter is reported once, at its declaration, and the retries
// that use it are not reported again.
package backofffuncs

import (
	"errors"
	"math"
	"math/rand/v2"
	"net/http"
	"time"

	retry "github.com/avast/retry-go/v4"
	"github.com/hashicorp/go-retryablehttp"
)

func ping() error { return errors.New("down") }

const base = 200 * time.Millisecond

// Doubling from a base, by the attempt number.
func expFor(attempt int) time.Duration { // want `backoff function expFor computes delays with no jitter: clients that failed together retry together, in step, against a dependency that is already failing; randomise each delay \(full jitter: rand.N\(d\)\)`
	return base * time.Duration(math.Pow(2, float64(attempt)))
}

func firstUser() error {
	for attempt := 0; attempt < 4; attempt++ {
		if err := ping(); err == nil {
			return nil
		}
		time.Sleep(expFor(attempt))
	}
	return errors.New("gave up")
}

func secondUser() error {
	for attempt := 0; attempt < 6; attempt++ {
		if err := ping(); err == nil {
			return nil
		}
		time.Sleep(expFor(attempt))
	}
	return errors.New("gave up")
}

// Quadratic, through a local variable.
func quadratic(n int) time.Duration { // want `backoff function quadratic computes delays with no jitter`
	return time.Duration(n*n) * 50 * time.Millisecond
}

func viaLocal() error {
	for n := 1; n <= 3; n++ {
		if err := ping(); err == nil {
			return nil
		}
		wait := quadratic(n)
		time.Sleep(wait)
	}
	return errors.New("gave up")
}

// A fixed table of intervals, the last one repeated.
var schedule = []time.Duration{time.Second, 2 * time.Second, 5 * time.Second}

func scheduled(attempt int) time.Duration { // want `backoff function scheduled computes delays with no jitter`
	return schedule[min(attempt, len(schedule)-1)]
}

func fromTable() error {
	for attempt := 0; attempt < 5; attempt++ {
		if err := ping(); err == nil {
			return nil
		}
		time.Sleep(scheduled(attempt))
	}
	return errors.New("gave up")
}

// A doubler that keeps its previous delay.
type doubler struct{ cur, limit time.Duration }

func (b *doubler) next() time.Duration { // want `backoff function \(\*doubler\).next computes delays with no jitter`
	d := b.cur
	if b.cur < b.limit {
		b.cur *= 2
	}
	return d
}

func stateful() error {
	b := &doubler{cur: 100 * time.Millisecond, limit: 5 * time.Second}
	for i := 0; i < 5; i++ {
		if err := ping(); err == nil {
			return nil
		}
		time.Sleep(b.next())
	}
	return errors.New("gave up")
}

// A previous delay grown by a function.
func grow(prev time.Duration) time.Duration { // want `backoff function grow computes delays with no jitter`
	return prev * 3
}

func grown() error {
	d := 50 * time.Millisecond
	for i := 0; i < 5; i++ {
		if err := ping(); err == nil {
			return nil
		}
		d = grow(d)
		time.Sleep(grow(d))
	}
	return errors.New("gave up")
}

// A literal in a local variable.
func literal() error {
	step := func(n int) time.Duration { return time.Duration(n) * time.Second } // want `backoff function step computes delays with no jitter`
	for n := 1; n < 4; n++ {
		if err := ping(); err == nil {
			return nil
		}
		time.Sleep(step(n))
	}
	return errors.New("gave up")
}

// A delay function for avast/retry-go.
func steady(n uint, err error, cfg *retry.Config) time.Duration { // want `backoff function steady computes delays with no jitter`
	return time.Duration(n+1) * time.Second
}

func avastCustom() error {
	return retry.Do(ping, retry.Attempts(4), retry.DelayType(steady))
}

// A retryablehttp client judged by its Backoff, not by its default.
func projectBackoff(min, max time.Duration, attempt int, resp *http.Response) time.Duration { // want `backoff function projectBackoff computes delays with no jitter`
	return min * time.Duration(attempt+1)
}

func client() *retryablehttp.Client {
	c := retryablehttp.NewClient()
	c.Backoff = projectBackoff
	return c
}

// Negatives.

// Jitter on every path that grows.
func jittered(attempt int) time.Duration {
	d := base << attempt
	if d > 10*time.Second {
		d = 10 * time.Second
	}
	return d/2 + rand.N(d/2)
}

func usesJittered() error {
	for attempt := 0; attempt < 4; attempt++ {
		if err := ping(); err == nil {
			return nil
		}
		time.Sleep(jittered(attempt))
	}
	return errors.New("gave up")
}

// A policy behind an interface may be random.
type pacer interface {
	Pace(attempt int) time.Duration
}

type pacedRetry struct{ p pacer }

func (r *pacedRetry) delay(attempt int) time.Duration {
	return r.p.Pace(attempt) + base
}

func (r *pacedRetry) run() error {
	for attempt := 0; attempt < 4; attempt++ {
		if err := ping(); err == nil {
			return nil
		}
		time.Sleep(r.delay(attempt))
	}
	return errors.New("gave up")
}

// Not used as a retry delay.
func unused(attempt int) time.Duration {
	return time.Duration(attempt) * time.Second
}

// Combined with avast's random delay: the sum jitters.
func avastCombined() error {
	return retry.Do(ping, retry.DelayType(retry.CombineDelay(plain, retry.RandomDelay)))
}

func plain(n uint, _ error, _ *retry.Config) time.Duration { return time.Duration(n) * time.Second }

// A clamp passes its argument's jitter through.
func clamp(d, limit time.Duration) time.Duration {
	if d > limit {
		return limit
	}
	return d
}

func clamped() error {
	for attempt := 0; attempt < 4; attempt++ {
		if err := ping(); err == nil {
			return nil
		}
		time.Sleep(clamp(jittered(attempt), 5*time.Second))
	}
	return errors.New("gave up")
}
