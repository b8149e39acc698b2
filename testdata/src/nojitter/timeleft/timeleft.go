// Package timeleft holds waits that a retry cuts short when its time
// budget runs out, and waits the server chose on some attempts only: the
// rest of the time the wait is the client's own backoff, and that
// backoff is judged for jitter.
package timeleft

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"time"

	"github.com/jpillora/backoff"
)

func retryAfter(resp *http.Response) (time.Duration, bool) {
	s, err := strconv.Atoi(resp.Header.Get("Retry-After"))
	if err != nil {
		return 0, false
	}
	return time.Duration(s) * time.Second, true
}

// send doubles its delay, takes the server's Retry-After when there is
// one, and never waits past its budget.
func send(ctx context.Context, c *http.Client, req *http.Request, budget time.Duration) (*http.Response, error) {
	start := time.Now()
	delay := 100 * time.Millisecond
	for {
		resp, err := c.Do(req)
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		wait := delay
		if err == nil {
			if d, ok := retryAfter(resp); ok {
				wait = d
			}
			resp.Body.Close()
		}
		elapsed := time.Since(start)
		if elapsed >= budget {
			return nil, errors.New("out of time")
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(min(wait, budget-elapsed)): // want `retry loop waits min\(wait, budget-elapsed\) between attempts with no jitter`
		}
		delay *= 2
	}
}

// sendPaced waits only what the server asked for: its pace, not a
// backoff of the client's.
func sendPaced(ctx context.Context, c *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 5; attempt++ {
		resp, err := c.Do(req)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode != http.StatusTooManyRequests {
			return resp, nil
		}
		resp.Body.Close()
		retryAfterWait, ok := retryAfter(resp)
		if !ok {
			return nil, errors.New("throttled")
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(retryAfterWait):
		}
	}
	return nil, errors.New("still throttled")
}

// renew waits until the next renewal time, an hour at most, whatever
// failed: a schedule.
func renew(ctx context.Context, next time.Time, do func() error) {
	for {
		if err := do(); err == nil {
			return
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(min(time.Until(next), time.Hour)):
		}
	}
}

type rateLimited struct{ retryAfter time.Duration }

func (rateLimited) Error() string { return "rate limited" }

// reconnect waits the longer of the server's Retry-After and its own
// backoff, a literal that leaves Jitter unset: the backoff decides when
// the server asks for nothing, and it does not jitter.
func reconnect(ctx context.Context, dial func() error) {
	b := &backoff.Backoff{Max: time.Minute} // want `the backoff.Backoff literal gives the retry at line \d+ no jitter`
	for {
		var wait time.Duration
		err := dial()
		if err == nil {
			return
		}
		if rl, ok := errors.AsType[rateLimited](err); ok {
			wait = rl.retryAfter
		}
		wait = max(0, wait, b.Duration())
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
	}
}
