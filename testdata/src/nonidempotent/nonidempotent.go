// Package nonidempotent holds the cases of the nonidempotent check.
package nonidempotent

import (
	"context"
	"database/sql"
	"errors"
	"math/rand/v2"
	"net/http"
	"time"

	retry "github.com/avast/retry-go/v4"
	"github.com/cenkalti/backoff/v4"
	"github.com/hashicorp/go-retryablehttp"

	"example.com/orders/mailer"
	"example.com/orders/partner"
	"example.com/orders/retryx"
	"example.com/orders/store"
)

func retryAppend(ctx context.Context, db *sql.DB, o store.Order) error {
	return retry.Do(func() error { // want `retry.Do repeats store.SaveOrder, which inserts into fct_orders \(no ON CONFLICT; no schema found, so the table.s keys are unknown\): a retry after a lost acknowledgement writes it again; replace the unit \(merge on a key from the input, or delete-then-insert in one transaction\), or do not retry`
		return store.SaveOrder(ctx, db, o)
	})
}

func helperTwoLevels(ctx context.Context, db *sql.DB, o store.Order) error {
	return retryx.Run(ctx, func() error { return store.AppendOrder(ctx, db, o) }) // want `retryx.Run repeats store.AppendOrder, which inserts into fct_orders`
}

func loopMail(to string, body []byte) error {
	for attempt := 0; attempt < 3; attempt++ { // want `retry loop repeats mailer.SendReceipt, which sends an e-mail: a retry after a lost acknowledgement does it again; send an idempotency key derived from the input, or do not retry`
		if err := mailer.SendReceipt(to, body); err == nil {
			return nil
		}
		time.Sleep(time.Duration(rand.Int64N(int64(time.Second))))
	}
	return errors.New("gave up")
}

func retryPost(ctx context.Context, c *http.Client, body []byte) error {
	return backoff.Retry(func() error { return partner.Notify(ctx, c, body) }, backoff.NewExponentialBackOff()) // want `backoff.Retry repeats partner.Notify, which sends an HTTP request`
}

func retryFreshKey(ctx context.Context, c *http.Client, body []byte) error {
	return retryx.Do(ctx, func() error { return partner.NotifyFreshKey(ctx, c, body) }) // want `retryx.Do repeats partner.NotifyFreshKey`
}

func retryCounter(ctx context.Context, db *sql.DB) error {
	return retry.Do(func() error { return store.CountVisit(ctx, db, "/") }) // want `retry.Do repeats store.CountVisit, which increments page_views .*: a retry after a lost acknowledgement adds again`
}

func retryFuncValue(ctx context.Context, db *sql.DB) error {
	send := func() error { return mailer.SendReceipt("a@example", nil) }
	return retry.Do(send) // want `retry.Do repeats mailer.SendReceipt, which sends an e-mail`
}

// Negatives.

func retryUpsert(ctx context.Context, db *sql.DB, o store.Order) error {
	return retry.Do(func() error { return store.UpsertOrder(ctx, db, o) })
}

func retryReplace(ctx context.Context, db *sql.DB) error {
	return retryx.Run(ctx, func() error { return store.ReplaceDay(ctx, db, "2026-11-30") })
}

func retryStatus(ctx context.Context, db *sql.DB) error {
	return retry.Do(func() error { return store.MarkPaid(ctx, db, "o-1") })
}

func retryGet(ctx context.Context, c *http.Client) error {
	return retry.Do(func() error { return partner.Status(ctx, c, "o-1") })
}

func retryKeyed(ctx context.Context, c *http.Client, id string, body []byte) error {
	return retry.Do(func() error { return partner.NotifyKeyed(ctx, c, id, body) })
}

func retryDeclared(ctx context.Context, db *sql.DB) error {
	return retry.Do(func() error { return store.RecordTransfer(ctx, db, "t-1") })
}

func retryingClientPost(ctx context.Context, body []byte) error {
	c := retryablehttp.NewClient() // want `retryablehttp.NewClient repeats \(\*retryablehttp.Client\).Post, which sends an HTTP POST`
	c.Backoff = retryablehttp.LinearJitterBackoff
	resp, err := c.Post("https://partner.example/orders", "application/json", body)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func retryingClientGet(ctx context.Context) error {
	c := retryablehttp.NewClient()
	c.Backoff = retryablehttp.LinearJitterBackoff
	resp, err := c.Get("https://partner.example/orders")
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
