// Package pester holds clients of github.com/sethgrid/pester, which
// retry every request themselves: what decides their jitter is the
// Backoff they are given.
package pester

import (
	"time"

	"github.com/sethgrid/pester"
)

// A client with the library's default backoff, a second every time.
func defaultClient() *pester.Client {
	c := pester.New() // want `pester.New retries with no jitter: .*; set its Backoff to pester.ExponentialJitterBackoff or pester.LinearJitterBackoff`
	c.MaxRetries = 5
	return c
}

type notifier struct {
	pause  time.Duration
	client *pester.Client
}

// A backoff written as a closure that answers a configured pause: the
// same wait for every client that failed together.
func (n *notifier) setup() {
	c := pester.New()
	c.Backoff = func(int) time.Duration { return n.pause } // want `backoff func literal computes delays with no jitter`
	n.client = c
}

// The library's jittered backoff spreads the retries.
func jittered() *pester.Client {
	c := pester.New()
	c.Backoff = pester.ExponentialJitterBackoff
	return c
}
