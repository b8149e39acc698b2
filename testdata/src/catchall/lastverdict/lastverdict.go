// Package lastverdict holds retries whose classifier answers with a
// pause and a verdict, the verdict last (a gax Retryer's Retry(err)
// (time.Duration, bool)): the loop goes round only when the verdict says
// so, and it classifies as far as the classifier does.
package lastverdict

import (
	"errors"
	"math/rand/v2"
	"time"
)

var errInvalid = errors.New("invalid argument")

type stream struct{}

func (s *stream) open() (*stream, error) { return s, nil }

// byCode refuses the errors that will not pass on another try.
type byCode struct{ pause time.Duration }

func (b *byCode) Retry(err error) (time.Duration, bool) {
	if errors.Is(err, errInvalid) {
		return 0, false
	}
	b.pause = 2 * b.pause
	return rand.N(b.pause + 1), true
}

// everything answers yes whatever the error.
type everything struct{}

func (everything) Retry(err error) (time.Duration, bool) {
	return rand.N(time.Second), true
}

// openClassified goes round only when byCode says so: it classifies.
func openClassified(s *stream) (*stream, error) {
	r := &byCode{pause: 100 * time.Millisecond}
	for i := 0; i < 5; i++ {
		next, err := s.open()
		pause, again := r.Retry(err)
		if err != nil && again {
			time.Sleep(pause)
			continue
		}
		return next, err
	}
	return nil, errors.New("gave up")
}

// openAll asks a classifier that says yes to every error.
func openAll(s *stream) (*stream, error) {
	var r everything
	for i := 0; i < 5; i++ { // want `its classifier r.Retry returns true for every error`
		next, err := s.open()
		pause, again := r.Retry(err)
		if err != nil && again {
			time.Sleep(pause)
			continue
		}
		return next, err
	}
	return nil, errors.New("gave up")
}

// openForever leaves only when the classifier refuses the error: a
// verdict on what failed, not a stop from outside, so nothing cancels it.
func openForever(s *stream) (*stream, error) {
	r := &byCode{pause: 100 * time.Millisecond}
	for {
		next, err := s.open()
		if err == nil {
			return next, nil
		}
		pause, again := r.Retry(err)
		if !again {
			return nil, err
		}
		time.Sleep(pause)
	}
}

// nextAddr answers where to send next, and last whether to: no on
// success and on an invalid request.
func nextAddr(addr string, err error) (string, bool) {
	if err == nil || errors.Is(err, errInvalid) {
		return addr, false
	}
	return addr + "-b", true
}

// resend goes round when the verdict nextAddr returns last says so: a
// retry on the failures it accepts, not a loop that goes round on
// success too.
func resend(s *stream, addr string) error {
	var err error
	for n := 0; n < 3; n++ {
		_, err = s.open()
		var again bool
		addr, again = nextAddr(addr, err)
		if again {
			time.Sleep(rand.N(time.Second))
			continue
		}
		break
	}
	return err
}
