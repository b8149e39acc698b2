// Package cache uses go-redis from another module: the client's Process
// sends whatever command its caller built, which the client's package
// exports as a fact, so a retry here around Process re-sends the command
// its own caller built, INCR as readily as GET.
package cache

import (
	"context"
	"math/rand"
	"time"

	"github.com/redis/go-redis/v9"
)

func pause() { time.Sleep(time.Duration(rand.Int63n(int64(100 * time.Millisecond)))) }

// Do re-sends its caller's command.
func Do(ctx context.Context, c *redis.Client, cmd redis.Cmder) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ { // want `retry loop re-sends commands of any kind through \(\*redis.Client\).Process`
		if attempt > 0 {
			pause()
		}
		if err = c.Process(ctx, cmd); err == nil {
			return nil
		}
	}
	return err
}

// Lookup retries a read the client builds itself: nothing but GET is
// sent again.
func Lookup(ctx context.Context, c *redis.Client, key string) (*redis.Cmd, error) {
	var cmd *redis.Cmd
	for attempt := 0; attempt < 3; attempt++ {
		if attempt > 0 {
			pause()
		}
		if cmd = c.Get(ctx, key); cmd.Err() == nil {
			return cmd, nil
		}
	}
	return cmd, cmd.Err()
}
