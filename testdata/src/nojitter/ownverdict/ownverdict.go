// Package ownverdict holds retry loops that wait only after one
// particular error of their operation.
package ownverdict

import (
	"context"
	"errors"
	"net/http"
	"time"
)

// A store of versioned values kept in memory, merged by timestamps with a
// resolution of one second.
type store struct {
	values map[string]int64
}

var errUnchanged = errors.New("merge saw no change")

func (s *store) merge(key string, v int64, at time.Time) int64 {
	if at.Unix() <= s.values[key] {
		return 0
	}
	s.values[key] = at.Unix()
	return at.Unix()
}

func (s *store) tryUpdate(key string, v int64) error {
	version := s.merge(key, v, time.Now())
	if version == 0 {
		return errUnchanged
	}
	return nil
}

// The wait is for the clock to reach the next second, so that the merge
// sees the change: nothing outside failed, no herd forms.
func (s *store) update(ctx context.Context, key string, v int64) error {
	var last error
	for i := 0; i < 5; i++ {
		if last == errUnchanged {
			select {
			case <-time.After(time.Second):
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		if last = s.tryUpdate(key, v); last == nil {
			return nil
		}
	}
	return last
}

// A client that turns the server's 429 into its own sentinel.
type client struct {
	hc  *http.Client
	url string
}

var errThrottled = errors.New("throttled")

func (c *client) send(req *http.Request) error {
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusTooManyRequests {
		return errThrottled
	}
	return nil
}

// The sentinel is the server's answer: every client it throttled at
// once sleeps the same second and comes back together.
func (c *client) sendAll(reqs []*http.Request) error {
	for _, req := range reqs {
		for i := 0; i < 3; i++ {
			err := c.send(req)
			if err == nil {
				break
			}
			if errors.Is(err, errThrottled) {
				time.Sleep(time.Second) // want `retry loop waits a fixed time.Second between attempts with no jitter`
			}
		}
	}
	return nil
}
