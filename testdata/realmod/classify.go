package realmod

import (
	"encoding/json"
	"errors"
	"net"

	retry "github.com/avast/retry-go/v4"
	"github.com/cenkalti/backoff/v4"
)

type payload struct{ ID string }

func transient(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

// DecodeWithRetry retries a decode: a malformed body fails every time.
func DecodeWithRetry(fetch func() ([]byte, error)) (payload, error) {
	var p payload
	err := retry.Do(func() error { // finding: catchall
		body, err := fetch()
		if err != nil {
			return err
		}
		return json.Unmarshal(body, &p)
	})
	return p, err
}

// FetchClassified retries transient errors only.
func FetchClassified(fetch func() ([]byte, error)) error {
	return retry.Do(func() error { _, err := fetch(); return err }, retry.RetryIf(transient))
}

// DecodePermanent stops on a decode error.
func DecodePermanent(fetch func() ([]byte, error)) (payload, error) {
	var p payload
	err := backoff.Retry(func() error {
		body, err := fetch()
		if err != nil {
			return err
		}
		if err := json.Unmarshal(body, &p); err != nil {
			return backoff.Permanent(err)
		}
		return nil
	}, backoff.NewExponentialBackOff())
	return p, err
}
