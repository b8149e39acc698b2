// Package attemptcallee holds retry loops that pass their attempt number
// to the function that runs one attempt, which waits on a delay computed
// from it before doing the work; the loop goes round on that function's
// verdict.
package attemptcallee

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"
)

var errBusy = errors.New("busy")

type store struct{ retries int }

func (s *store) write(ctx context.Context, key string) error { return errBusy }

// put waits a delay that grows with the attempt and has no random part.
func (s *store) put(ctx context.Context, key string, attempt int) (bool, error) {
	if attempt > 0 {
		time.Sleep(time.Duration(attempt) * 50 * time.Millisecond) // want `retry loop backs off by time.Duration\(attempt\) \* 50 \* time.Millisecond with no jitter`
	}
	if err := s.write(ctx, key); err != nil {
		return errors.Is(err, errBusy), err
	}
	return false, nil
}

func (s *store) Put(ctx context.Context, key string) error {
	var last error
	for n := 0; n <= s.retries; n++ {
		retry, err := s.put(ctx, key, n)
		if err == nil || !retry {
			return err
		}
		last = err
	}
	return last
}

// Negatives.

// putSpread draws its wait at random.
func (s *store) putSpread(ctx context.Context, key string, attempt int) (bool, error) {
	if attempt > 0 {
		time.Sleep(rand.N(time.Duration(attempt) * 50 * time.Millisecond))
	}
	if err := s.write(ctx, key); err != nil {
		return errors.Is(err, errBusy), err
	}
	return false, nil
}

func (s *store) PutSpread(ctx context.Context, key string) error {
	var last error
	for n := 0; n <= s.retries; n++ {
		retry, err := s.putSpread(ctx, key, n)
		if err == nil || !retry {
			return err
		}
		last = err
	}
	return last
}

// report writes a row and then waits its turn: the wait comes after the
// work, a pacing of the caller's batch, not a pause before an attempt.
func (s *store) report(ctx context.Context, key string, i int) error {
	if err := s.write(ctx, key); err != nil {
		return err
	}
	time.Sleep(time.Duration(i) * 10 * time.Millisecond)
	return nil
}

func (s *store) ReportAll(ctx context.Context, keys []string) error {
	for i := 0; i < len(keys); i++ {
		if err := s.report(ctx, keys[i], i); err != nil {
			return err
		}
	}
	return nil
}
