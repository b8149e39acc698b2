package inventory

import (
	"context"
	"time"

	retry "github.com/avast/retry-go/v4"
	"github.com/cenkalti/backoff/v4"
	backoffv5 "github.com/cenkalti/backoff/v5"
	"github.com/hashicorp/go-retryablehttp"
	"k8s.io/apimachinery/pkg/util/wait"
	k8sretry "k8s.io/client-go/util/retry"
)

// avastDefaults: 10 attempts, 9 waits of 100ms·2^(n−1) plus up to
// 100ms: 51.1s + 0.9s = 52s.
func avastDefaults() error { return retry.Do(fetch) }

// avastCapped: 4 attempts, fixed 2s capped by MaxDelay 1s: 3s.
func avastCapped() error {
	return retry.Do(fetch, retry.Attempts(4), retry.Delay(2*time.Second), retry.MaxDelay(time.Second), retry.DelayType(retry.FixedDelay))
}

// avastCombined: 3 attempts, 1s·2^(n−1) plus a draw below 500ms: (1s +
// 500ms) + (2s + 500ms) = 4s.
func avastCombined() error {
	opts := retry.DelayType(retry.CombineDelay(retry.BackOffDelay, retry.RandomDelay))
	return retry.Do(fetch, retry.Attempts(3), retry.Delay(time.Second), retry.MaxJitter(500*time.Millisecond), opts)
}

// avastForever: Attempts(0) retries until success: unbounded.
func avastForever() error { return retry.Do(fetch, retry.Attempts(0)) }

// avastTimer: a timer the inventory does not model: unknown.
func avastTimer(t retry.Timer) error { return retry.Do(fetch, retry.WithTimer(t)) }

// cenkaltiRetries: 4 attempts; waits of 500ms, 750ms, 1.125s with the
// default randomization of 0.5: 750ms + 1.125s + 1.6875s = 3.5625s.
func cenkaltiRetries() error {
	return backoff.Retry(fetch, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 3))
}

// cenkaltiElapsed: no retry count, MaxElapsedTime 1m: at most 1m.
func cenkaltiElapsed() error {
	b := backoff.NewExponentialBackOff()
	b.MaxElapsedTime = time.Minute
	return backoff.Retry(fetch, b)
}

// cenkaltiConstant: 6 attempts, 5 waits of 300ms: 1.5s.
func cenkaltiConstant(ctx context.Context) error {
	b := backoff.WithContext(backoff.WithMaxRetries(backoff.NewConstantBackOff(300*time.Millisecond), 5), ctx)
	return backoff.Retry(fetch, b)
}

// cenkaltiParam: the caller's backoff: unknown.
func cenkaltiParam(b backoff.BackOff) error { return backoff.Retry(fetch, b) }

// cenkaltiV5: at most MaxElapsedTime, 30s.
func cenkaltiV5(ctx context.Context) error {
	_, err := backoffv5.Retry(ctx, func() (int, error) { return 0, fetch() }, backoffv5.WithMaxTries(5), backoffv5.WithMaxElapsedTime(30*time.Second))
	return err
}

// waitCapped: 6 steps of 1s × 3 capped at 5s, jitter 0.5: after the
// first attempt a wait of at most 1.5s; after the second, 4.5s, and the
// next duration, 9s, passes the cap, which ends the steps: 2 attempts,
// at most 6s.
func waitCapped() error {
	b := wait.Backoff{Steps: 6, Duration: time.Second, Factor: 3, Jitter: 0.5, Cap: 5 * time.Second}
	return wait.ExponentialBackoff(b, func() (bool, error) { return fetch() == nil, nil })
}

// clientGoDefault: DefaultBackoff: 4 steps of 10ms × 5 with 10% jitter:
// 11ms + 55ms + 275ms = 341ms.
func clientGoDefault() error {
	return k8sretry.OnError(k8sretry.DefaultBackoff, func(error) bool { return true }, fetch)
}

// retryableDefaults: 3 attempts; waits of 1s and 2s, but the server's
// Retry-After can set any wait: unknown.
func retryableDefaults() *retryablehttp.Client {
	c := retryablehttp.NewClient()
	c.RetryMax = 2
	return c
}
