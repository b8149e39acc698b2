package failurewaits

import (
	"io"
	"time"
)

// A heartbeat that waits its interval after a failed beat as after a good
// one: it paces itself, it does not back off.
func (f feed) heartbeat() {
	for {
		if err := f.ping(); err != nil {
			time.Sleep(f.interval)
			continue
		}
		time.Sleep(f.interval)
	}
}

// The same, through a local copy of the interval.
func (f feed) heartbeatConst() {
	const every = 5 * time.Second
	for {
		if err := f.ping(); err != nil {
			f.redial()
			time.Sleep(5 * time.Second)
			continue
		}
		time.Sleep(every)
	}
}

// A poller whose interval grows while idle and starts over after work or
// a failure: the wait after a failure is one it also waits after success.
func (f feed) idlePoller() {
	wait := f.interval
	for {
		time.Sleep(wait)
		r, err := f.subscribe()
		if err != nil {
			wait = f.interval
			continue
		}
		if len(r.items) == 0 {
			wait *= 2
			continue
		}
		wait = f.interval
		f.handle(r.items)
	}
}

// A reader that reopens its stream after the reader ends, on success as
// on failure: the inner loop also ends when the stream is done.
func (f feed) reread() {
	for {
		body, err := f.open()
		if err != nil {
			f.redial()
		} else {
			for range 10 {
				if err := f.read(body); err != nil {
					break
				}
			}
		}
		time.Sleep(time.Second)
	}
}

// recvTimeout waits for a reply or gives up: its timer times the reply
// out, it does not pause between attempts.
func (f feed) recvTimeout(replies chan io.ReadCloser) error {
	t := time.NewTimer(f.pause)
	defer t.Stop()
	select {
	case <-replies:
		return nil
	case <-t.C:
		return io.ErrNoProgress
	}
}

// A loop that asks again when the reply timed out: the timeout is not a
// wait between attempts.
func (f feed) ask(replies chan io.ReadCloser) error {
	for range 3 {
		if err := f.recvTimeout(replies); err == nil {
			return nil
		}
	}
	return io.ErrNoProgress
}

// A poller that pauses through a function whatever happened.
func (f feed) tick() {
	time.Sleep(f.interval)
}

func (f feed) pollEvery() {
	for {
		f.tick()
		if err := f.ping(); err != nil {
			continue
		}
		f.handle(nil)
	}
}

type conn struct {
	feed
	pinger *time.Timer
}

// handshake re-arms a ping timer whose callback runs elsewhere: it does
// not pause.
func (c *conn) handshake() error {
	if c.pinger == nil {
		c.pinger = time.AfterFunc(c.interval, c.redial)
	} else {
		c.pinger.Reset(c.interval)
	}
	_, err := c.dial()
	return err
}

// A reconnect loop whose handshake arms a timer: no wait between
// attempts.
func (c *conn) connect() error {
	for range 3 {
		if err := c.handshake(); err == nil {
			return nil
		}
	}
	return io.ErrNoProgress
}
