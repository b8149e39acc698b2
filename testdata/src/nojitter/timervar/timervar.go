// Package timervar holds loops whose wait is a timer channel kept in a
// variable: armed in a failure branch, received from later.
package timervar

import (
	"errors"
	"time"
)

var errClosed = errors.New("closed")

type Group struct {
	done    chan struct{}
	errs    chan error
	backoff time.Duration
}

func (g *Group) join() error { return nil }

// Run rejoins forever; after a failure it waits the same fixed backoff.
func (g *Group) Run() {
	for {
		err := g.join()
		var wait <-chan time.Time
		switch {
		case err == nil:
			continue
		case errors.Is(err, errClosed):
			return
		default:
			wait = time.After(g.backoff) // want `waits g.backoff`
		}
		select {
		case <-g.done:
			return
		case g.errs <- err:
		}
		if wait != nil {
			select {
			case <-g.done:
				return
			case <-wait:
			}
		}
	}
}
