// Package policymethods holds a client whose retry loop hands each error
// to a policy, an interface, and goes round or gives up on its answer:
// an implementation that answers "go round" whatever the error is a
// catch-all; one that looks at the error, or gives up, classifies.
package policymethods

import (
	"errors"
	"log"
	"time"
)

// Decision is what a policy makes of a failed attempt.
type Decision int

const (
	SameNode  Decision = iota // try the same node again
	OtherNode                 // try the next node
	GiveUp                    // return the error
)

// Policy decides whether, and where, a failed request is sent again.
type Policy interface {
	Allow(attempt int) bool
	Decide(err error) Decision
}

var (
	errBusy     = errors.New("node busy")
	errRejected = errors.New("request rejected")
)

// Client sends requests to a ring of nodes.
type Client struct {
	policy  Policy
	node    int
	timeout time.Duration
}

func (c *Client) send(node int, req string) error { return nil }

// Send goes round, or moves to the next node, as its policy decides.
func (c *Client) Send(req string) error {
	for attempt := 1; ; attempt++ {
		err := c.send(c.node, req)
		if err == nil || !c.policy.Allow(attempt) {
			return err
		}
		switch c.policy.Decide(err) {
		case SameNode:
			continue
		case OtherNode:
			c.node++
			continue
		case GiveUp:
			return err
		}
	}
}

// Positives.

// Fixed allows a fixed number of attempts.
type Fixed struct{ Attempts int }

func (f Fixed) Allow(attempt int) bool { return attempt <= f.Attempts }

func (Fixed) Decide(err error) Decision { // want `Fixed.Decide returns OtherNode, go round, for every error, and retry loops classify by Policy.Decide: terminal errors are retried`
	return OtherNode
}

// Spaced pauses between attempts.
type Spaced struct {
	Attempts int
	Pause    time.Duration
}

func (s *Spaced) Allow(attempt int) bool {
	if attempt > s.Attempts {
		return false
	}
	time.Sleep(s.Pause)
	return true
}

func (s *Spaced) Decide(error) Decision { // want `\(\*Spaced\).Decide returns SameNode, go round, for every error`
	return SameNode
}

// Logged logs the error it is given, and goes round whatever it is.
type Logged struct{ Fixed }

func (l Logged) Decide(err error) Decision { // want `Logged.Decide returns OtherNode, go round, for every error`
	log.Printf("request failed: %v", err)
	return OtherNode
}

// Negatives.

// Selective gives up on a rejection and on errors it does not know.
type Selective struct{ Fixed }

func (Selective) Decide(err error) Decision {
	switch {
	case errors.Is(err, errBusy):
		return OtherNode
	case errors.Is(err, errRejected):
		return GiveUp
	}
	return GiveUp
}

// Strict never sends a failed request again.
type Strict struct{ Fixed }

func (Strict) Decide(err error) Decision { return GiveUp }

// Router decides where a new request goes; no retry loop consults it.
type Router interface {
	Decide(err error) Decision
}

// sticky has a Decide that answers SameNode, but it is no Policy.
type sticky struct{}

func (sticky) Decide(err error) Decision { return SameNode }

var _ Router = sticky{}
