package realmod

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"log"
	"net/http"
	"time"

	retry "github.com/avast/retry-go/v4"
	"github.com/cenkalti/backoff/v4"
	backoffv5 "github.com/cenkalti/backoff/v5"
	"github.com/failsafe-go/failsafe-go"
	"github.com/failsafe-go/failsafe-go/retrypolicy"
	goretry "github.com/sethvargo/go-retry"
)

var errTransient = errors.New("transient")

// Inventory is a remote stock service.
type Inventory interface {
	Sync(ctx context.Context) error
	Publish(sku string) error
}

// Queue is a message broker connection.
type Queue interface {
	Consume() error
}

// get fetches url and returns its body.
func get(ctx context.Context, c *http.Client, url string) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, backoff.Permanent(err)
	}
	resp, err := c.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 500 {
		return nil, fmt.Errorf("%s: %s", url, resp.Status)
	}
	return io.ReadAll(resp.Body)
}

// syncInventory retries five times at a fixed 500ms.
func syncInventory(ctx context.Context, inv Inventory) error {
	return retry.Do( // finding: catchall
		func() error { return inv.Sync(ctx) },
		retry.Attempts(5),
		retry.Delay(500*time.Millisecond),
		retry.DelayType(retry.FixedDelay), // finding: nojitter
		retry.Context(ctx),
	)
}

// publish retries until the publish goes through: Attempts(0) is avast's
// "forever", and nothing else ends it.
func publish(inv Inventory, sku string) error {
	return retry.Do( // finding: unbounded, catchall
		func() error { return inv.Publish(sku) },
		retry.Attempts(0),
		retry.OnRetry(func(n uint, err error) { log.Printf("publish %s: retry %d: %v", sku, n, err) }),
	)
}

// loadConfig turns the randomization of cenkalti's exponential backoff off.
func loadConfig(ctx context.Context, c *http.Client, url string) ([]byte, error) {
	b := backoff.NewExponentialBackOff()
	b.InitialInterval = time.Second
	b.RandomizationFactor = 0 // finding: nojitter
	b.MaxElapsedTime = 2 * time.Minute
	return backoff.RetryWithData(func() ([]byte, error) { return get(ctx, c, url) }, backoff.WithContext(b, ctx)) // finding: catchall
}

// consume waits out a broker outage of any length: MaxElapsedTime = 0
// removes the only cap cenkalti's default backoff has.
func consume(q Queue) error {
	b := backoff.NewExponentialBackOff()
	b.MaxElapsedTime = 0
	return backoff.RetryNotify(q.Consume, b, func(err error, d time.Duration) { // finding: unbounded, catchall
		log.Printf("consume: %v; again in %s", err, d)
	})
}

// fetchToken polls the token endpoint every second with cenkalti v5.
func fetchToken(ctx context.Context, c *http.Client, url string) (string, error) {
	return backoffv5.Retry(ctx, func() (string, error) { // finding: catchall
		body, err := get(ctx, c, url)
		return string(body), err
	},
		backoffv5.WithBackOff(backoffv5.NewConstantBackOff(time.Second)), // finding: nojitter
		backoffv5.WithMaxTries(5),
	)
}

// migrate retries a migration with sethvargo/go-retry's plain exponential
// backoff.
func migrate(ctx context.Context, db *sql.DB, stmt string) error {
	b := goretry.NewExponential(time.Second) // finding: nojitter
	b = goretry.WithMaxRetries(5, b)
	return goretry.Do(ctx, b, func(ctx context.Context) error { // finding: catchall
		if _, err := db.ExecContext(ctx, stmt); err != nil {
			return goretry.RetryableError(err)
		}
		return nil
	})
}

// warmCache jitters, but its context never ends and nothing caps it.
func warmCache(load func(context.Context) error) error {
	b := goretry.WithJitterPercent(10, goretry.NewExponential(500*time.Millisecond))
	b = goretry.WithCappedDuration(time.Minute, b)
	return goretry.Do(context.Background(), b, func(ctx context.Context) error { // finding: unbounded, catchall
		return goretry.RetryableError(load(ctx))
	})
}

// charge retries a payment with failsafe-go, with no limit on retries.
func charge(pay func() error) error {
	policy := retrypolicy.NewBuilder[any]().
		HandleErrors(errTransient).
		WithBackoff(time.Second, 30*time.Second).
		WithJitterFactor(0.2).
		WithMaxRetries(-1).
		Build()
	return failsafe.With(policy).Run(pay) // finding: unbounded
}

// refund retries a refund three times, a fixed second apart.
func refund(pay func() error) error {
	policy := retrypolicy.NewBuilder[any]().WithDelay(time.Second).WithMaxRetries(3).Build() // finding: nojitter
	return failsafe.With(policy).Run(pay)                                                    // finding: catchall
}

// Negatives: library defaults that jitter and cap.

func syncInventoryDefaults(ctx context.Context, inv Inventory) error {
	return retry.Do(func() error { return inv.Sync(ctx) }) // finding: catchall
}

func loadConfigDefaults(ctx context.Context, c *http.Client, url string) ([]byte, error) {
	return backoff.RetryWithData(func() ([]byte, error) { return get(ctx, c, url) }, backoff.NewExponentialBackOff()) // finding: catchall
}

func fetchTokenDefaults(ctx context.Context, c *http.Client, url string) (string, error) {
	return backoffv5.Retry(ctx, func() (string, error) { // finding: catchall
		body, err := get(ctx, c, url)
		return string(body), err
	}, backoffv5.WithBackOff(backoffv5.NewExponentialBackOff()))
}

func migrateJittered(ctx context.Context, db *sql.DB, stmt string) error {
	b := goretry.WithJitterPercent(10, goretry.NewExponential(time.Second))
	return goretry.Do(ctx, goretry.WithMaxRetries(5, b), func(ctx context.Context) error { // finding: catchall
		if _, err := db.ExecContext(ctx, stmt); err != nil {
			return goretry.RetryableError(err)
		}
		return nil
	})
}

func chargeBounded(pay func() error) error {
	policy := retrypolicy.NewBuilder[any]().
		HandleErrors(errTransient).
		WithBackoff(time.Second, 30*time.Second).
		WithJitterFactor(0.2).
		WithMaxRetries(3).
		Build()
	return failsafe.With(policy).Run(pay)
}
