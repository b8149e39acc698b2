// Package custom implements the client's retry policy in another
// package: the policy method is known by its fact.
package custom

import (
	"errors"

	"catchall/policymethods"
)

var errQuota = errors.New("quota exceeded")

// Eager tries the next node after any failure.
type Eager struct{ Max int }

func (e *Eager) Allow(attempt int) bool { return attempt <= e.Max }

func (e *Eager) Decide(err error) policymethods.Decision { // want `\(\*Eager\).Decide returns policymethods.OtherNode, go round, for every error, and retry loops classify by policymethods.Policy.Decide`
	return policymethods.OtherNode
}

// Careful gives up when the quota is spent.
type Careful struct{ Eager }

func (c *Careful) Decide(err error) policymethods.Decision {
	if errors.Is(err, errQuota) {
		return policymethods.GiveUp
	}
	return policymethods.OtherNode
}

var _ policymethods.Policy = &Careful{}
