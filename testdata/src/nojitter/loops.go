// Package nojitter holds the cases of the nojitter check: functions with
// a want comment must be reported, the others must not.
package nojitter

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"net/http"
	"time"

	"example.com/jitterutil"
)

func fetch() error { return errors.New("x") }

func fixedSleep() error {
	for i := 0; i < 3; i++ {
		if err := fetch(); err == nil {
			return nil
		}
		time.Sleep(2 * time.Second) // want `retry loop waits a fixed 2 \* time.Second between attempts with no jitter: clients that failed together retry together, in step, against a dependency that is already failing; randomise the delay \(full jitter: rand.N\(d\)\)`
	}
	return errors.New("gave up")
}

func doublingDelay(ctx context.Context) error {
	delay := 100 * time.Millisecond
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		if err = fetch(); err == nil {
			return nil
		}
		time.Sleep(delay) // want `retry loop backs off by delay with no jitter`
		delay *= 2
	}
	return err
}

func shiftDelay(ctx context.Context) error {
	for attempt := 0; attempt < 5; attempt++ {
		err := fetch()
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After((1 << attempt) * time.Second): // want `retry loop backs off by \(1 << attempt\) \* time.Second with no jitter`
		}
	}
	return errors.New("gave up")
}

func powDelay(req *http.Request) (*http.Response, error) {
	for n := 0; n < 4; n++ {
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			time.Sleep(time.Duration(math.Pow(2, float64(n))) * time.Second) // want `retry loop backs off by time.Duration\(math.Pow\(2, float64\(n\)\)\) \* time... with no jitter`
			continue
		}
		return resp, nil
	}
	return nil, errors.New("gave up")
}

// Negatives.

func jitterInline() error {
	for i := 0; i < 3; i++ {
		if err := fetch(); err == nil {
			return nil
		}
		time.Sleep(time.Duration(rand.Int64N(int64(time.Second))))
	}
	return errors.New("gave up")
}

func backoffFor(attempt int) time.Duration {
	base := time.Duration(1<<attempt) * 100 * time.Millisecond
	return base/2 + time.Duration(rand.Int64N(int64(base/2)))
}

func jitterInSamePackageHelper() error {
	for attempt := 0; attempt < 3; attempt++ {
		if err := fetch(); err == nil {
			return nil
		}
		time.Sleep(backoffFor(attempt))
	}
	return errors.New("gave up")
}

func jitterInOtherPackage(ctx context.Context) error {
	delay := time.Second
	for attempt := 0; attempt < 3; attempt++ {
		if err := fetch(); err == nil {
			return nil
		}
		if err := jitterutil.Sleep(ctx, jitterutil.Equal(delay)); err != nil {
			return err
		}
		delay *= 2
	}
	return errors.New("gave up")
}

func tickerPoller(ctx context.Context) {
	t := time.NewTicker(time.Minute)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if err := fetch(); err != nil {
				continue
			}
		}
	}
}

func sleepingPoller() {
	for {
		if err := fetch(); err != nil {
			println(err.Error())
		}
		time.Sleep(30 * time.Second)
	}
}

func waitForReady(ctx context.Context, ready func() (bool, error)) error {
	for {
		ok, err := ready()
		if err != nil {
			return err
		}
		if ok {
			return nil
		}
		time.Sleep(time.Second)
	}
}

func waitForDeadline(ctx context.Context) {
	for ctx.Err() != context.DeadlineExceeded {
		time.Sleep(time.Millisecond)
	}
}

func paramDelay(delay time.Duration) error {
	for i := 0; i < 3; i++ {
		if err := fetch(); err == nil {
			return nil
		}
		time.Sleep(delay) // want `retry loop waits delay between attempts with no jitter`
	}
	return nil
}

type dialer struct {
	backoff func(attempt int) time.Duration
}

func (d *dialer) delay(attempt int) time.Duration { // want `backoff function \(\*dialer\).delay computes delays with no jitter unless backoff is set`
	if d.backoff != nil {
		return d.backoff(attempt)
	}
	return time.Duration(attempt) * time.Second
}

// The delay may come from the caller's function, which may be random,
// but without one it is the fixed default: reported at the function.
func (d *dialer) userDelay() error {
	for attempt := 0; attempt < 3; attempt++ {
		if err := fetch(); err == nil {
			return nil
		}
		time.Sleep(d.delay(attempt))
	}
	return nil
}
