// Package repeats holds loops that do not wait and run the same
// operation a counted number of times, leaving on success: retries all
// the same. A counted loop whose body reads its counter moves on to
// another item (a failover, a scan), and is not one.
package repeats

import (
	"errors"
	"time"
)

type entry struct {
	value   []byte
	version int64
}

type store struct {
	tries   int
	timeout time.Duration
	hosts   []string
}

var errConflict = errors.New("version conflict")

func (s *store) get(key string) (entry, error)                     { return entry{}, nil }
func (s *store) put(key string, value []byte, version int64) error { return nil }
func (s *store) flush() error                                      { return nil }
func (s *store) dial(host string) error                            { return nil }
func (s *store) apply(b []byte) ([]byte, error)                    { return b, nil }

// update is a compare-and-swap loop that goes round on every failure of
// get, apply and put.
func (s *store) update(key string) error {
	var last error
	for i := 0; i < s.tries; i++ { // want `retry loop retries every error, terminal ones included`
		cur, err := s.get(key)
		if err != nil {
			last = err
			continue
		}
		next, err := s.apply(cur.value)
		if err != nil {
			last = err
			continue
		}
		if err := s.put(key, next, cur.version); err != nil {
			last = err
			continue
		}
		return nil
	}
	return last
}

// flushThrice flushes up to three times.
func (s *store) flushThrice() error {
	var err error
	for range 3 { // want `retry loop retries every error, terminal ones included`
		if err = s.flush(); err == nil {
			return nil
		}
	}
	return err
}

// Negatives.

// updateOnConflict goes round only on a version conflict.
func (s *store) updateOnConflict(key string) error {
	for i := 0; i < s.tries; i++ {
		cur, err := s.get(key)
		if err != nil {
			return err
		}
		err = s.put(key, cur.value, cur.version)
		if errors.Is(err, errConflict) {
			continue
		}
		return err
	}
	return errConflict
}

// connect tries each host once: a failover, not a retry.
func (s *store) connect() error {
	var err error
	for i := 0; i < len(s.hosts); i++ {
		if err = s.dial(s.hosts[i]); err != nil {
			continue
		}
		return nil
	}
	return err
}

// flushAll flushes a batch of n and does not leave on success.
func (s *store) flushAll(n int) int {
	failed := 0
	for i := 0; i < n; i++ {
		if err := s.flush(); err != nil {
			failed++
			continue
		}
	}
	return failed
}

// group hands out what its own goroutine reports.
type group struct {
	errs  chan error
	terms chan int
	done  chan struct{}
}

var errGroupClosed = errors.New("group closed")

// next takes the next report of the group's goroutine.
func (g *group) next() (int, error) {
	select {
	case <-g.done:
		return 0, errGroupClosed
	case err := <-g.errs:
		return 0, err
	case term := <-g.terms:
		return term, nil
	}
}

// awaitTerm takes up to three reports: each round reads the next one,
// it runs nothing again.
func awaitTerm(g *group) (int, error) {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		var term int
		if term, err = g.next(); err == nil {
			return term, nil
		}
	}
	return 0, err
}

// awaitReady dials a server it just started, on a ticker, until it
// answers: a poll for a state on a schedule.
func (s *store) awaitReady(tries int, every time.Duration) error {
	ticker := time.NewTicker(every)
	defer ticker.Stop()
	var err error
	for range tries {
		if err = s.dial("localhost"); err == nil {
			return nil
		}
		<-ticker.C
	}
	return err
}
