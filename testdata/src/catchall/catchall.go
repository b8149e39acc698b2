// Package catchall holds the cases of the catchall check.
package catchall

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"net/http"
	"strconv"
	"time"

	retry "github.com/avast/retry-go/v4"
	"github.com/cenkalti/backoff/v4"
	backoffv5 "github.com/cenkalti/backoff/v5"
	"github.com/failsafe-go/failsafe-go"
	"github.com/failsafe-go/failsafe-go/retrypolicy"
	"github.com/hashicorp/go-retryablehttp"
	goretry "github.com/sethvargo/go-retry"
	"k8s.io/apimachinery/pkg/util/wait"
	k8sretry "k8s.io/client-go/util/retry"

	"example.com/errkind"
)

var errTransient = errors.New("transient")

func fetch() ([]byte, error) { return nil, errTransient }

func decode(body []byte) (map[string]any, error) {
	var v map[string]any
	err := json.Unmarshal(body, &v)
	return v, err
}

func pause() time.Duration { return rand.N(time.Second) }

func avastDefault() error {
	return retry.Do(func() error { // want `retry.Do retries every error, terminal ones included \(its operation can fail with a JSON decoding error from json.Unmarshal\): a deterministic failure fails again after every backoff and the response window is spent; return retry.Unrecoverable\(err\) for terminal errors`
		body, err := fetch()
		if err != nil {
			return err
		}
		_, err = decode(body)
		return err
	})
}

func avastAlwaysTrue() error {
	return retry.Do(func() error { _, err := fetch(); return err }, retry.RetryIf(func(error) bool { return true })) // want `retry.Do retries every error`
}

func avastTrap() error {
	return retry.Do(func() error { // want `retry.Do has a RetryIf, which replaces the check for retry.Unrecoverable: the errors the operation marks unrecoverable are retried \(its operation can fail with a number parsing error from strconv.Atoi\)`
		body, err := fetch()
		if err != nil {
			return err
		}
		if _, err := strconv.Atoi(string(body)); err != nil {
			return retry.Unrecoverable(err)
		}
		return nil
	}, retry.RetryIf(errkind.Transient))
}

func cenkaltiNoPermanent() error {
	return backoff.Retry(func() error { _, err := fetch(); return err }, backoff.NewExponentialBackOff()) // want `backoff.Retry retries every error, terminal ones included: .*; return backoff.Permanent\(err\) for terminal errors`
}

func cenkaltiV5(ctx context.Context) error {
	_, err := backoffv5.Retry(ctx, fetch) // want `backoffv5.Retry retries every error`
	return err
}

func sethvargoAllWrapped(ctx context.Context) error {
	b := goretry.WithMaxRetries(3, goretry.WithFullJitter(goretry.NewExponential(time.Second)))
	return goretry.Do(ctx, b, func(ctx context.Context) error { // want `goretry.Do retries every error, terminal ones included: .*; wrap only the transient errors in goretry.RetryableError`
		_, err := fetch()
		return goretry.RetryableError(err)
	})
}

func waitSwallows() error {
	var last error
	err := wait.ExponentialBackoff(wait.Backoff{Duration: time.Second, Factor: 2, Jitter: 0.1, Steps: 4}, func() (bool, error) { // want `wait.ExponentialBackoff retries every error, terminal ones included: .*; return the terminal errors from the condition instead of \(false, nil\)`
		if _, err := fetch(); err != nil {
			last = err
			return false, nil
		}
		return true, nil
	})
	if err != nil {
		return last
	}
	return nil
}

func onErrorAlways() error {
	return k8sretry.OnError(k8sretry.DefaultBackoff, func(error) bool { return true }, func() error { _, err := fetch(); return err }) // want `k8sretry.OnError retries every error, terminal ones included \(its classifier func\(error\) bool { return true } returns true for every error\): .*; give it a predicate that returns false for terminal errors`
}

func failsafeDefault() error {
	return failsafe.With[any](retrypolicy.NewWithDefaults[any]()).Run(func() error { _, err := fetch(); return err }) // want `failsafe.With\[any\]\(retrypolicy.NewWithDefaults\[any\]\(\)\).Run retries every error`
}

func loopAny() error {
	var err error
	for attempt := 0; attempt < 3; attempt++ { // want `retry loop retries every error, terminal ones included: .*; look at the error \(errors.Is, errors.As, a predicate\) and return the terminal ones`
		if _, err = fetch(); err == nil {
			return nil
		}
		time.Sleep(pause())
	}
	return err
}

// Negatives.

func avastPredicate() error {
	return retry.Do(func() error { _, err := fetch(); return err }, retry.RetryIf(errkind.Transient))
}

func avastUnrecoverable() error {
	return retry.Do(func() error {
		body, err := fetch()
		if err != nil {
			return err
		}
		if _, err := decode(body); err != nil {
			return retry.Unrecoverable(err)
		}
		return nil
	})
}

func cenkaltiPermanent() error {
	return backoff.Retry(func() error {
		body, err := fetch()
		if err != nil {
			return err
		}
		if _, err := decode(body); err != nil {
			return backoff.Permanent(err)
		}
		return nil
	}, backoff.NewExponentialBackOff())
}

func sethvargoMixed(ctx context.Context) error {
	b := goretry.WithMaxRetries(3, goretry.WithFullJitter(goretry.NewExponential(time.Second)))
	return goretry.Do(ctx, b, func(ctx context.Context) error {
		_, err := fetch()
		if errkind.Transient(err) {
			return goretry.RetryableError(err)
		}
		return err
	})
}

