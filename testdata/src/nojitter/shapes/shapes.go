// Package shapes holds waits in loops of the shapes real code takes:
// only a wait between attempts of a failed operation is a backoff.
package shapes

import (
	"context"
	"errors"
	"iter"
	"math/rand/v2"
	"net"
	"time"
)

type lock struct{ retryWait time.Duration }

func (lock) get() error   { return errors.New("unavailable") }
func (lock) beat() error  { return nil }
func (lock) flush() error { return nil }

// A goto retry with a counter waits a fixed time between attempts.
func (l lock) monitor() error {
	left := 3
again:
	if err := l.get(); err != nil {
		if left > 0 {
			left--
			time.Sleep(l.retryWait) // want `retry loop waits l.retryWait between attempts with no jitter`
			goto again
		}
		return err
	}
	return nil
}

// An iterator that yields attempts and waits a fixed time after each.
func attempts(ctx context.Context, n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := range n {
			if !yield(i) {
				return
			}
			select {
			case <-time.After(time.Second): // want `retry loop waits a fixed time.Second between attempts with no jitter`
			case <-ctx.Done():
				return
			}
		}
	}
}

func (l lock) acquire(ctx context.Context) error {
	var err error
	for range attempts(ctx, 5) {
		if err = l.get(); err == nil {
			return nil
		}
	}
	return err
}

// A heartbeat at a fixed interval: not a backoff.
func (l lock) heartbeat(ctx context.Context) error {
	for {
		if err := l.beat(); err != nil {
			return err
		}
		select {
		case <-time.After(time.Second):
		case <-ctx.Done():
			return nil
		}
	}
}

// A wait on the success path only: the schedule of the next round, not a
// backoff.
func (l lock) schedule(ctx context.Context) {
	for i := 0; i < 10; i++ {
		if err := l.flush(); err == nil {
			time.Sleep(time.Minute)
			return
		}
	}
}

// The same goto retry with a random wait.
func (l lock) monitorJittered() error {
	left := 3
again:
	if err := l.get(); err != nil {
		if left > 0 {
			left--
			time.Sleep(rand.N(l.retryWait))
			goto again
		}
		return err
	}
	return nil
}

type watcher struct{ stop chan struct{} }

func (watcher) poll() ([]string, error) { return nil, nil }
func (watcher) handle([]string)         {}

// A watch that backs off after failures and resets on success: its wait
// is between attempts of a failed poll.
func (w watcher) run() {
	failures := 0
	for {
		items, err := w.poll()
		if err != nil {
			failures++
			select {
			case <-time.After(time.Duration(failures*failures) * time.Second): // want `retry loop backs off by time.Duration\(failures\*failures\) \* time.Second with no jitter`
				continue
			case <-w.stop:
				return
			}
		}
		failures = 0
		w.handle(items)
	}
}

// A watch that polls at the same pace whatever happened: not a backoff.
func (w watcher) steady() {
	for {
		items, err := w.poll()
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		w.handle(items)
		select {
		case <-time.After(time.Second):
		case <-w.stop:
			return
		}
	}
}

type request struct {
	fn       func() error
	deadline time.Time
}

// A queue of requests retried every round until each succeeds: the
// failed ones are kept for the next round after a fixed wait.
func syncer(in chan request, done chan struct{}) {
	var pending []request
	for {
		select {
		case <-done:
			return
		case r := <-in:
			pending = append(pending, r)
		case <-time.After(time.Second): // want `retry loop waits a fixed time.Second between attempts with no jitter`
			var failed []request
			for _, r := range pending {
				if r.deadline.Before(time.Now()) {
					continue
				}
				if err := r.fn(); err != nil {
					failed = append(failed, r)
				}
			}
			pending = failed
		}
	}
}

// A batcher that sends what it has every second and drops what failed:
// not a retry.
func batcher(in chan request, done chan struct{}) {
	var pending []request
	for {
		select {
		case <-done:
			return
		case r := <-in:
			pending = append(pending, r)
		case <-time.After(time.Second):
			for _, r := range pending {
				if err := r.fn(); err != nil {
					continue
				}
			}
			pending = nil
		}
	}
}

type throttled struct{ RetryAfter time.Duration }

func (t *throttled) Error() string { return "throttled" }

func (l lock) call() (*throttled, error) { return nil, nil }

// The server says how long to wait: its pace, not the client's backoff.
func (l lock) retryAfter() error {
	for i := 0; i < 3; i++ {
		t, err := l.call()
		if err == nil {
			return nil
		}
		if t != nil {
			wait := t.RetryAfter
			time.Sleep(wait)
			continue
		}
		return err
	}
	return nil
}

// A heartbeat that counts its failures and beats sooner after one: it
// waits on every round, not because a beat failed.
func (w watcher) heartbeat(ctx context.Context) {
	every := time.Second
	failures := 0
	for {
		if failures > 5 {
			return
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(every):
		}
		if _, err := w.poll(); err != nil {
			failures++
			continue
		}
		every = 5 * time.Second
		failures = 0
	}
}

// An accept loop backs off on its own listener's errors: no dependency
// to spread the load of.
func serve(ln net.Listener, handle func(net.Conn)) {
	delay := 5 * time.Millisecond
	for {
		conn, err := ln.Accept()
		if err != nil {
			time.Sleep(delay)
			delay *= 2
			continue
		}
		delay = 5 * time.Millisecond
		go handle(conn)
	}
}

// A send with a deadline in a retrying loop: the timer drops a message
// nobody takes, it does not pause between attempts.
func (w watcher) forward(out chan []string) {
	timer := time.NewTimer(time.Minute)
	for {
		items, err := w.poll()
		if err != nil {
			time.Sleep(rand.N(time.Second))
			continue
		}
		timer.Reset(time.Second)
		select {
		case out <- items:
		case <-timer.C:
		}
		return
	}
}

// A refresh that waits out what is left of a minimum interval before it
// tries again: a schedule read from the clock, not a backoff.
func (l lock) refresh(last time.Time) error {
	for i := 0; i < 3; i++ {
		if err := l.get(); err == nil {
			return nil
		}
		time.Sleep(time.Second - time.Since(last))
	}
	return nil
}

// A consumer that waits only when a read fails, then reads again: its
// loop is not a retry, but that wait is a backoff.
func (w watcher) consume() {
	for {
		items, err := w.poll()
		if err != nil {
			time.Sleep(time.Second) // want `retry loop waits a fixed time.Second between attempts with no jitter`
			continue
		}
		w.handle(items)
	}
}

type result struct {
	err     error
	primary bool
}

// A loop that collects the results of racing attempts made elsewhere runs
// no attempt itself: its timer starts the fallback, it is not a backoff.
func race(results chan result) error {
	fallback := time.NewTimer(300 * time.Millisecond)
	var last error
	for {
		select {
		case <-fallback.C:
			go func() { results <- result{} }()
		case r := <-results:
			if r.err == nil {
				return nil
			}
			last = r.err
			if r.primary {
				fallback.Reset(time.Second)
			} else {
				return last
			}
		}
	}
}

type pubOpts struct {
	wait, ttl time.Duration
}

// An options struct with a field set: its wait is as fixed as it was.
func (l lock) publish(ttl time.Duration) error {
	var o = pubOpts{wait: 250 * time.Millisecond}
	o.ttl = ttl
	for i := 0; i < 3; i++ {
		if err := l.get(); err == nil {
			return nil
		}
		time.Sleep(o.wait) // want `retry loop waits o.wait between attempts with no jitter`
	}
	return nil
}
