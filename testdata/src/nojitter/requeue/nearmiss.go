package requeue

import (
	"math/rand/v2"
	"strconv"
	"time"
)

// UnparkSpread spreads the pause at random.
func (p *Parker) UnparkSpread(m *Message) error {
	time.Sleep(p.pause/2 + rand.N(p.pause))
	n, _ := strconv.Atoi(m.Headers.Get(roundTrips))
	if n >= p.limit {
		return p.sender.Send("dead", m)
	}
	m.Headers.Set(roundTrips, strconv.Itoa(n+1))
	return p.sender.Send(m.Headers.Get("queue"), m)
}

// Forward paces a relay and stamps the hop count its caller gives: no
// count is read back from the message and moved on, so it is not a
// redelivery, and its pause is a rate, not a backoff.
func (p *Parker) Forward(m *Message, hops int) error {
	time.Sleep(p.pause)
	m.Headers.Set("hop", strconv.Itoa(hops))
	return p.sender.Send("next", m)
}
