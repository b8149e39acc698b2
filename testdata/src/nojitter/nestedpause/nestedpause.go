// Package nestedpause holds retry loops whose pause is a function of the
// package that hands its delay on to another: the wait, and the finding,
// are in the innermost one's body.
package nestedpause

import (
	"errors"
	"math"
	"math/rand/v2"
	"net/http"
	"time"
)

// pauseCapped waits backoff*2^attempt, at most limit, or until cancel is
// closed; it says whether the wait ran its course.
func pauseCapped(backoff, limit time.Duration, attempt int, cancel <-chan struct{}) bool {
	d := time.Duration(backoff.Seconds()*math.Pow(2, float64(attempt))) * time.Second
	if limit > 0 && d > limit {
		d = limit
	}
	select {
	case <-time.After(d): // want `retry loop waits d between attempts with no jitter`
		return true
	case <-cancel:
		return false
	}
}

// pause is pauseCapped without a cap.
func pause(backoff time.Duration, attempt int, cancel <-chan struct{}) bool {
	return pauseCapped(backoff, 0, attempt, cancel)
}

// sendAgain re-sends a request after the doubling pause.
func sendAgain(c *http.Client, req *http.Request, attempts int) (*http.Response, error) {
	var err error
	for attempt := 0; attempt < attempts; attempt++ {
		var resp *http.Response
		if resp, err = c.Do(req); err == nil {
			return resp, nil
		}
		if !pause(time.Second, attempt, req.Context().Done()) {
			return nil, req.Context().Err()
		}
	}
	return nil, err
}

// pauseSpread waits a random part of its delay.
func pauseSpread(d time.Duration, cancel <-chan struct{}) bool {
	select {
	case <-time.After(rand.N(d)):
		return true
	case <-cancel:
		return false
	}
}

// pauseFor hands its delay on to pauseSpread.
func pauseFor(d time.Duration, cancel <-chan struct{}) bool { return pauseSpread(d, cancel) }

// sendSpread pauses through the same chain, with jitter.
func sendSpread(c *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 4; attempt++ {
		if resp, err := c.Do(req); err == nil {
			return resp, nil
		}
		if !pauseFor(time.Second<<attempt, req.Context().Done()) {
			return nil, req.Context().Err()
		}
	}
	return nil, errors.New("gave up")
}
