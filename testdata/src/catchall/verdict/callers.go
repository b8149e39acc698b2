package verdict

import (
	"errors"
	"time"
)

var errClosed = errors.New("closed")

var errConflict = errors.New("conflict")

type store struct{ closed bool }

func (s *store) create() error { return nil }

// recreate goes round on every error of create.
func (s *store) recreate() error {
	return retry(func(attempt int) (bool, error) { // want `retry retries every error, terminal ones included \(its operation returns true, go round, beside every error it meets\)`
		if s.closed {
			return false, errClosed
		}
		if err := s.create(); err != nil {
			return true, err
		}
		return false, nil
	}, 5)
}

// Negatives.

// recreateConflicts goes round only on a conflict.
func (s *store) recreateConflicts() error {
	return retry(func(attempt int) (bool, error) {
		err := s.create()
		if errors.Is(err, errConflict) {
			return true, err
		}
		return false, err
	}, 5)
}

// recreateTransient declines the errors it cannot get past.
func (s *store) recreateTransient() error {
	return retry(func(attempt int) (bool, error) {
		if err := s.create(); err != nil {
			if time.Now().IsZero() {
				return false, err
			}
			return true, err
		}
		return false, nil
	}, 5)
}

// recreateUntilTold goes round on every error of create, through a
// helper whose verdict is declared outside its loop.
func (s *store) recreateUntilTold() error {
	return retryUntilTold(func(attempt int) (bool, error) { // want `retryUntilTold retries every error, terminal ones included \(its operation returns true, go round, beside every error it meets\)`
		if err := s.create(); err != nil {
			return true, err
		}
		return false, nil
	}, 5)
}
