// Package temporal is a test stub of go.temporal.io/sdk@v1.51.0: exported API only, bodies are not real.
package temporal

import "go.temporal.io/sdk/internal"

type (
	RetryPolicy             = internal.RetryPolicy
	ApplicationErrorOptions = internal.ApplicationErrorOptions
)

func NewApplicationErrorWithOptions(msg, errType string, options ApplicationErrorOptions) error {
	return nil
}

func NewApplicationError(message, errType string, details ...any) error { return nil }

func NewApplicationErrorWithCause(message, errType string, cause error, details ...any) error {
	return nil
}

func NewNonRetryableApplicationError(message, errType string, cause error, details ...any) error {
	return nil
}
