// Package labels prints shipping labels; its activities are dispatched
// by the workflows of another package.
package labels

import (
	"context"
	"encoding/json"

	"go.temporal.io/sdk/temporal"
)

// Print decodes the label and marks a malformed one non-retryable: the
// package that dispatches it does not read this body.
func Print(ctx context.Context, raw []byte) error {
	var l struct{ Address string }
	if err := json.Unmarshal(raw, &l); err != nil {
		return temporal.NewNonRetryableApplicationError("malformed label", "MalformedLabel", err)
	}
	return nil
}
