package main

import (
	"context"
	"crypto/rand"
	"net/http"
	"net/http/httptest"
	"time"

	retry "github.com/avast/retry-go/v4"
	backoff "github.com/cenkalti/backoff/v4"
	backoffv5 "github.com/cenkalti/backoff/v5"
	"github.com/hashicorp/go-retryablehttp"
	jpbackoff "github.com/jpillora/backoff"
	goretry "github.com/sethvargo/go-retry"
	"k8s.io/apimachinery/pkg/util/wait"
)

func init() {
	register("github.com/avast/retry-go/v4", "DelayType(FixedDelay) (success path only)", avastFixedDelay)
	register("github.com/cenkalti/backoff/v4", "RandomizationFactor = 0", backoffV4Factor)
	register("github.com/cenkalti/backoff/v4", "WithRandomizationFactor(0)", backoffV4Option)
	register("github.com/cenkalti/backoff/v5", "an ExponentialBackOff literal", backoffV5Literal)
	register("github.com/hashicorp/go-retryablehttp", "Backoff = DefaultBackoff", retryableDefault)
	register("github.com/jpillora/backoff", "a Backoff literal", jpilloraLiteral)
	register("github.com/sethvargo/go-retry", "NewConstant", sethvargoConstant)
	register("k8s.io/apimachinery/pkg/util/wait", "a Backoff literal", waitLiteral)
	register("time", "a hand-written loop, in a file that imports crypto/rand (success path only)", sleepLoop)
}

func avastFixedDelay() error {
	op, calls := flaky()
	err := retry.Do(op, retry.Attempts(3), retry.Delay(time.Millisecond), retry.MaxJitter(time.Millisecond), retry.DelayType(retry.FixedDelay))
	return succeedsThird(err, *calls)
}

func backoffV4Factor() error {
	op, calls := flaky()
	b := backoff.NewExponentialBackOff()
	b.InitialInterval = time.Millisecond
	b.RandomizationFactor = 0
	err := backoff.Retry(op, backoff.WithMaxRetries(b, 3))
	if err := succeedsThird(err, *calls); err != nil {
		return err
	}
	return varies(func() time.Duration { b.Reset(); return b.NextBackOff() })
}

func backoffV4Option() error {
	op, calls := flaky()
	b := backoff.NewExponentialBackOff(backoff.WithInitialInterval(time.Millisecond), backoff.WithRandomizationFactor(0))
	err := backoff.Retry(op, backoff.WithMaxRetries(b, 3))
	if err := succeedsThird(err, *calls); err != nil {
		return err
	}
	return varies(func() time.Duration { b.Reset(); return b.NextBackOff() })
}

func backoffV5Literal() error {
	op, calls := flaky()
	b := &backoffv5.ExponentialBackOff{
		InitialInterval: time.Millisecond,
		Multiplier:      2,
		MaxInterval:     time.Second,
	}
	_, err := backoffv5.Retry(context.Background(), func() (struct{}, error) { return struct{}{}, op() }, backoffv5.WithBackOff(b), backoffv5.WithMaxTries(3))
	if err := succeedsThird(err, *calls); err != nil {
		return err
	}
	return varies(func() time.Duration { b.Reset(); return b.NextBackOff() })
}

func retryableDefault() error {
	calls := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls++
		if calls < 3 {
			w.WriteHeader(http.StatusServiceUnavailable)
		}
	}))
	defer srv.Close()
	c := retryablehttp.NewClient()
	c.Logger = nil
	c.RetryWaitMin, c.RetryWaitMax, c.RetryMax = time.Millisecond, 2*time.Millisecond, 3
	c.Backoff = retryablehttp.DefaultBackoff
	resp, err := c.Get(srv.URL)
	if err == nil {
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			err = errTransient
		}
	}
	if err := succeedsThird(err, calls); err != nil {
		return err
	}
	return varies(func() time.Duration { return c.Backoff(time.Millisecond, time.Second, 1, nil) })
}

func jpilloraLiteral() error {
	op, calls := flaky()
	b := &jpbackoff.Backoff{Min: time.Millisecond, Max: time.Second}
	var err error
	for b.Attempt() < 3 {
		if err = op(); err == nil {
			break
		}
		time.Sleep(b.Duration())
	}
	if err := succeedsThird(err, *calls); err != nil {
		return err
	}
	// The first delay is Min itself; the second is where jitter shows.
	return varies(func() time.Duration { b.Reset(); b.Duration(); return b.Duration() })
}

func sethvargoConstant() error {
	op, calls := flaky()
	b := goretry.NewConstant(time.Millisecond)
	err := goretry.Do(context.Background(), goretry.WithMaxRetries(3, b), func(context.Context) error {
		if err := op(); err != nil {
			return goretry.RetryableError(err)
		}
		return nil
	})
	if err := succeedsThird(err, *calls); err != nil {
		return err
	}
	return varies(func() time.Duration { d, _ := b.Next(); return d })
}

func waitLiteral() error {
	op, calls := flaky()
	b := wait.Backoff{Duration: time.Millisecond, Factor: 2, Steps: 4}
	err := wait.ExponentialBackoff(b, func() (bool, error) { return op() == nil, nil })
	if err := succeedsThird(err, *calls); err != nil {
		return err
	}
	return varies(func() time.Duration { s := b; return s.Step() })
}

func sleepLoop() error {
	op, calls := flaky()
	var err error
	for range 3 {
		if err = op(); err == nil {
			break
		}
		time.Sleep(time.Millisecond)
	}
	if err := succeedsThird(err, *calls); err != nil {
		return err
	}
	_, err = rand.Read(make([]byte, 4))
	return err
}
