// Package bycallers has a retry helper that retries every error its
// operation returns and cannot tell them apart itself: what each caller's
// operation returns decides, so each call is judged, not the helper.
package bycallers

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"
)

// Retry runs op until it returns no error or ctx ends.
func Retry[T any](ctx context.Context, op func() (T, error)) (T, error) {
	for {
		res, err := op()
		if err == nil {
			return res, nil
		}
		select {
		case <-ctx.Done():
			return res, errors.Join(ctx.Err(), err)
		case <-time.After(rand.N(time.Second)):
		}
	}
}

type producer struct{}

type client struct{ closed bool }

var errTopicNotFound = errors.New("topic not found")

func (c *client) createProducer(topic string) (*producer, error) { return nil, nil }

// A producer for the dead-letter topic: every error is retried, a bad
// topic name or a refused authorisation as much as a lost connection.
func deadLetterProducer(ctx context.Context, c *client, topic string) (*producer, error) {
	return Retry(ctx, func() (*producer, error) { // want `Retry retries every error, terminal ones included \(its operation returns every error it meets, and Retry retries each\): .*; give Retry a classifier, or stop it on the terminal errors the operation meets`
		return c.createProducer(topic)
	})
}

// An operation that ends the retries itself, by returning nil, on the
// errors that will not clear.
func coordinatorProducer(ctx context.Context, c *client, topic string) (*producer, error) {
	return Retry(ctx, func() (*producer, error) {
		p, err := c.createProducer(topic)
		if errors.Is(err, errTopicNotFound) {
			return nil, nil
		}
		return p, err
	})
}

func (c *client) current() (*producer, error) { return nil, nil }

// A method value was not written for the retry: it returns its errors
// as they come.
func currentProducer(ctx context.Context, c *client) (*producer, error) {
	return Retry(ctx, c.current) // want `Retry retries every error, terminal ones included \(its operation returns every error it meets, and Retry retries each\)`
}

// An unexported helper that nothing here calls is judged at its loop:
// no caller will be.
func waitReady(ping func() error) {
	for { // want `retry loop retries every error, terminal ones included`
		if err := ping(); err == nil {
			return
		}
		time.Sleep(rand.N(time.Second))
	}
}
