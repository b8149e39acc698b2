package timervar

import "time"

// Pace arms the same interval after success and after failure: the loop
// paces itself whatever happened, it does not back off.
func (g *Group) Pace(interval time.Duration) {
	for {
		err := g.join()
		var next <-chan time.Time
		switch {
		case err == nil:
			next = time.After(interval)
		default:
			next = time.After(interval)
		}
		select {
		case <-g.done:
			return
		case <-next:
		}
	}
}

// Refresh arms its timer only after a success: the wait is the refresh
// period, and a failure ends the loop.
func (g *Group) Refresh(period time.Duration) error {
	for {
		err := g.join()
		var next <-chan time.Time
		switch {
		case err == nil:
			next = time.After(period)
		default:
			return err
		}
		select {
		case <-g.done:
			return nil
		case <-next:
		}
	}
}
