// Package terraform waits for a resource under terraform-plugin-sdk's
// helper/retry, whose wait doubles with no random part: providers that
// failed together, applying in parallel, retry together.
package terraform

import (
	"context"
	"errors"
	"time"

	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/retry"
)

var errBusy = errors.New("busy")

func attach(ctx context.Context, try func() error) error {
	return retry.RetryContext(ctx, 5*time.Minute, func() *retry.RetryError { // want `retry.RetryContext retries with no jitter`
		if err := try(); errors.Is(err, errBusy) {
			return retry.RetryableError(err)
		} else if err != nil {
			return retry.NonRetryableError(err)
		}
		return nil
	})
}
