// want package:"retrysite\\(helpers=true, random=false, waits=false\\)"

// Package classifiers holds retry helpers whose classification is the
// predicate their caller passes: the fact says which parameter, and what
// a nil there means.
package classifiers

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"
)

var errFatal = errors.New("fatal")

// A nil predicate is replaced with one that retries every error.
func Retry(ctx context.Context, op func(context.Context) error, isRetryable func(error) bool) error { // want Retry:"retryHelper\\(op=1, classifier=2 nil-classified=no, jitter=yes .*\\)"
	if isRetryable == nil {
		isRetryable = func(error) bool { return true }
	}
	for attempt := 0; attempt < 5; attempt++ {
		err := op(ctx)
		if err == nil {
			return nil
		}
		if err == ctx.Err() || !isRetryable(err) {
			return err
		}
		time.Sleep(rand.N(time.Second))
	}
	return errors.New("gave up")
}

// A nil predicate retries nothing.
func Guarded(op func() error, shouldRetry func(error) bool) error { // want Guarded:"retryHelper\\(op=0, classifier=1 nil-classified=yes, jitter=yes .*\\)"
	for attempt := 0; attempt < 5; attempt++ {
		err := op()
		if err == nil {
			return nil
		}
		if shouldRetry == nil || !shouldRetry(err) {
			return err
		}
		time.Sleep(rand.N(time.Second))
	}
	return errors.New("gave up")
}

// Classifies on its own: the predicate is not all it looks at.
func Own(op func() error, also func(error) bool) error { // want Own:"retryHelper\\(op=0, jitter=yes .*\\)"
	for attempt := 0; attempt < 5; attempt++ {
		err := op()
		if err == nil {
			return nil
		}
		if errors.Is(err, errFatal) || !also(err) {
			return err
		}
		time.Sleep(rand.N(time.Second))
	}
	return errors.New("gave up")
}

// Forwards its predicate.
func Background(op func(context.Context) error, isRetryable func(error) bool) error { // want Background:"retryHelper\\(op=0, classifier=1 nil-classified=no, jitter=yes .*\\)"
	return Retry(context.Background(), op, isRetryable)
}
