package modelshapes

import (
	"context"
	"errors"
	"time"
)

type sentinelConn struct{}

func (*sentinelConn) dial(ctx context.Context) error { return nil }

func (*sentinelConn) watch(ctx context.Context) error { return errors.New("closed") }

// follow keeps a watch on the sentinel until it fails; it returns no
// error only once its context is done.
func (s *sentinelConn) follow(ctx context.Context) error {
	if err := s.dial(ctx); err != nil {
		return err
	}
	for {
		if err := s.watch(ctx); err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return err
		}
	}
}

// A reconnect loop: the session only ends in failure, and each failure
// is followed by a fixed second, the same for every client the sentinel
// dropped at once.
func (s *sentinelConn) spin(ctx context.Context) {
	for {
		err := s.follow(ctx)
		if ctx.Err() != nil {
			return
		}
		if err != nil {
			time.Sleep(time.Second) // want `retry loop waits a fixed time.Second between attempts with no jitter`
		}
	}
}
