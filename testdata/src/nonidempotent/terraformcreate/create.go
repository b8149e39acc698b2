// Package terraformcreate creates resources the way Terraform providers
// do, under terraform-plugin-sdk's helper/retry: a Create that is retried
// on a 5xx, after which the first attempt may already have made the
// resource.
package terraformcreate

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/retry"
)

type api struct {
	client *http.Client
	base   string
}

// retryable marks the server's failures to be tried again.
func retryable(status int, err error) *retry.RetryError {
	if status >= 500 {
		return retry.RetryableError(err)
	}
	return retry.NonRetryableError(err)
}

func (a *api) createPool(ctx context.Context, spec []byte) error {
	return retry.RetryContext(ctx, 10*time.Minute, func() *retry.RetryError { // want `retry.RetryContext repeats \(\*http.Client\).Post, which sends an HTTP POST`
		resp, err := a.client.Post(a.base+"/v2/lbaas/pools", "application/json", bytes.NewReader(spec))
		if err != nil {
			return retry.NonRetryableError(err)
		}
		defer resp.Body.Close()
		if resp.StatusCode >= 300 {
			return retryable(resp.StatusCode, fmt.Errorf("create pool: %s", resp.Status))
		}
		return nil
	})
}

// A read retried the same way repeats nothing.
func (a *api) readPool(ctx context.Context, id string) error {
	return retry.RetryContext(ctx, time.Minute, func() *retry.RetryError {
		resp, err := a.client.Get(a.base + "/v2/lbaas/pools/" + id)
		if err != nil {
			return retry.RetryableError(err)
		}
		resp.Body.Close()
		return nil
	})
}