func waitReturnsError() error {
	return wait.ExponentialBackoff(wait.Backoff{Duration: time.Second, Factor: 2, Jitter: 0.1, Steps: 4}, func() (bool, error) {
		if _, err := fetch(); err != nil {
			if errkind.Transient(err) {
				return false, nil
			}
			return false, err
		}
		return true, nil
	})
}

func onErrorPredicate() error {
	return k8sretry.OnError(k8sretry.DefaultBackoff, errkind.Transient, func() error { _, err := fetch(); return err })
}

func onConflict() error {
	return k8sretry.RetryOnConflict(k8sretry.DefaultRetry, func() error { _, err := fetch(); return err })
}

func failsafeHandled() error {
	policy := retrypolicy.NewBuilder[any]().HandleErrors(errTransient).WithMaxRetries(3).Build()
	return failsafe.With[any](policy).Run(func() error { _, err := fetch(); return err })
}

func loopIs() error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if _, err = fetch(); err == nil || !errors.Is(err, errTransient) {
			return err
		}
		time.Sleep(pause())
	}
	return err
}

func loopPredicateElsewhere() error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		_, err = fetch()
		if err == nil {
			return nil
		}
		if !errkind.Transient(err) {
			return err
		}
		time.Sleep(pause())
	}
	return err
}

func loopStatus(c *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ {
		resp, err := c.Do(req)
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		time.Sleep(pause())
	}
	return nil, errors.New("gave up")
}

func retryableClient() *retryablehttp.Client {
	c := retryablehttp.NewClient()
	c.Backoff = retryablehttp.LinearJitterBackoff
	return c
}

func cenkaltiDecode() error {
	var v map[string]any
	return backoff.Retry(func() error { // want `backoff.Retry retries every error, terminal ones included \(its operation can fail with a JSON decoding error from json.Unmarshal, a number parsing error from strconv.Atoi\)`
		body, err := fetch()
		if err != nil {
			return err
		}
		if err := json.Unmarshal(body, &v); err != nil {
			return err
		}
		n, err := strconv.Atoi(string(body))
		if err != nil {
			return err
		}
		_ = n
		return json.Unmarshal(body, &v)
	}, backoff.NewExponentialBackOff())
}

func avastDecode() (map[string]any, error) {
	var v map[string]any
	err := retry.Do(func() error { // want `retry.Do retries every error, terminal ones included \(its operation can fail with a JSON decoding error from json.Unmarshal\)`
		body, err := fetch()
		if err != nil {
			return err
		}
		return json.Unmarshal(body, &v)
	}, retry.Attempts(3))
	return v, err
}

// DoWithData's operation returns its value beside the error: a
// wrapper that makes an error of nil cannot wrap the call in place, and
// the fix leaves that return alone. The error tested non-nil is wrapped.
func avastDecodeWithData() (map[string]any, error) {
	return retry.DoWithData(func() (map[string]any, error) { // want `retry.DoWithData retries every error, terminal ones included \(its operation can fail with a number parsing error from strconv.Atoi, a JSON decoding error from json.Unmarshal\)`
		body, err := fetch()
		if err != nil {
			return nil, err
		}
		if _, err := strconv.Atoi(string(body)); err != nil {
			return nil, err
		}
		var v map[string]any
		return v, json.Unmarshal(body, &v)
	})
}

// An error tested for nil, not non-nil, is not wrapped: the body runs on
// success.
func avastNilTest() error {
	return retry.Do(func() error { // want `retry.Do retries every error, terminal ones included \(its operation can fail with a number parsing error from strconv.Atoi\)`
		body, err := fetch()
		if err != nil {
			return err
		}
		if _, err := strconv.Atoi(string(body)); err == nil {
			return err
		}
		return errTransient
	})
}

func terminalElsewhere() error {
	return retry.Do(func() error { // want `retry.Do retries every error, terminal ones included \(its operation can fail with a JSON decoding error from json.Unmarshal\)`
		body, err := fetch()
		if err != nil {
			return err
		}
		_, err = errkind.DecodeOrder(body)
		return err
	})
}

func fetchCtx(ctx context.Context) error { return ctx.Err() }

func loopIgnoresContext(ctx context.Context) error {
	var err error
	for attempt := 0; attempt < 5; attempt++ { // want `retry loop retries every error, terminal ones included \(its operation can fail with context.Canceled, which it retries since it never looks at its context\)`
		if err = fetchCtx(ctx); err == nil {
			return nil
		}
		time.Sleep(pause())
	}
	return err
}

// A poll whose condition folds every failure of its one request into
// "not done": each error, terminal ones included, is asked again.
func pollSwallows(ctx context.Context) error {
	return wait.PollUntilContextTimeout(ctx, time.Second, time.Minute, true, func(ctx context.Context) (bool, error) { // want `wait.PollUntilContextTimeout retries every error, terminal ones included`
		if _, err := fetch(); err != nil {
			return false, nil
		}
		return true, nil
	})
}

// Not a retry the catchall judges: the poll waits for a state and stops
// on every error.
func pollState(ctx context.Context, ready func() (bool, error)) error {
	return wait.PollUntilContextTimeout(ctx, time.Second, time.Minute, true, func(ctx context.Context) (bool, error) {
		return ready()
	})
}
