// Package failover holds retry loops that do not wait: they go round at
// once, to another broker, after a failed publish.
package failover

import (
	"errors"
	"time"
)

var errClosed = errors.New("publisher closed")

// Publisher publishes to one broker of a list at a time.
type Publisher struct {
	brokers []string
	current int
	limit   int
	dropped int
	timeout time.Duration
}

func (p *Publisher) publish(msg string) error { return nil }

// failover moves to the next broker, and says whether there was one.
func (p *Publisher) failover() bool {
	p.current++
	return p.current < len(p.brokers)
}

// Publish goes round after any failure, on the next broker: a retry of
// every error, capped by the limit.
func (p *Publisher) Publish(msg string) error {
	for attempt := 1; ; attempt++ { // want `retry loop retries every error, terminal ones included`
		err := p.publish(msg)
		if err == nil || attempt >= p.limit {
			return err
		}
		if p.failover() {
			continue
		}
		return err
	}
}

// PublishOpen is the same retry, which gives up on a closed publisher.
func (p *Publisher) PublishOpen(msg string) error {
	for attempt := 1; ; attempt++ {
		err := p.publish(msg)
		if err == nil || attempt >= p.limit || errors.Is(err, errClosed) {
			return err
		}
		if p.failover() {
			continue
		}
		return err
	}
}

// NextValid is no retry: it reads until a message decodes; one that does
// not is dropped, and the loop falls through to the next read with no
// continue and no wait.
func (p *Publisher) NextValid(read func() (string, error)) string {
	for {
		msg, err := read()
		if err == nil {
			return msg
		}
		p.dropped++
	}
}
