// Package requeue holds retries through a queue: a handler sends a failed
// message back and counts the round trips in the message's metadata.
package requeue

import (
	"context"
	"errors"
	"strconv"
	"time"
)

// Metadata is a message's string headers.
type Metadata map[string]string

func (m Metadata) Get(key string) string { return m[key] }

func (m Metadata) Set(key, value string) { m[key] = value }

// Message is a message of a broker, with a context for one delivery.
type Message struct {
	ID       string
	Payload  []byte
	Metadata Metadata
	ctx      context.Context
}

func (m *Message) Context() context.Context { return m.ctx }

// Publisher sends messages to a topic.
type Publisher interface {
	Publish(topic string, msgs ...*Message) error
}

const attemptsKey = "x-attempts"

// Bouncer moves messages from a parking topic back to the topic they
// failed on.
type Bouncer struct {
	pub   Publisher
	delay time.Duration
	max   int
}

// Bounce counts the round trip and sends the message back, forever: the
// wait ends with the delivery's context, which the next delivery renews.
func (b *Bouncer) Bounce(msg *Message) error { // want `redelivery counts the round trips of its message but never compares the count with a limit`
	select {
	case <-msg.Context().Done():
		return msg.Context().Err()
	case <-time.After(b.delay):
	}
	n, err := strconv.Atoi(msg.Metadata.Get(attemptsKey))
	if err != nil {
		n = 0
	}
	n++
	msg.Metadata.Set(attemptsKey, strconv.Itoa(n))
	return b.pub.Publish(msg.Metadata.Get("origin"), msg)
}

// BounceCapped sends the message to a dead-letter topic once it has come
// back max times.
func (b *Bouncer) BounceCapped(msg *Message) error {
	time.Sleep(b.delay)
	raw := msg.Metadata.Get(attemptsKey)
	n, _ := strconv.Atoi(raw)
	if n >= b.max {
		return b.pub.Publish("dead-letter", msg)
	}
	msg.Metadata.Set(attemptsKey, strconv.Itoa(n+1))
	return b.pub.Publish(msg.Metadata.Get("origin"), msg)
}

// BounceUntilStopped waits on its owner's context, which ends the
// redeliveries when the service shuts down.
func (b *Bouncer) BounceUntilStopped(ctx context.Context, msg *Message) error {
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(b.delay):
	}
	n, _ := strconv.Atoi(msg.Metadata.Get(attemptsKey))
	msg.Metadata.Set(attemptsKey, strconv.Itoa(n+1))
	return b.pub.Publish(msg.Metadata.Get("origin"), msg)
}

// Allow is a policy that decides from the count.
type Allow func(attempt int) bool

// BounceByPolicy hands the count to a policy, which may stop.
func (b *Bouncer) BounceByPolicy(msg *Message, allow Allow) error {
	time.Sleep(b.delay)
	n, _ := strconv.Atoi(msg.Metadata.Get(attemptsKey))
	n++
	if !allow(n) {
		return errors.New("gave up")
	}
	msg.Metadata.Set(attemptsKey, strconv.Itoa(n))
	return b.pub.Publish(msg.Metadata.Get("origin"), msg)
}

// Relay forwards a message to the next stage at once, stamping a hop
// count: nothing failed, so nothing is retried.
func (b *Bouncer) Relay(msg *Message) error {
	hops, _ := strconv.Atoi(msg.Metadata.Get("hops"))
	msg.Metadata.Set("hops", strconv.Itoa(hops+1))
	return b.pub.Publish("next", msg)
}

// Delivery is a broker delivery with typed headers.
type Delivery struct {
	Body    []byte
	Headers map[string]any
}

// Channel publishes to an exchange.
type Channel interface {
	Publish(ctx context.Context, exchange string, d Delivery) error
}

// Consume republishes a delivery its handler failed on, counting the
// attempts in a header it never compares.
func Consume(ctx context.Context, ch Channel, handle func([]byte) error) func(Delivery) {
	return func(d Delivery) { // want `redelivery counts the round trips of its message but never compares the count with a limit`
		if err := handle(d.Body); err != nil {
			tries, _ := d.Headers["x-tries"].(int)
			d.Headers["x-tries"] = tries + 1
			_ = ch.Publish(ctx, "work", d)
		}
	}
}

// ConsumeCapped parks the delivery once it has failed five times.
func ConsumeCapped(ctx context.Context, ch Channel, handle func([]byte) error) func(Delivery) {
	return func(d Delivery) {
		if err := handle(d.Body); err != nil {
			tries, _ := d.Headers["x-tries"].(int)
			if tries >= 5 {
				_ = ch.Publish(ctx, "parked", d)
				return
			}
			d.Headers["x-tries"] = tries + 1
			_ = ch.Publish(ctx, "work", d)
		}
	}
}
