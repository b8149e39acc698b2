package retrier

import (
	"context"
	"time"
)

func init() {
	pause = func(context.Context, time.Duration) error { return nil }
}
