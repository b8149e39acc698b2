// Package testoverrides is configured in its tests the way tests keep
// fast: a package-level delay cut to a millisecond, a policy field set to
// one that does not wait. The code under test is judged as it ships.
package testoverrides

import "time"

// retryDelay is the pause between sends; the tests shorten it.
var retryDelay = 2 * time.Second

type Policy interface {
	Delay(attempt int) time.Duration
}

// doubling waits 100ms, 200ms, 400ms...
type doubling struct{}

func (doubling) Delay(attempt int) time.Duration { // want `backoff function doubling.Delay computes delays with no jitter`
	return 100 * time.Millisecond << attempt
}

type Sender struct{ policy Policy }

func NewSender() *Sender { return &Sender{policy: doubling{}} }

func (s *Sender) send() error { return nil }

func (s *Sender) Send() error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		if err = s.send(); err == nil {
			return nil
		}
		time.Sleep(s.policy.Delay(attempt))
	}
	return err
}

func (s *Sender) SendFixed() error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		if err = s.send(); err == nil {
			return nil
		}
		time.Sleep(retryDelay) // want `retry loop waits retryDelay between attempts with no jitter`
	}
	return err
}
