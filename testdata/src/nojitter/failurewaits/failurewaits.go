// Package failurewaits holds loops whose wait after a failure differs from
// their wait after success, and waits made by a function the loop calls:
// the backoffs of pollers, watchers and stream readers.
package failurewaits

import (
	"context"
	"errors"
	"io"
	"time"
)

type feed struct {
	ctx      context.Context
	interval time.Duration
	pause    time.Duration
	quit     chan struct{}
}

type reply struct{ items []string }

func (feed) ping() error                  { return nil }
func (feed) redial()                      {}
func (feed) subscribe() (*reply, error)   { return nil, nil }
func (feed) open() (io.ReadCloser, error) { return nil, nil }
func (feed) read(io.ReadCloser) error     { return io.EOF }
func (feed) dial() (io.ReadCloser, error) { return nil, nil }
func (feed) handle([]string)              {}
func (feed) unavailable(err error) bool   { return err != nil }

// A keepalive that checks the link every ten seconds, and after a failed
// check redials and checks again sooner: that sooner is a backoff.
func (f feed) keepalive() {
	wait := time.Second
	t := time.NewTimer(wait)
	defer t.Stop()
	for {
		t.Reset(wait) // want `retry loop waits wait between attempts with no jitter`
		select {
		case <-f.quit:
			return
		case <-t.C:
		}
		if err := f.ping(); err != nil {
			goto redial
		}
		wait = 10 * time.Second
		continue
	redial:
		wait = time.Second
		f.redial()
	}
}

// A subscription poll that asks again after the server's interval when
// all is well, and after a fixed minute when the request failed.
func (f feed) poll() {
	for f.ctx.Err() == nil {
		r, err := f.subscribe()
		if err != nil {
			select {
			case <-f.ctx.Done():
				return
			case <-time.After(time.Minute): // want `retry loop waits a fixed time.Minute between attempts with no jitter`
			}
			continue
		}
		if len(r.items) == 0 {
			time.Sleep(f.interval)
			continue
		}
		f.handle(r.items)
	}
}

// A stream that is reopened, a fixed pause after it broke or could not be
// opened: the reader inside leaves only on a failed read.
func (f feed) follow() error {
	for {
		body, err := f.open()
		if err != nil {
			if errors.Is(err, context.Canceled) {
				return err
			}
		} else {
			for {
				if err := f.read(body); err != nil {
					break
				}
			}
		}
		select {
		case <-time.After(500 * time.Millisecond): // want `retry loop waits a fixed 500 \* time.Millisecond between attempts with no jitter`
		case <-f.ctx.Done():
			return f.ctx.Err()
		}
	}
}

// reconnect pauses before it dials again.
func (f feed) reconnect() error {
	t := time.NewTimer(f.pause) // want `retry loop waits f.pause between attempts with no jitter`
	defer t.Stop()
	select {
	case <-f.ctx.Done():
		return f.ctx.Err()
	case <-t.C:
	}
	_, err := f.dial()
	return err
}

// A reader that reconnects through a function that pauses first.
func (f feed) stream(body io.ReadCloser) error {
	for {
		err := f.read(body)
		if err == nil {
			return nil
		}
		if err := f.reconnect(); err != nil {
			return err
		}
	}
}

func (f feed) pauseThenDial() error {
	time.Sleep(f.pause) // want `retry loop waits f.pause between attempts with no jitter`
	_, err := f.dial()
	return err
}

// A loop that reconnects through a pause of this package.
func (f feed) redialLoop() error {
	for range 5 {
		if err := f.pauseThenDial(); err == nil {
			return nil
		}
	}
	return errors.New("no link")
}

// backoffIfUnavailable sleeps and grows the delay when the error says the
// peer is unavailable, and returns the delay to use next.
func (f feed) backoffIfUnavailable(d time.Duration, err error) time.Duration {
	if f.unavailable(err) {
		if d < time.Second {
			d += d / 4
		}
		time.Sleep(d) // want `retry loop backs off by d with no jitter`
	}
	return d
}

// An open that retries through a function that waits and returns the
// next delay.
func (f feed) openWithBackoff() (io.ReadCloser, error) {
	d := time.Millisecond
	for f.ctx.Err() == nil {
		body, err := f.dial()
		if err == nil {
			return body, nil
		}
		d = f.backoffIfUnavailable(d, err)
	}
	return nil, f.ctx.Err()
}
