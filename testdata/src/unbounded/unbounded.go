// Package unbounded holds the cases of the unbounded check: functions
// with a want comment must be reported, the others must not.
package unbounded

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"

	retry "github.com/avast/retry-go/v4"
	"github.com/cenkalti/backoff/v4"
	backoffv5 "github.com/cenkalti/backoff/v5"
	"github.com/failsafe-go/failsafe-go"
	"github.com/failsafe-go/failsafe-go/retrypolicy"
	goretry "github.com/sethvargo/go-retry"

	"example.com/retryutil"
)

func fetch() error { return errors.New("x") }

func pause() time.Duration { return time.Duration(rand.Int64N(int64(time.Second))) }

func foreverLoop() error {
	for { // want `retry loop has no attempt cap, no elapsed-time cap and no cancellation: an error that will not clear keeps it retrying forever, holding its work and loading the failing dependency; count the attempts, bound the elapsed time, or stop when the context is done`
		if err := fetch(); err == nil {
			return nil
		}
		time.Sleep(pause())
	}
}

func foreverUntilSuccess() {
	var err error
	for err = fetch(); err != nil; err = fetch() { // want `retry loop has no attempt cap`
		time.Sleep(pause())
	}
}

func avastForever() error {
	return retry.Do(fetch, retry.Attempts(0)) // want `retry.Do retries with no attempt cap, no elapsed-time cap and no cancellation: .*; cap the attempts or the elapsed time, or pass a context that ends`
}

func avastUntilSucceeded() error {
	return retry.Do(fetch, retry.UntilSucceeded()) // want `retry.Do retries with no attempt cap`
}

func cenkaltiNoElapsed() error {
	b := backoff.NewExponentialBackOff()
	b.MaxElapsedTime = 0
	return backoff.Retry(fetch, b) // want `backoff.Retry retries with no attempt cap`
}

func cenkaltiConstant() error {
	return backoff.Retry(fetch, backoff.NewConstantBackOff(time.Second)) // want `backoff.Retry retries with no attempt cap`
}

func cenkaltiV5() error {
	_, err := backoffv5.Retry(context.Background(), func() (int, error) { return 0, fetch() }, backoffv5.WithMaxElapsedTime(0)) // want `backoffv5.Retry retries with no attempt cap`
	return err
}

func sethvargoBackground() error {
	b := goretry.WithFullJitter(goretry.NewExponential(time.Second))
	return goretry.Do(context.Background(), b, func(ctx context.Context) error { return fetch() }) // want `goretry.Do retries with no attempt cap`
}

func failsafeUnlimited() error {
	policy := retrypolicy.NewBuilder[any]().WithMaxRetries(-1).WithJitter(time.Second).Build()
	return failsafe.With[any](policy).Run(fetch) // want `failsafe.With\[any\]\(policy\).Run retries with no attempt cap`
}

func helperBackground() error {
	return retryutil.Forever(context.Background(), fetch) // want `retryutil.Forever retries until its context is done, and context.Background\(\) never is: .*; pass a context with a deadline`
}

// Negatives.

func loopWithContext(ctx context.Context) error {
	for {
		if err := fetch(); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(pause()):
		}
	}
}

func loopCounted() error {
	for attempt := 0; ; attempt++ {
		err := fetch()
		if err == nil {
			return nil
		}
		if attempt >= 5 {
			return err
		}
		time.Sleep(pause())
	}
}

func loopDeadline() error {
	start := time.Now()
	for {
		err := fetch()
		if err == nil {
			return nil
		}
		if time.Since(start) > time.Minute {
			return err
		}
		time.Sleep(pause())
	}
}

func loopCountdown() error {
	retries := 3
	for {
		err := fetch()
		if err == nil || retries == 0 {
			return err
		}
		retries--
		time.Sleep(pause())
	}
}

func avastDefault() error {
	return retry.Do(fetch)
}

func cenkaltiDefault() error {
	return backoff.Retry(fetch, backoff.NewExponentialBackOff())
}

func cenkaltiCapped(ctx context.Context) error {
	if err := backoff.Retry(fetch, backoff.WithMaxRetries(backoff.NewConstantBackOff(time.Second), 5)); err != nil {
		return err
	}
	return backoff.Retry(fetch, backoff.WithContext(backoff.NewConstantBackOff(time.Second), ctx))
}

func sethvargoCallerContext(ctx context.Context) error {
	b := goretry.WithFullJitter(goretry.NewExponential(time.Second))
	return goretry.Do(ctx, b, func(ctx context.Context) error { return fetch() })
}

func sethvargoTimeout() error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	b := goretry.WithFullJitter(goretry.NewExponential(time.Second))
	return goretry.Do(ctx, b, func(ctx context.Context) error { return fetch() })
}

func failsafeDefault() error {
	return failsafe.With[any](retrypolicy.NewWithDefaults[any]()).Run(fetch)
}

func helperCallerContext(ctx context.Context) error {
	return retryutil.Forever(ctx, fetch)
}

func helperDeadline() error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	return retryutil.Do(ctx, func(context.Context) error { return fetch() })
}

func failsafeHandled() error {
	policy := retrypolicy.NewBuilder[any]().HandleErrors(errors.ErrUnsupported).WithMaxRetries(-1).WithDelay(time.Second).WithJitter(time.Second).Build()
	return failsafe.With[any](policy).Run(fetch) // want `failsafe.With\[any\]\(policy\).Run retries with no attempt cap`
}

type pool struct{ done bool }

func (p *pool) closed() bool { return p.done }

func loopUntilClosed(p *pool) {
	for {
		if p.closed() {
			return
		}
		if err := fetch(); err == nil {
			return
		}
		time.Sleep(pause())
	}
}
