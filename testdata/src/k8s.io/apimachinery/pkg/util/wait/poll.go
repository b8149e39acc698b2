// Package wait is a test stub of k8s.io/apimachinery@v0.37.2: exported API only, bodies are not real.
package wait

import (
	"context"
	"time"
)

// PollUntilContextCancel calls condition every interval until it is done,
// fails, or ctx is done.
func PollUntilContextCancel(ctx context.Context, interval time.Duration, immediate bool, condition ConditionWithContextFunc) error {
	return nil
}

// PollUntilContextTimeout is PollUntilContextCancel with a timeout.
func PollUntilContextTimeout(ctx context.Context, interval, timeout time.Duration, immediate bool, condition ConditionWithContextFunc) error {
	return nil
}

// Deprecated: use PollUntilContextTimeout.
func Poll(interval, timeout time.Duration, condition ConditionFunc) error { return nil }

// Deprecated: use PollUntilContextTimeout.
func PollWithContext(ctx context.Context, interval, timeout time.Duration, condition ConditionWithContextFunc) error {
	return nil
}

// Deprecated: use PollUntilContextCancel.
func PollUntil(interval time.Duration, condition ConditionFunc, stopCh <-chan struct{}) error {
	return nil
}

// Deprecated: use PollUntilContextCancel.
func PollUntilWithContext(ctx context.Context, interval time.Duration, condition ConditionWithContextFunc) error {
	return nil
}

// Deprecated: use PollUntilContextCancel.
func PollInfinite(interval time.Duration, condition ConditionFunc) error { return nil }

// Deprecated: use PollUntilContextCancel.
func PollInfiniteWithContext(ctx context.Context, interval time.Duration, condition ConditionWithContextFunc) error {
	return nil
}

// Deprecated: use PollUntilContextTimeout.
func PollImmediate(interval, timeout time.Duration, condition ConditionFunc) error { return nil }

// Deprecated: use PollUntilContextTimeout.
func PollImmediateWithContext(ctx context.Context, interval, timeout time.Duration, condition ConditionWithContextFunc) error {
	return nil
}

// Deprecated: use PollUntilContextCancel.
func PollImmediateUntil(interval time.Duration, condition ConditionFunc, stopCh <-chan struct{}) error {
	return nil
}

// Deprecated: use PollUntilContextCancel.
func PollImmediateUntilWithContext(ctx context.Context, interval time.Duration, condition ConditionWithContextFunc) error {
	return nil
}

// Deprecated: use PollUntilContextCancel.
func PollImmediateInfinite(interval time.Duration, condition ConditionFunc) error { return nil }

// Deprecated: use PollUntilContextCancel.
func PollImmediateInfiniteWithContext(ctx context.Context, interval time.Duration, condition ConditionWithContextFunc) error {
	return nil
}
