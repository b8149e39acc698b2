// Package retryx is the project's retry helper, two levels deep.
package retryx

import (
	"context"

	retry "github.com/avast/retry-go/v4"
)

// Do retries op with the library's defaults.
func Do(ctx context.Context, op func() error) error {
	return retry.Do(op, retry.Context(ctx))
}

// Run retries op through Do.
func Run(ctx context.Context, op func() error) error {
	return Do(ctx, op)
}
