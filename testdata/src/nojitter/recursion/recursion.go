// Package recursion holds retries written as recursion: after a failure
// the function waits and calls itself with its attempt count moved on.
package recursion

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"
)

type Config struct {
	RetryBackoff time.Duration
	RejoinDelay  time.Duration
}

type client struct{ conf *Config }

func (c *client) fetchMetadata(topics []string) error { return errors.New("leader not available") }

func (c *client) rejoin(ctx context.Context) error { return nil }

// refresh retries by calling itself with one attempt fewer, after the
// configured fixed backoff.
func (c *client) refresh(topics []string, attemptsLeft int) error {
	err := c.fetchMetadata(topics)
	if err != nil && attemptsLeft > 0 {
		time.Sleep(c.conf.RetryBackoff) // want `retry by recursion waits c.conf.RetryBackoff between attempts with no jitter`
		return c.refresh(topics, attemptsLeft-1)
	}
	return err
}

// lookup hands its failures to a closure that counts down and calls the
// enclosing function again.
func (c *client) lookup(topics []string, attemptsLeft int) error {
	retry := func(err error) error {
		if attemptsLeft > 0 {
			time.Sleep(250 * time.Millisecond) // want `retry by recursion waits a fixed 250 \* time.Millisecond between attempts with no jitter`
			attemptsLeft--
			return c.lookup(topics, attemptsLeft)
		}
		return err
	}
	if err := c.fetchMetadata(topics); err != nil {
		return retry(err)
	}
	return nil
}

// joinGroup waits first, then retries itself when the rejoin fails.
func (c *client) joinGroup(ctx context.Context, retries int) error {
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(c.conf.RejoinDelay): // want `retry by recursion waits c.conf.RejoinDelay between attempts with no jitter`
	}
	if err := c.rejoin(ctx); err != nil {
		if retries <= 0 {
			return err
		}
		return c.joinGroup(ctx, retries-1)
	}
	return nil
}

// Negatives.

// refreshJittered spreads its retries.
func (c *client) refreshJittered(topics []string, attemptsLeft int) error {
	err := c.fetchMetadata(topics)
	if err != nil && attemptsLeft > 0 {
		time.Sleep(rand.N(c.conf.RetryBackoff))
		return c.refreshJittered(topics, attemptsLeft-1)
	}
	return err
}

type page struct {
	items []string
	more  bool
}

func (c *client) fetchPage(n int) (page, error) { return page{}, nil }

// collect calls itself for the next page after a success, pausing to stay
// under a rate limit: paging, not retrying.
func (c *client) collect(n int, out []string) ([]string, error) {
	p, err := c.fetchPage(n)
	if err != nil {
		return out, err
	}
	out = append(out, p.items...)
	if p.more {
		time.Sleep(100 * time.Millisecond)
		return c.collect(n+1, out)
	}
	return out, nil
}

type node struct{ children []*node }

// walk recurses over a tree; it fails on nothing and counts depth.
func walk(n *node, depth int, visit func(*node, int) error) error {
	if err := visit(n, depth); err != nil {
		return err
	}
	for _, ch := range n.children {
		if err := walk(ch, depth+1, visit); err != nil {
			return err
		}
	}
	return nil
}

// retryNow retries at once, with no wait: nothing to jitter.
func (c *client) retryNow(topics []string, attemptsLeft int) error {
	if err := c.fetchMetadata(topics); err != nil && attemptsLeft > 0 {
		return c.retryNow(topics, attemptsLeft-1)
	}
	return nil
}

type scope struct {
	name   string
	parent *scope
}

func (c *client) lookupIn(name string, s *scope) (string, error) { return "", errors.New("not found") }

// resolve looks a name up in a scope and, when it is not found there,
// pauses and looks in the enclosing scope: each call asks another scope,
// a walk up a chain, not the same lookup again.
func (c *client) resolve(name string, s *scope, hops int) (string, error) {
	v, err := c.lookupIn(name, s)
	if err != nil && s.parent != nil && hops > 0 {
		time.Sleep(c.conf.RejoinDelay)
		return c.resolve(name, s.parent, hops-1)
	}
	return v, err
}

// redial waits longer each time and calls itself again: try only grows
// the delay, and no comparison of try ends the recursion, so nothing caps
// its attempts.
func (c *client) redial(ctx context.Context, try int) error {
	delay := time.Duration(try) * 2 * time.Second
	if delay > 30*time.Second {
		delay = 30 * time.Second
	}
	time.Sleep(delay) // want `retry by recursion waits delay between attempts with no jitter`
	if err := c.rejoin(ctx); err != nil {
		return c.redial(ctx, try+1)
	}
	return nil
}
