package nojitter

import (
	"context"
	"errors"
	"time"

	retry "github.com/avast/retry-go/v4"
	"github.com/cenkalti/backoff/v4"
	backoffv5 "github.com/cenkalti/backoff/v5"
	"github.com/failsafe-go/failsafe-go"
	"github.com/failsafe-go/failsafe-go/retrypolicy"
	"github.com/hashicorp/go-retryablehttp"
	jpbackoff "github.com/jpillora/backoff"
	goretry "github.com/sethvargo/go-retry"
	"k8s.io/apimachinery/pkg/util/wait"
	k8sretry "k8s.io/client-go/util/retry"

	"example.com/retryutil"
)

func avastFixed() error {
	return retry.Do(fetch, retry.Attempts(5), retry.DelayType(retry.FixedDelay)) // want `retry.FixedDelay gives the retry at line \d+ no jitter: .*; add random jitter to the delay`
}

func avastBackOff() error {
	return retry.Do(fetch, retry.DelayType(retry.BackOffDelay)) // want `retry.BackOffDelay gives the retry`
}

func cenkaltiZeroFactor() error {
	b := backoff.NewExponentialBackOff()
	b.RandomizationFactor = 0 // want `RandomizationFactor = 0 gives the retry at line \d+ no jitter: .*; restore the default randomization factor`
	return backoff.Retry(fetch, b)
}

func cenkaltiLiteral() error {
	b := &backoff.ExponentialBackOff{ // want `the backoff.ExponentialBackOff literal gives the retry at line 44 no jitter: .*; add the default randomization factor`
		InitialInterval: time.Second,
		Multiplier:      2,
		MaxInterval:     time.Minute,
		MaxElapsedTime:  10 * time.Minute,
		Clock:           backoff.SystemClock,
	}
	return backoff.Retry(fetch, b)
}

func cenkaltiConstant() error {
	return backoff.Retry(fetch, backoff.WithMaxRetries(backoff.NewConstantBackOff(time.Second), 3)) // want `backoff.NewConstantBackOff\(time.Second\) gives the retry at line 48 no jitter: .*; use NewExponentialBackOff, whose delays jitter`
}

func cenkaltiV5Constant(ctx context.Context) error {
	_, err := backoffv5.Retry(ctx, func() (int, error) { return 0, fetch() }, backoffv5.WithBackOff(backoffv5.NewConstantBackOff(time.Second))) // want `backoffv5.NewConstantBackOff\(time.Second\) gives the retry`
	return err
}

func sethvargoNoJitter(ctx context.Context) error {
	b := goretry.NewExponential(time.Second) // want `goretry.NewExponential\(time.Second\) gives the retry at line \d+ no jitter: .*; wrap the backoff in full jitter`
	b = goretry.WithMaxRetries(5, b)
	return goretry.Do(ctx, b, func(ctx context.Context) error { return fetch() })
}

func waitNoJitter() error {
	b := wait.Backoff{Duration: time.Second, Factor: 2, Steps: 5} // want `the wait.Backoff literal gives the retry at line 64 no jitter: .*; add 10% jitter`
	return wait.ExponentialBackoff(b, func() (bool, error) { return fetch() == nil, nil })
}

func clientGoCustom() error {
	return k8sretry.OnError(wait.Backoff{Duration: time.Second, Steps: 3, Jitter: 0}, func(error) bool { return true }, fetch) // want `Jitter = 0 gives the retry at line 68 no jitter`
}

func jpilloraLoop() error {
	b := &jpbackoff.Backoff{Min: 100 * time.Millisecond, Max: 10 * time.Second} // want `the jpbackoff.Backoff literal gives the retry at line 73 no jitter: .*; turn jitter on`
	for b.Attempt() < 5 {
		if err := fetch(); err == nil {
			return nil
		}
		time.Sleep(b.Duration())
	}
	return nil
}

func retryableClient() *retryablehttp.Client {
	c := retryablehttp.NewClient() // want `retryablehttp.NewClient retries with no jitter: .*; set its Backoff to retryablehttp.LinearJitterBackoff`
	c.RetryMax = 3
	return c
}

func failsafeNoDelay() error {
	policy := retrypolicy.NewBuilder[any]().WithMaxRetries(3).Build() // want `retrypolicy.NewBuilder\[any\]\(\) gives the retry at line \d+ no jitter: .*; give it a delay with jitter \(WithBackoff and WithJitterFactor\); without a delay it retries at once`
	return failsafe.With[any](policy).Run(fetch)
}

func failsafeJitter() error {
	policy := retrypolicy.NewBuilder[any]().HandleErrors(errRetry).WithBackoff(time.Second, time.Minute).WithJitterFactor(0.2).Build()
	return failsafe.With[any](policy).Run(fetch)
}

var errRetry = errors.New("retry")

func helperWithConstant() error {
	return retryutil.WithBackOff(backoff.WithMaxRetries(backoff.NewConstantBackOff(time.Second), 3), fetch) // want `backoff.NewConstantBackOff\(time.Second\) gives the retry`
}

// Negatives: library defaults that jitter, and jitter turned on.

func avastDefault() error {
	return retry.Do(fetch, retry.Attempts(3))
}

func avastCombined() error {
	return retry.Do(fetch, retry.DelayType(retry.CombineDelay(retry.FixedDelay, retry.RandomDelay)))
}

func cenkaltiDefault() error {
	return backoff.Retry(fetch, backoff.NewExponentialBackOff())
}

func cenkaltiLiteralWithFactor() error {
	b := &backoff.ExponentialBackOff{InitialInterval: time.Second, RandomizationFactor: 0.5, Multiplier: 2, MaxInterval: time.Minute, MaxElapsedTime: time.Hour, Clock: backoff.SystemClock}
	return backoff.Retry(fetch, b)
}

func sethvargoJitter(ctx context.Context) error {
	b := goretry.WithJitterPercent(10, goretry.NewExponential(time.Second))
	return goretry.Do(ctx, goretry.WithMaxRetries(3, b), func(ctx context.Context) error { return fetch() })
}

func clientGoDefaults() error {
	return k8sretry.RetryOnConflict(k8sretry.DefaultRetry, fetch)
}

func waitWithJitter() error {
	return wait.ExponentialBackoff(wait.Backoff{Duration: time.Second, Factor: 2, Jitter: 0.2, Steps: 4}, func() (bool, error) { return fetch() == nil, nil })
}

func jpilloraJitter() error {
	b := &jpbackoff.Backoff{Min: time.Second, Max: time.Minute, Jitter: true}
	for b.Attempt() < 5 {
		if err := fetch(); err == nil {
			return nil
		}
		time.Sleep(b.Duration())
	}
	return nil
}

func retryableJitter() *retryablehttp.Client {
	c := retryablehttp.NewClient()
	c.Backoff = retryablehttp.LinearJitterBackoff
	return c
}

func helperDefault(ctx context.Context) error {
	return retryutil.Do(ctx, func(context.Context) error { return fetch() })
}
