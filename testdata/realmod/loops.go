package realmod

import (
	"context"
	"errors"
	"fmt"
	"log"
	"math/rand/v2"
	"net"
	"time"

	"github.com/jpillora/backoff"
)

// dialWithRetry dials addr up to three times, two seconds apart: every
// replica that lost the peer at the same moment redials at the same moment.
func dialWithRetry(addr string) (net.Conn, error) {
	var lastErr error
	for attempt := 1; attempt <= 3; attempt++ { // finding: catchall
		conn, err := net.DialTimeout("tcp", addr, 5*time.Second)
		if err == nil {
			return conn, nil
		}
		lastErr = err
		log.Printf("dial %s: attempt %d: %v", addr, attempt, err)
		time.Sleep(2 * time.Second) // finding: nojitter
	}
	return nil, fmt.Errorf("dial %s: %w", addr, lastErr)
}

// waitForDatabase blocks start-up until the database answers a ping, however
// long that takes.
func waitForDatabase(ping func() error) {
	for { // finding: unbounded, catchall
		err := ping()
		if err == nil {
			return
		}
		log.Printf("database not ready: %v", err)
		time.Sleep(time.Second + rand.N(time.Second))
	}
}

// reconnect redials with jpillora/backoff, the way many daemons do; the
// Backoff doubles the delay but, without Jitter, never randomises it.
func reconnect(ctx context.Context, addr string) (net.Conn, error) {
	b := &backoff.Backoff{ // finding: nojitter
		Min:    100 * time.Millisecond,
		Max:    30 * time.Second,
		Factor: 2,
	}
	var d net.Dialer
	for b.Attempt() < 10 { // finding: catchall
		conn, err := d.DialContext(ctx, "tcp", addr)
		if err == nil {
			return conn, nil
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(b.Duration()):
		}
	}
	return nil, errors.New("reconnect: gave up after 10 attempts")
}

// Negatives.

// sendWithBackoff doubles a fully jittered delay and gives up after five
// attempts or when ctx is done.
func sendWithBackoff(ctx context.Context, send func(context.Context) error) error {
	delay := 200 * time.Millisecond
	var err error
	for attempt := 0; attempt < 5; attempt++ { // finding: catchall
		if err = send(ctx); err == nil {
			return nil
		}
		t := time.NewTimer(rand.N(delay))
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
		delay *= 2
	}
	return fmt.Errorf("send: %w", err)
}

// reconnectJittered is reconnect with jitter turned on.
func reconnectJittered(ctx context.Context, addr string) (net.Conn, error) {
	b := &backoff.Backoff{Min: 100 * time.Millisecond, Max: 30 * time.Second, Factor: 2, Jitter: true}
	var d net.Dialer
	for b.Attempt() < 10 { // finding: catchall
		conn, err := d.DialContext(ctx, "tcp", addr)
		if err == nil {
			return conn, nil
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(b.Duration()):
		}
	}
	return nil, errors.New("reconnect: gave up after 10 attempts")
}

// pollStatus checks a job on every tick until ctx ends: a failed check
// waits for the next tick, it is polling, not retrying.
func pollStatus(ctx context.Context, check func(context.Context) error) {
	t := time.NewTicker(10 * time.Second)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if err := check(ctx); err != nil {
				log.Printf("status: %v", err)
			}
		}
	}
}
