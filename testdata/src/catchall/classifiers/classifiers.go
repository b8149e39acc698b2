// Package classifiers holds classification written as a policy: a
// predicate, a CheckRetry or a helper's classifier that answers "retry"
// for every error is a catch-all; one that looks at the error classifies.
package classifiers

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"net"
	"net/http"
	"time"

	retry "github.com/avast/retry-go/v4"
	"github.com/hashicorp/go-retryablehttp"
	k8sretry "k8s.io/client-go/util/retry"

	"catchall/classifiers/retryx"
)

var errThrottled = errors.New("throttled")

func load(ctx context.Context) error {
	var v map[string]int
	return json.Unmarshal([]byte("{}"), &v)
}

func ping() error { return errors.New("down") }

func isFailure(err error) bool { return err != nil }

func anyError(err error) bool {
	if err != nil {
		return true
	}
	return false
}

func isTimeout(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

// A nil classifier that the helper turns into "retry every error".
func nilClassifier(ctx context.Context) error {
	return retryx.Retry(ctx, load, nil) // want `retryx.Retry retries every error, terminal ones included \(its classifier is nil, which retryx.Retry replaces with one that retries every error; its operation can fail with a JSON decoding error from json.Unmarshal\): .*; pass a classifier that returns false for terminal errors`
}

// A classifier that returns err != nil.
func errNotNil(ctx context.Context) error {
	return retryx.Retry(ctx, load, isFailure) // want `retryx.Retry retries every error, terminal ones included \(its classifier isFailure returns true for every error; .*\): .*; make the classifier return false for terminal errors`
}

// One that ignores its error.
func ignoresError(ctx context.Context) error {
	return retryx.Retry(ctx, load, func(error) bool { return ctx.Err() == nil }) // want `retryx.Retry retries every error, terminal ones included \(its classifier func\(error\) bool { return ctx.Err\(\) == nil } returns true for every error`
}

// client-go's OnError with a predicate that is true whenever err != nil.
func onErrorAny() error {
	return k8sretry.OnError(k8sretry.DefaultBackoff, anyError, ping) // want `k8sretry.OnError retries every error, terminal ones included \(its classifier anyError returns true for every error\): .*; give it a predicate that returns false for terminal errors`
}

// A helper that hands its predicate to client-go.
func kubeAll() error {
	return retryx.Kube(ping, func(err error) bool { return err != nil }) // want `retryx.Kube retries every error, terminal ones included \(its classifier func\(err error\) bool { return err != nil } returns true for every error\)`
}

// avast's RetryIf with err != nil.
func retryIfAny() error {
	return retry.Do(ping, retry.RetryIf(func(err error) bool { return err != nil })) // want `retry.Do retries every error, terminal ones included \(its classifier func\(err error\) bool { return err != nil } returns true for every error\)`
}

// A CheckRetry that retries every transport error.
func checkRetryAll() *retryablehttp.Client {
	c := retryablehttp.NewClient() // want `retryablehttp.NewClient retries every error, terminal ones included \(its classifier func\(ctx context.Context, resp \*http.Response... returns true for every error\)`
	c.Backoff = retryablehttp.LinearJitterBackoff
	c.CheckRetry = func(ctx context.Context, resp *http.Response, err error) (bool, error) {
		if ctx.Err() != nil {
			return false, ctx.Err()
		}
		if err != nil {
			return true, nil
		}
		return resp.StatusCode >= 500, nil
	}
	return c
}

// A predicate held in a field, assigned once.
type syncer struct{ retryable func(error) bool }

func newSyncer() *syncer { return &syncer{retryable: func(error) bool { return true }} }

func (s *syncer) run() error {
	for attempt := 0; attempt < 3; attempt++ { // want `retry loop retries every error, terminal ones included \(its classifier s.retryable returns true for every error\): .*; make the classifier return false for terminal errors`
		err := ping()
		if err == nil {
			return nil
		}
		if !s.retryable(err) {
			return err
		}
		time.Sleep(rand.N(time.Second))
	}
	return errors.New("gave up")
}

// A look at the error that only picks the delay does not classify.
func delayByError() error {
	for attempt := 0; attempt < 3; attempt++ { // want `retry loop retries every error, terminal ones included: .*; look at the error`
		err := ping()
		if err == nil {
			return nil
		}
		pause := rand.N(time.Second)
		if errors.Is(err, errThrottled) {
			pause = rand.N(10 * time.Second)
		}
		time.Sleep(pause)
	}
	return errors.New("gave up")
}

// Negatives.

// A classifier that is true only for a timeout.
func timeoutsOnly(ctx context.Context) error {
	return retryx.Retry(ctx, load, isTimeout)
}

func onErrorTimeouts() error {
	return k8sretry.OnError(k8sretry.DefaultBackoff, isTimeout, ping)
}

func kubeTimeouts() error {
	return retryx.Kube(ping, isTimeout)
}

// nil where nil means "never retry".
func nilNever() error {
	return retryx.Maybe(ping, nil)
}

// The caller's own classifier decides: checked where it is called.
func forward(ctx context.Context, pred func(error) bool) error {
	return retryx.Retry(ctx, load, pred)
}

// A CheckRetry that checks the status code, and hands transport errors to
// the library's policy.
func checkRetryStatus() *retryablehttp.Client {
	c := retryablehttp.NewClient()
	c.Backoff = retryablehttp.LinearJitterBackoff
	c.CheckRetry = func(ctx context.Context, resp *http.Response, err error) (bool, error) {
		if err != nil {
			return retryablehttp.DefaultRetryPolicy(ctx, resp, err)
		}
		return resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500, nil
	}
	return c
}

// A CheckRetry that ignores the error but reads the response.
func checkRetryResponse() *retryablehttp.Client {
	c := retryablehttp.NewClient()
	c.Backoff = retryablehttp.LinearJitterBackoff
	c.CheckRetry = func(_ context.Context, resp *http.Response, _ error) (bool, error) {
		return resp != nil && resp.StatusCode == http.StatusServiceUnavailable, nil
	}
	return c
}

// A look at the error that can stop the loop classifies.
func stopsOnThrottle() error {
	for attempt := 0; attempt < 3; attempt++ {
		err := ping()
		if err == nil {
			return nil
		}
		permanent := false
		if errors.Is(err, errThrottled) {
			permanent = true
		}
		if permanent {
			return err
		}
		time.Sleep(rand.N(time.Second))
	}
	return errors.New("gave up")
}

// A nil classifier, but the operation returns only the errors to retry:
// it drops the others itself.
func operationFilters(ctx context.Context) error {
	return retryx.Retry(ctx, func(ctx context.Context) error {
		err := load(ctx)
		if errors.Is(err, errThrottled) {
			return err
		}
		return nil
	}, nil)
}

type throttled struct{ wait time.Duration }

func (t *throttled) Error() string { return "throttled" }

// A type switch that only picks the delay does not classify.
func delayBySwitch() error {
	for attempt := 0; attempt < 3; attempt++ { // want `retry loop retries every error, terminal ones included`
		err := ping()
		if err == nil {
			return nil
		}
		pause := rand.N(time.Second)
		switch e := err.(type) {
		case *throttled:
			pause = e.wait + rand.N(time.Second)
		}
		time.Sleep(pause)
	}
	return errors.New("gave up")
}

// A check for cancellation is not a classification.
func stopsOnCancel(ctx context.Context) error {
	for attempt := 0; attempt < 3; attempt++ { // want `retry loop retries every error, terminal ones included`
		err := load(ctx)
		if err == nil || errors.Is(err, context.Canceled) {
			return err
		}
		time.Sleep(rand.N(time.Second))
	}
	return errors.New("gave up")
}

func code(err error) int { return 503 }

// A code read from the error, compared: classifies.
func byCode() error {
	for attempt := 0; attempt < 3; attempt++ {
		err := ping()
		if err == nil {
			return nil
		}
		if code(err) != 503 {
			return err
		}
		time.Sleep(rand.N(time.Second))
	}
	return errors.New("gave up")
}

// A switch on the error's text that stops: classifies.
func byText() error {
	for attempt := 0; attempt < 3; attempt++ {
		err := ping()
		if err == nil {
			return nil
		}
		switch err.Error() {
		case "bad request", "forbidden":
			return err
		}
		time.Sleep(rand.N(time.Second))
	}
	return errors.New("gave up")
}
