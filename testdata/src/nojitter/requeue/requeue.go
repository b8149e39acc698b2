package requeue

import (
	"strconv"
	"time"
)

// Parker sends parked messages back to their queue.
type Parker struct {
	sender Sender
	pause  time.Duration
	limit  int
}

// Unpark holds every message the same pause: messages parked together
// come back together.
func (p *Parker) Unpark(m *Message) error {
	select {
	case <-m.Context().Done():
		return m.Context().Err()
	case <-time.After(p.pause): // want `redelivery waits p.pause between attempts with no jitter`
	}
	n, _ := strconv.Atoi(m.Headers.Get(roundTrips))
	if n >= p.limit {
		return p.sender.Send("dead", m)
	}
	m.Headers.Set(roundTrips, strconv.Itoa(n+1))
	return p.sender.Send(m.Headers.Get("queue"), m)
}
