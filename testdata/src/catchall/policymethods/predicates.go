package policymethods

import "errors"

// Judge says whether a failed fetch is worth another try.
type Judge interface {
	Retryable(err error) bool
}

// Fetcher fetches a page, asking its judge after each failure.
type Fetcher struct {
	judge    Judge
	attempts int
}

func (f *Fetcher) get(page string) error { return nil }

// Fetch gives up when its judge says so.
func (f *Fetcher) Fetch(page string) error {
	var err error
	for i := 0; i < f.attempts; i++ {
		if err = f.get(page); err == nil {
			return nil
		}
		if !f.judge.Retryable(err) {
			return err
		}
	}
	return err
}

// Positives.

// always retries every failed fetch.
type always struct{}

func (always) Retryable(err error) bool { return true } // want `always.Retryable returns true, go round, for every error, and retry loops classify by Judge.Retryable`

// Negatives.

var errNotFound = errors.New("page not found")

// transient gives up on a missing page.
type transient struct{}

func (transient) Retryable(err error) bool { return !errors.Is(err, errNotFound) }

// never retries nothing.
type never struct{}

func (never) Retryable(err error) bool { return false }

var _ = []Judge{always{}, transient{}, never{}}
