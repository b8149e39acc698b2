// Package policyhandlers holds retries whose verdict comes from a walk
// over a list of policies, each with a handler field that judges the
// error: the walk retries nothing itself, so its handlers' looks are the
// retry's. A handler that says yes to every error classifies nothing.
package policyhandlers

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"
)

var errUnavailable = errors.New("unavailable")

// Policy decides, by its Handler, which errors are worth another try.
type Policy struct {
	MaxRetries int
	Handler    func(error) bool
}

// Policies is the default registry: only an unavailable server is
// retried.
var Policies = []Policy{{
	MaxRetries: 5,
	Handler:    func(err error) bool { return errors.Is(err, errUnavailable) },
}}

// call runs op until no policy accepts its error.
func call(ctx context.Context, policies []Policy, op func(context.Context) error) error {
	tries := 0
	again := true
	for again && tries < 10 {
		again = false
		err := op(ctx)
		if err == nil {
			return nil
		}
		for _, p := range policies {
			if p.Handler(err) {
				again = true
				tries++
				time.Sleep(rand.N(100 * time.Millisecond))
				break
			}
		}
		if !again {
			return err
		}
	}
	return errors.New("retries exceeded")
}

// Lenient accepts whatever failed.
type Lenient struct {
	Accept func(error) bool
}

var everything = []Lenient{{Accept: func(error) bool { return true }}}

// callAll asks handlers that accept every error.
func callAll(ctx context.Context, op func(context.Context) error) error {
	tries := 0
	again := true
	for again && tries < 10 { // want `retries every error`
		again = false
		err := op(ctx)
		if err == nil {
			return nil
		}
		for _, l := range everything {
			if l.Accept(err) {
				again = true
				tries++
				time.Sleep(rand.N(100 * time.Millisecond))
				break
			}
		}
		if !again {
			return err
		}
	}
	return errors.New("retries exceeded")
}
