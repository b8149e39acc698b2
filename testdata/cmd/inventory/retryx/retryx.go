// Package retryx is the module's retry helper: its calls in other
// packages get its numbers through a fact.
package retryx

import (
	"context"
	"time"
)

// Do runs op at most 4 times, 500ms apart, until ctx is done.
func Do(ctx context.Context, op func(context.Context) error) error {
	var err error
	for attempt := 0; attempt < 4; attempt++ {
		if err = op(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(500 * time.Millisecond):
		}
	}
	return err
}
