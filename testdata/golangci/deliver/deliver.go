// Package deliver retries notify.Send well, except that a POST without an
// idempotency key is not safe to repeat (nonidempotent).
package deliver

import (
	"context"
	"errors"
	"math/rand/v2"
	"net/http"
	"time"

	"example.com/golangcifixture/notify"
)

var errBusy = errors.New("busy")

// Deliver tries at most five times while the peer is busy, with full
// jitter.
func Deliver(ctx context.Context, c *http.Client, body []byte) error {
	delay := 100 * time.Millisecond
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		if err = notify.Send(ctx, c, "https://hooks.example/in", body); err == nil || !errors.Is(err, errBusy) {
			return err
		}
		time.Sleep(rand.N(delay))
		delay *= 2
	}
	return err
}
