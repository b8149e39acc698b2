// Package retry is a test stub of github.com/hashicorp/terraform-plugin-sdk/v2@v2.40.1: exported API only, bodies are not real.
package retry

import (
	"context"
	"time"
)

// RetryContext runs f until it returns nil or a non-retryable error, or
// timeout passes, or ctx ends.
func RetryContext(ctx context.Context, timeout time.Duration, f RetryFunc) error { return nil }

// Retry is RetryContext with a background context.
func Retry(timeout time.Duration, f RetryFunc) error { return nil }

// RetryFunc is the function retried.
type RetryFunc func() *RetryError

// RetryError says whether its error is to be retried.
type RetryError struct {
	Err       error
	Retryable bool
}

func (e *RetryError) Unwrap() error { return e.Err }

// RetryableError marks err to be retried.
func RetryableError(err error) *RetryError { return &RetryError{Err: err, Retryable: true} }

// NonRetryableError marks err to end the retry.
func NonRetryableError(err error) *RetryError { return &RetryError{Err: err} }
