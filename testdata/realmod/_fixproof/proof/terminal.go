package main

import (
	"context"
	"encoding/json"

	retry "github.com/avast/retry-go/v4"
	backoff "github.com/cenkalti/backoff/v4"
	backoffv5 "github.com/cenkalti/backoff/v5"
)

func init() {
	register("github.com/avast/retry-go/v4", "Do, a decode returned", func() error { return terminal(avastDo) })
	register("github.com/avast/retry-go/v4", "DoWithData, a decode error returned", func() error { return terminal(avastDoWithData) })
	register("github.com/cenkalti/backoff/v4", "Retry, a decode returned", func() error { return terminal(backoffV4Retry) })
	register("github.com/cenkalti/backoff/v5", "Retry, a decode error returned", func() error { return terminal(backoffV5Retry) })
}

func avastDo(body []byte) (int, error) {
	attempts := 0
	var v map[string]any
	err := retry.Do(func() error {
		attempts++
		return json.Unmarshal(body, &v)
	}, retry.Attempts(3), retry.Delay(0), retry.MaxJitter(1))
	return attempts, err
}

func avastDoWithData(body []byte) (int, error) {
	attempts := 0
	_, err := retry.DoWithData(func() (map[string]any, error) {
		attempts++
		var v map[string]any
		if err := json.Unmarshal(body, &v); err != nil {
			return nil, err
		}
		return v, nil
	}, retry.Attempts(3), retry.Delay(0), retry.MaxJitter(1))
	return attempts, err
}

func backoffV4Retry(body []byte) (int, error) {
	attempts := 0
	var v map[string]any
	err := backoff.Retry(func() error {
		attempts++
		return json.Unmarshal(body, &v)
	}, backoff.WithMaxRetries(&backoff.ZeroBackOff{}, 2))
	return attempts, err
}

func backoffV5Retry(body []byte) (int, error) {
	attempts := 0
	_, err := backoffv5.Retry(context.Background(), func() (map[string]any, error) {
		attempts++
		var v map[string]any
		if err := json.Unmarshal(body, &v); err != nil {
			return nil, err
		}
		return v, nil
	}, backoffv5.WithBackOff(&backoffv5.ZeroBackOff{}), backoffv5.WithMaxTries(3))
	return attempts, err
}
